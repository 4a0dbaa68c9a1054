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

/** The warranty the law requires for this price and odometer reading, or null when none is. */
export function massachusettsWarranty(price: number, mileage: number): StatutoryWarranty | null {
  if (price < MA_WARRANTY_MIN_PRICE) return null;
  const band = BANDS.find((b) => mileage < b.below);
  return band ? { days: band.days, miles: band.miles } : null;
}

/** The warranty type a new vehicle starts with: the dealer warranty when the law requires one. */
export function defaultWarrantyType(price: number, mileage: number): WarrantyType {
  return massachusettsWarranty(price, mileage) ? "dealer" : "as_is";
}

/** True when a vehicle is offered "as is" although Massachusetts law requires a warranty. */
export function asIsViolatesLaw(vehicle: { price: number; mileage: number; warrantyType: WarrantyType }): boolean {
  return vehicle.warrantyType === "as_is" && massachusettsWarranty(vehicle.price, vehicle.mileage) !== null;
}
