import type { Db } from "~/server/db/database.server";

/** A device list saved (or no longer holds) a vehicle; an unknown vehicle is ignored. */
export async function recordVehicleSave(db: Db, deviceId: string, vehicleId: string, saved: boolean, now: Date): Promise<void> {
  if (!saved) {
    await db.deleteFrom("vehicleSaves").where("deviceId", "=", deviceId).where("vehicleId", "=", vehicleId).execute();
    return;
  }
  const exists = await db.selectFrom("vehicles").select("id").where("id", "=", vehicleId).executeTakeFirst();
  if (!exists) return;
  await db
    .insertInto("vehicleSaves")
    .values({ deviceId, vehicleId, savedAt: now.toISOString() })
    .onConflict((oc) => oc.columns(["deviceId", "vehicleId"]).doNothing())
    .execute();
}

/** Per vehicle, how many device lists hold it: every vehicle, or only those of `vehicleIds` (a page of the lot). */
export async function countVehicleSaves(db: Db, vehicleIds?: readonly string[]): Promise<Map<string, number>> {
  if (vehicleIds?.length === 0) return new Map();
  let query = db.selectFrom("vehicleSaves").select(["vehicleId", (eb) => eb.fn.countAll<number>().as("n")]);
  if (vehicleIds) query = query.where("vehicleId", "in", vehicleIds);
  const rows = await query.groupBy("vehicleId").execute();
  return new Map(rows.map((r) => [r.vehicleId, Number(r.n)]));
}
