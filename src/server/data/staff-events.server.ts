import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import { engineOf } from "~/server/db/dialect.server";
import type { StaffEventTable } from "~/server/db/schema.server";
import type { StaffEventName } from "~/shared/staff/staff-events";
import type { StaffArea } from "~/shared/staff/staff-roles";

export type StaffEventRow = Selectable<StaffEventTable>;

export type NewStaffEvent = { name: StaffEventName; subjectType: string; subjectId: string; area: StaffArea };

/** PostgreSQL's channel every process LISTENs on (decision 110). */
export const STAFF_EVENTS_CHANNEL = "staff_events";

/**
 * Wakes this process's event hub when a SQLite transaction has written events. Kysely's SQLite
 * driver has one connection, so the hub's read waits for the writer's transaction to end and sees
 * the committed rows (or none, after a rollback).
 */
const localListeners = new Set<() => void>();
export function onLocalStaffEvents(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * Stores an event in the caller's transaction (pass the transaction's handle) so it exists exactly
 * when the change does. On PostgreSQL the same transaction NOTIFYs every process with the row, which
 * PostgreSQL delivers only at commit and in commit order; on SQLite the one process is woken.
 */
export async function recordStaffEvents(db: Db, events: NewStaffEvent[], now = new Date()): Promise<void> {
  if (!events.length) return;
  const values = staffEventRows(events, now);
  if (engineOf(db) === "postgres") {
    // The insert and its NOTIFYs in one statement, one round trip (decision 142).
    await db
      .with("inserted", (qb) => qb.insertInto("staffEvents").values(values).returningAll())
      .selectFrom("inserted")
      .select(staffEventNotification().as("notified"))
      .orderBy("id")
      .execute();
    return;
  }
  await db.insertInto("staffEvents").values(values).execute();
  // After this statement's turn on the connection: the hub's read queues behind the transaction.
  queueMicrotask(() => {
    for (const listener of localListeners) listener();
  });
}

/** The rows `recordStaffEvents()` writes, for a statement that writes them with others (decision 160). */
export function staffEventRows(events: NewStaffEvent[], now: Date) {
  const createdAt = now.toISOString();
  return events.map((event) => ({ ...event, createdAt }));
}

/**
 * PostgreSQL: the NOTIFY of one inserted row, selected from the insert's `returningAll()` in id order,
 * which is the order given: each row as the hubs read it (every field of StaffEventRow, camelCase, as JSON).
 */
export function staffEventNotification() {
  const payload = sql`json_build_object(${sql.join(NOTIFIED_FIELDS.flatMap((field) => [sql.lit(field), sql.ref(field)]))})::text`;
  return sql`pg_notify(${STAFF_EVENTS_CHANNEL}, ${payload})`;
}

/** A NOTIFY's payload carries every field of the row (the type check fails when a column is added and not here). */
const NOTIFIED_FIELDS = Object.keys({
  id: true,
  name: true,
  subjectType: true,
  subjectId: true,
  area: true,
  createdAt: true,
} satisfies Record<keyof StaffEventRow, true>) as (keyof StaffEventRow)[];

export const recordStaffEvent = (db: Db, event: NewStaffEvent, now = new Date()) => recordStaffEvents(db, [event], now);

/** Events after `afterId` (at most `limit`, oldest first). */
export async function staffEventsAfter(db: Db, afterId: number, limit: number): Promise<StaffEventRow[]> {
  return db.selectFrom("staffEvents").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
}

/**
 * Events a stream resuming after `afterId` may not have seen: every later one, and on PostgreSQL (which
 * numbers rows when they are written, not when they commit) earlier ones written within `slackMs` before
 * it. Null when `afterId` is no longer kept.
 */
export async function staffEventsToReplay(db: Db, afterId: number, slackMs: number, limit: number): Promise<StaffEventRow[] | null> {
  const last = await db.selectFrom("staffEvents").select("createdAt").where("id", "=", afterId).executeTakeFirst();
  if (!last) return null;
  // SQLite has one writer at a time: its numbers are in commit order, nothing earlier can still arrive.
  if (engineOf(db) === "sqlite") return staffEventsAfter(db, afterId, limit);
  const since = new Date(Date.parse(last.createdAt) - slackMs).toISOString();
  return db
    .selectFrom("staffEvents")
    .selectAll()
    .where((eb) => eb.or([eb("id", ">", afterId), eb.and([eb("id", "<", afterId), eb("createdAt", ">=", since)])]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The newest event's number (0 for none): where a fresh stream starts. */
export async function lastStaffEventId(db: Db): Promise<number> {
  const row = await db.selectFrom("staffEvents").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Forgets events older than the replay window. */
export async function pruneStaffEvents(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("staffEvents").where("createdAt", "<", before.toISOString()).execute();
}
