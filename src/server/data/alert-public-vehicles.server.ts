import type { Db } from "~/server/db/database.server";

/** The vehicles that were on the site when the alert matcher last looked. */
export async function listAlertPublicVehicleIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("alertPublicVehicles").select("vehicleId").execute();
  return new Set(rows.map((r) => r.vehicleId));
}

/**
 * Claims vehicles that have just become public: the insert of each one's row wins once, in one process,
 * which tells the saved searches about it in the same transaction. Returns the ids this call claimed.
 */
export async function claimNewlyPublicVehicles(db: Db, vehicleIds: string[], now: Date): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let i = 0; i < vehicleIds.length; i += 500) {
    const rows = await db
      .insertInto("alertPublicVehicles")
      .values(vehicleIds.slice(i, i + 500).map((vehicleId) => ({ vehicleId, publicSince: now.toISOString() })))
      .onConflict((oc) => oc.column("vehicleId").doNothing())
      .returning("vehicleId")
      .execute();
    for (const row of rows) claimed.add(row.vehicleId);
  }
  return claimed;
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
