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

/** Per vehicle, how many device lists hold it. */
export async function countVehicleSaves(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("vehicleSaves")
    .select(["vehicleId", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("vehicleId")
    .execute();
  return new Map(rows.map((r) => [r.vehicleId, Number(r.n)]));
}
