import type { Vehicle } from "~/shared/types/vehicle";

/**
 * The body the Edit Vehicle dialog sends (PATCH /api/admin/vehicles/{id}): the vehicle's form fields as
 * they are, with `changes` on top. Lot fields left out stay as they are on the server.
 */
export function vehicleFormBody(v: Vehicle, changes: Record<string, unknown> = {}) {
  const { vin, year, make, model, price, mileage, transmission, drivetrain, bodyStyle, exteriorColor, features, description, images } = v;
  return {
    vin,
    year,
    make,
    model,
    price,
    mileage,
    transmission,
    drivetrain,
    bodyStyle,
    exteriorColor,
    features,
    description,
    images,
    ...changes,
  };
}
