import type { AppContext } from "~/server/context.server";
import { findVehicle } from "~/server/data/vehicles.server";
import type { Locale } from "~/shared/i18n/locales";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { uuidField } from "~/shared/validation/fields";
import type { FinancingVehicle } from "./financing-form";

/**
 * The vehicle "Apply for Financing" opened the form for (/financing?vehicleId=…), or null: an id
 * that is malformed, unknown or sold opens the plain form rather than an error page. Its name is the
 * page's language's (year, make and model; the trim is the vehicle page's to show).
 */
export async function financingVehicle(ctx: AppContext, id: string | null, locale: Locale = "en"): Promise<FinancingVehicle | null> {
  if (!id || !uuidField().safeParse(id).success) return null;
  const vehicle = await findVehicle(ctx.db, id.toLowerCase());
  if (!vehicle || vehicle.status === "sold") return null;
  return { id: vehicle.id, name: vehicleName({ year: vehicle.year, make: vehicle.make, model: vehicle.model }, locale) };
}
