import type { Db } from "~/server/db/database.server";

export type PriceChange = { vehicleId: string; oldPrice: number; newPrice: number; changedAt: string };

/** Records one price change (inside the transaction that changed the price). */
export async function recordPriceChange(trx: Db, change: PriceChange): Promise<void> {
  await trx.insertInto("vehiclePriceChanges").values(change).execute();
}

/** A vehicle's price history, oldest first. */
export async function listPriceChanges(db: Db, vehicleId: string): Promise<PriceChange[]> {
  return db
    .selectFrom("vehiclePriceChanges")
    .select(["vehicleId", "oldPrice", "newPrice", "changedAt"])
    .where("vehicleId", "=", vehicleId)
    .orderBy("changedAt")
    .orderBy("id")
    .execute();
}

/** Every price change at or after `since`, oldest first (of these vehicles only, when given). */
export async function listPriceChangesSince(db: Db, since: Date, vehicleIds: string[] | null = null): Promise<PriceChange[]> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  let query = db
    .selectFrom("vehiclePriceChanges")
    .select(["vehicleId", "oldPrice", "newPrice", "changedAt"])
    .where("changedAt", ">=", since.toISOString());
  if (vehicleIds) query = query.where("vehicleId", "in", vehicleIds);
  return query.orderBy("changedAt").orderBy("id").execute();
}
