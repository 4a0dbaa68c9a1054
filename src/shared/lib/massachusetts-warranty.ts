import { businessProfile } from "~/shared/config/business-profile";
import type { WarrantyType } from "~/shared/types/vehicle";

/**
 * The written warranty a Massachusetts dealer must give on a used vehicle (M.G.L. c. 90 §7N¼):
 * on vehicles sold for $700 or more with fewer than 125,000 miles, covering parts and labour
 * for defects that impair use or safety, for a period that shrinks with the mileage.
 */
export type StatutoryWarranty = { days: number; miles: number };

/** Mileage bands, checked in order: under `below` miles gives `days` / `miles`. */
const BANDS: { below: number; days: number; miles: number }[] = [
  { below: 40_000, days: 90, miles: 3_750 },
  { below: 80_000, days: 60, miles: 2_500 },
  { below: 125_000, days: 30, miles: 1_250 },
];

/** The statutory minimum price (whole dollars) below which no warranty is required. */
export const MA_WARRANTY_MIN_PRICE = 700;
/** The odometer reading from which no statutory warranty is required. */
export const MA_WARRANTY_MAX_MILEAGE = 125_000;

/** The warranty the law requires for this price and odometer reading, or null when none is. */
export function massachusettsWarranty(price: number, mileage: number): StatutoryWarranty | null {
  if (price < MA_WARRANTY_MIN_PRICE) return null;
  const band = BANDS.find((b) => mileage < b.below);
  return band ? { days: band.days, miles: band.miles } : null;
}

/**
 * Whether a dealer in `region` may offer a used vehicle to a consumer "as is". Massachusetts may
 * not: M.G.L. c. 106 §2-316A voids any exclusion of the implied warranty of merchantability on
 * consumer goods (decision 060). Only Massachusetts is encoded; a profile in another state keeps
 * "as is", and its dealer must check that state's own law.
 */
export function asIsAllowed(region: string = businessProfile.address.region): boolean {
  return region.toUpperCase() !== "MA";
}

/** The warranty type a new vehicle starts with: the dealer warranty when the law requires one. */
export function defaultWarrantyType(price: number, mileage: number, region: string = businessProfile.address.region): WarrantyType {
  if (massachusettsWarranty(price, mileage)) return "dealer";
  return asIsAllowed(region) ? "as_is" : "implied";
}

/**
 * The box a Buyers Guide checks for a stored warranty type. In Massachusetts no guide checks
 * "as is", and a vehicle the statute covers always gets the dealer warranty (with at least the
 * statutory terms), whatever an old row or a later price or mileage change left stored.
 */
export function effectiveWarrantyType(
  vehicle: { price: number; mileage: number; warrantyType: WarrantyType },
  region: string = businessProfile.address.region,
): WarrantyType {
  if (asIsAllowed(region)) return vehicle.warrantyType;
  if (massachusettsWarranty(vehicle.price, vehicle.mileage)) return "dealer";
  return vehicle.warrantyType === "as_is" ? "implied" : vehicle.warrantyType;
}

/** True when a vehicle is offered "as is" although Massachusetts law requires a warranty. */
export function asIsViolatesLaw(vehicle: { price: number; mileage: number; warrantyType: WarrantyType }): boolean {
  return vehicle.warrantyType === "as_is" && massachusettsWarranty(vehicle.price, vehicle.mileage) !== null;
}
