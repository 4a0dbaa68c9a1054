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

/**
 * The body the Add Vehicle dialog sends (POST /api/admin/vehicles) for a 2003 Honda Accord coupe, with
 * these photos (data URLs, stored keys or URLs) and `changes` on top.
 */
export function newVehicleBody(images: string[], changes: Record<string, unknown> = {}) {
  return {
    vin: "1hgcm82633a004352",
    year: 2003,
    make: "Honda",
    model: "Accord",
    price: 4995,
    mileage: 141000,
    transmission: "Automatic",
    drivetrain: "FWD",
    bodyStyle: "Coupe",
    exteriorColor: "Silver",
    features: "Sunroof",
    description: "",
    images,
    ...changes,
  };
}
