import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { AlertEventKind, AlertEventTable } from "~/server/db/schema.server";

export type AlertEventRow = Selectable<AlertEventTable>;

export type NewAlertEvent = {
  subscriberId: string;
  itemId: string;
  kind: AlertEventKind;
  vehicleId: string;
  data?: Record<string, unknown>;
  /** The same change, however often or by however many processes it is seen, has one key. */
  dedupeKey: string;
};

/** Records what an alert will tell; false when the same change was recorded before (its key). */
export async function insertAlertEvent(db: Db, event: NewAlertEvent, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("alertEvents")
    .values({
      subscriberId: event.subscriberId,
      itemId: event.itemId,
      kind: event.kind,
      vehicleId: event.vehicleId,
      data: JSON.stringify(event.data ?? {}),
      dedupeKey: event.dedupeKey,
      createdAt: now.toISOString(),
      handledAt: null,
      outcome: null,
    })
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Records many events at once (a new vehicle matching many saved searches), 500 a statement; those
 * recorded before (their keys) are skipped. Returns the addresses of the events recorded now.
 */
export async function insertAlertEvents(db: Db, events: NewAlertEvent[], now: Date): Promise<string[]> {
  const recorded: string[] = [];
  const at = now.toISOString();
  // Only the columns the rows set (the others default): fewer values to bind, as a new vehicle's matches are many.
  const withData = events.some((event) => event.data && Object.keys(event.data).length);
  for (let i = 0; i < events.length; i += 500) {
    const rows = await db
      .insertInto("alertEvents")
      .values(
        events.slice(i, i + 500).map((event) => ({
          subscriberId: event.subscriberId,
          itemId: event.itemId,
          kind: event.kind,
          vehicleId: event.vehicleId,
          ...(withData ? { data: JSON.stringify(event.data ?? {}) } : {}),
          dedupeKey: event.dedupeKey,
          createdAt: at,
        })),
      )
      .onConflict((oc) => oc.column("dedupeKey").doNothing())
      .returning("subscriberId")
      .execute();
    recorded.push(...rows.map((r) => r.subscriberId));
  }
  return recorded;
}

/** An address's events not yet in a digest, oldest first. */
export async function waitingAlertEvents(db: Db, subscriberId: string): Promise<AlertEventRow[]> {
  return db
    .selectFrom("alertEvents")
    .selectAll()
    .where("subscriberId", "=", subscriberId)
    .where("handledAt", "is", null)
    .orderBy("id")
    .execute();
}

/** Events written into a digest ("mailed") or dropped because the address may not be mailed ("suppressed"). */
export async function markAlertEventsHandled(db: Db, ids: number[], outcome: "mailed" | "suppressed", now: Date): Promise<void> {
  if (!ids.length) return;
  await db.updateTable("alertEvents").set({ handledAt: now.toISOString(), outcome }).where("id", "in", ids).execute();
}

/** What the addresses were told, newest first (the customer record). */
export async function listAlertEvents(db: Db, subscriberIds: string[], limit = 200): Promise<AlertEventRow[]> {
  if (!subscriberIds.length) return [];
  return db.selectFrom("alertEvents").selectAll().where("subscriberId", "in", subscriberIds).orderBy("id", "desc").limit(limit).execute();
}
