import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { AlertItemKind, AlertItemStatus, AlertItemTable } from "~/server/db/schema.server";

export type AlertItemRow = Selectable<AlertItemTable>;

/** How many vehicles and searches an address holds, whatever their state. */
export async function countAlertItems(db: Db, subscriberId: string): Promise<Record<AlertItemKind, number>> {
  const rows = await db
    .selectFrom("alertItems")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("subscriberId", "=", subscriberId)
    .groupBy("kind")
    .execute();
  const counts = { vehicle: 0, search: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

export async function findAlertItem(db: Db, subscriberId: string, kind: AlertItemKind, target: string): Promise<AlertItemRow | null> {
  return (
    (await db
      .selectFrom("alertItems")
      .selectAll()
      .where("subscriberId", "=", subscriberId)
      .where("kind", "=", kind)
      .where("target", "=", target)
      .executeTakeFirst()) ?? null
  );
}

export type NewAlertItem = Omit<AlertItemRow, "id" | "createdAt" | "updatedAt">;

/** Adds an item; false when the address already has it (the unique target). */
export async function insertAlertItem(db: Db, item: NewAlertItem, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto("alertItems")
    .values({ id: crypto.randomUUID(), ...item, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(["subscriberId", "kind", "target"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A pending item asked for again: the newer request confirms it. */
export async function moveAlertItemToConfirmation(db: Db, id: string, confirmationId: string, now: Date): Promise<void> {
  await db
    .updateTable("alertItems")
    .set({ confirmationId, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** The items a confirmed request added start: searches watch for vehicles public from now on. */
export async function activateAlertItems(db: Db, confirmationId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("alertItems")
    .set((eb) => ({
      status: "active",
      updatedAt: at,
      watchFrom: eb.case().when("kind", "=", "search").then(at).else(eb.ref("watchFrom")).end(),
    }))
    .where("confirmationId", "=", confirmationId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every item of an address, vehicles first, oldest first. */
export async function listAlertItems(db: Db, subscriberIds: string[]): Promise<AlertItemRow[]> {
  if (!subscriberIds.length) return [];
  return db.selectFrom("alertItems").selectAll().where("subscriberId", "in", subscriberIds).orderBy("kind", "desc").orderBy("createdAt").execute();
}

/** Pauses or resumes one of an address's items; false when it has no such item in a state it may leave. */
export async function setAlertItemStatus(
  db: Db,
  subscriberId: string,
  id: string,
  from: AlertItemStatus,
  to: AlertItemStatus,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("alertItems")
    .set({ status: to, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .where("subscriberId", "=", subscriberId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAlertItem(db: Db, subscriberId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("alertItems").where("id", "=", id).where("subscriberId", "=", subscriberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every active item of an address paused (it unsubscribed): nothing resumes by itself if it subscribes again. */
export async function pauseAllAlertItems(db: Db, subscriberId: string, now: Date): Promise<void> {
  await db
    .updateTable("alertItems")
    .set({ status: "paused", updatedAt: now.toISOString() })
    .where("subscriberId", "=", subscriberId)
    .where("status", "=", "active")
    .execute();
}

/** A saved vehicle whose stock row no longer says what its shopper was last told. */
export type ChangedVehicleItem = {
  id: string;
  subscriberId: string;
  vehicleId: string;
  priceBasisCents: number;
  lastStatus: string;
  advertisedCents: number;
  status: "available" | "pending" | "sold";
  vehicleUpdatedAt: string;
};

/**
 * The active saved vehicles of confirmed addresses whose advertised price (the stock price plus the
 * documentation fee, decision 066) fell below what the shopper saw or was last told, or whose status
 * moved, in one query over the index of items by vehicle. Only vehicles still on the site count for a
 * price or status change (decision 054); a sold one always does.
 */
export async function changedVehicleItems(db: Db, docFeeCents: number): Promise<ChangedVehicleItem[]> {
  const advertised = sql<number>`vehicles.price * 100 + ${docFeeCents}`;
  const rows = await db
    .selectFrom("alertItems")
    .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
    .innerJoin("vehicles", "vehicles.id", "alertItems.vehicleId")
    .select([
      "alertItems.id",
      "alertItems.subscriberId",
      "vehicles.id as vehicleId",
      "alertItems.priceBasisCents",
      "alertItems.lastStatus",
      advertised.as("advertisedCents"),
      "vehicles.status",
      "vehicles.updatedAt as vehicleUpdatedAt",
    ])
    .where("alertItems.kind", "=", "vehicle")
    .where("alertItems.status", "=", "active")
    .where("alertSubscribers.status", "=", "confirmed")
    .where((eb) =>
      eb.and([
        eb.or([eb(advertised, "<", eb.ref("alertItems.priceBasisCents")), eb(sql<string>`vehicles.status`, "<>", eb.ref("alertItems.lastStatus"))]),
        eb.or([
          eb("vehicles.status", "=", "sold"),
          eb.exists(eb.selectFrom("vehicleImages").select("vehicleImages.vehicleId").whereRef("vehicleImages.vehicleId", "=", "vehicles.id")),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    ...r,
    priceBasisCents: Number(r.priceBasisCents),
    advertisedCents: Number(r.advertisedCents),
    lastStatus: r.lastStatus ?? "",
  }));
}

/** Claims a price drop once: the basis moves to the new price only where it still holds the old one. */
export async function claimAlertPriceDrop(db: Db, id: string, fromCents: number, toCents: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("alertItems")
    .set({ priceBasisCents: toCents, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .where("priceBasisCents", "=", fromCents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Claims a status change once, the same way. */
export async function claimAlertStatusChange(db: Db, id: string, from: string, to: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("alertItems")
    .set({ lastStatus: to, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .where("lastStatus", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The active saved searches of confirmed addresses. */
export async function activeAlertSearches(db: Db): Promise<Pick<AlertItemRow, "id" | "subscriberId" | "target" | "watchFrom">[]> {
  return db
    .selectFrom("alertItems")
    .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
    .select(["alertItems.id", "alertItems.subscriberId", "alertItems.target", "alertItems.watchFrom"])
    .where("alertItems.kind", "=", "search")
    .where("alertItems.status", "=", "active")
    .where("alertSubscribers.status", "=", "confirmed")
    .execute();
}

/** Per vehicle, how many confirmed addresses watch it (active items): every vehicle, or only those of `vehicleIds`. */
export async function countVehicleWatchers(db: Db, vehicleIds?: readonly string[]): Promise<Map<string, number>> {
  if (vehicleIds?.length === 0) return new Map();
  let query = db
    .selectFrom("alertItems")
    .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
    .select(["alertItems.vehicleId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("alertItems.kind", "=", "vehicle")
    .where("alertItems.status", "=", "active")
    .where("alertSubscribers.status", "=", "confirmed");
  if (vehicleIds) query = query.where("alertItems.vehicleId", "in", vehicleIds);
  const rows = await query.groupBy("alertItems.vehicleId").execute();
  return new Map(rows.map((r) => [r.vehicleId ?? "", Number(r.n)]));
}

/** Active saved vehicles and searches of confirmed addresses. */
export async function countActiveAlertItems(db: Db): Promise<Record<AlertItemKind, number>> {
  const rows = await db
    .selectFrom("alertItems")
    .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
    .select(["alertItems.kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("alertItems.status", "=", "active")
    .where("alertSubscribers.status", "=", "confirmed")
    .groupBy("alertItems.kind")
    .execute();
  const counts = { vehicle: 0, search: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}
