import type { Vehicle, VehiclePhoto } from "~/shared/types/vehicle";

/** What the inventory grid, its filters and its ItemList need of a vehicle: no features, no gallery. */
export type VehicleSummary = Pick<
  Vehicle,
  | "id"
  | "year"
  | "make"
  | "model"
  | "price"
  | "mileage"
  | "transmission"
  | "drivetrain"
  | "bodyStyle"
  | "exteriorColor"
  | "vin"
  | "status"
  | "priceReducedBy"
> & { photo: VehiclePhoto | null };

export function toVehicleSummary(v: Vehicle): VehicleSummary {
  return {
    id: v.id,
    year: v.year,
    make: v.make,
    model: v.model,
    price: v.price,
    mileage: v.mileage,
    transmission: v.transmission,
    drivetrain: v.drivetrain,
    bodyStyle: v.bodyStyle,
    exteriorColor: v.exteriorColor,
    vin: v.vin,
    status: v.status,
    priceReducedBy: v.priceReducedBy,
    photo: v.photos[0] ?? null,
  };
}
