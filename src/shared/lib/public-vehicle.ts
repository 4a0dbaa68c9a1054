import type { PublicVehicle, Vehicle } from "~/shared/types/vehicle";

/**
 * The public shape of a vehicle, field by field: listed, not spread, so a column added to the
 * vehicle later stays with staff until someone decides shoppers should see it (decision 054).
 */
export function toPublicVehicle(v: Vehicle): PublicVehicle {
  return {
    id: v.id,
    year: v.year,
    make: v.make,
    model: v.model,
    trim: v.trim,
    price: v.price,
    priceReducedBy: v.priceReducedBy,
    mileage: v.mileage,
    transmission: v.transmission,
    drivetrain: v.drivetrain,
    bodyStyle: v.bodyStyle,
    exteriorColor: v.exteriorColor,
    vin: v.vin,
    stockNumber: v.stockNumber,
    status: v.status,
    features: v.features,
    featureNames: v.featureNames,
    description: v.description,
    descriptionEs: v.descriptionEs,
    descriptionPt: v.descriptionPt,
    images: v.images,
    photos: v.photos,
  };
}
