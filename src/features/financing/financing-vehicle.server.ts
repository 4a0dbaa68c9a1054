import type { AppContext } from "~/server/context.server";
import { findVehicle } from "~/server/data/vehicles.server";
import { uuidField } from "~/shared/validation/fields";
import type { FinancingVehicle } from "./financing-form";

/**
 * The vehicle "Apply for Financing" opened the form for (/financing?vehicleId=…), or null: an id
 * that is malformed, unknown or sold opens the plain form rather than an error page.
 */
export async function financingVehicle(ctx: AppContext, id: string | null): Promise<FinancingVehicle | null> {
  if (!id || !uuidField().safeParse(id).success) return null;
  const vehicle = await findVehicle(ctx.db, id.toLowerCase());
  if (!vehicle || vehicle.status === "sold") return null;
  return { id: vehicle.id, name: `${vehicle.year} ${vehicle.make} ${vehicle.model}` };
}
