import type { AppContext } from "~/server/context.server";
import { findVehicle } from "~/server/data/vehicles.server";
import type { Vehicle } from "~/shared/types/vehicle";
import { uuidField } from "~/shared/validation/fields";

const vehicleId = uuidField();

/** One vehicle by id; null for an unknown or malformed id. */
export async function getVehicle(ctx: AppContext, id: string): Promise<Vehicle | null> {
  if (!vehicleId.safeParse(id).success) return null;
  return findVehicle(ctx.db, id.toLowerCase());
}
