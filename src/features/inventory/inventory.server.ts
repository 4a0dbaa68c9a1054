import type { AppContext } from "~/server/context.server";
import { listVehicles, vehiclesVersion } from "~/server/data/vehicles.server";
import type { Vehicle } from "~/shared/types/vehicle";

let cached: { dbKey: object; version: string; vehicles: Vehicle[] } | null = null;

/**
 * Every vehicle in stock with its version (for ETags). The list is rebuilt only when the
 * cheap version query says something changed, so thousands of vehicles cost one COUNT/MAX per request.
 */
export async function listInventory(ctx: AppContext): Promise<{ version: string; vehicles: Vehicle[] }> {
  const version = await vehiclesVersion(ctx.db);
  if (cached && cached.dbKey === ctx.db && cached.version === version) return cached;
  const vehicles = await listVehicles(ctx.db);
  cached = { dbKey: ctx.db, version, vehicles };
  return cached;
}
