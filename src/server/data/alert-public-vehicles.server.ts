import type { Db } from "~/server/db/database.server";

/** The vehicles that were on the site when the alert matcher last looked. */
export async function listAlertPublicVehicleIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("alertPublicVehicles").select("vehicleId").execute();
  return new Set(rows.map((r) => r.vehicleId));
}

/**
 * Claims a vehicle that has just become public: the insert that wins (one process, once) tells the
 * saved searches about it, in the same transaction. False when another run already did.
 */
export async function claimNewlyPublicVehicle(db: Db, vehicleId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("alertPublicVehicles")
    .values({ vehicleId, publicSince: now.toISOString() })
    .onConflict((oc) => oc.column("vehicleId").doNothing())
    .returning("vehicleId")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Vehicles no longer on the site (sold, unlisted, deleted): if one comes back, it is new again. */
export async function forgetAlertPublicVehicles(db: Db, vehicleIds: string[]): Promise<void> {
  for (let i = 0; i < vehicleIds.length; i += 500) {
    await db
      .deleteFrom("alertPublicVehicles")
      .where("vehicleId", "in", vehicleIds.slice(i, i + 500))
      .execute();
  }
}
