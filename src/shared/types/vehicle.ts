import type { DealerWarrantyTerms } from "~/shared/lib/warranty-terms";

/** One stored photo with the URLs of its variants (docs/behaviour.md §9). */
export type VehiclePhoto = {
  /** The 1200 px JPEG (docs/behaviour.md §9). */
  src: string;
  /** WebP variants for `srcset`. */
  srcSet: string;
  width: number;
  height: number;
};

/** One feature of a vehicle: its catalogue key and names, or (key null) a custom feature, as typed in every language. */
export type VehicleFeatureNames = { key: string | null; en: string; es: string; pt: string };

/** A vehicle as the API and pages see it: images are URLs, never inline data. */
export type Vehicle = {
  id: string;
  year: number;
  make: string;
  model: string;
  price: number;
  mileage: number;
  transmission: string;
  drivetrain: string;
  bodyStyle: string;
  exteriorColor: string;
  vin: string;
  /** English names (a catalogue feature's, or a custom one as typed): what the CSV, feeds and existing API clients read. */
  features: string[];
  /** The same features with their catalogue key (null: custom) and name in each language (decision 069). */
  featureNames: VehicleFeatureNames[];
  /** The English description; the Spanish and Portuguese pages fall back to it (marked lang="en"). */
  description: string | null;
  descriptionEs: string | null;
  descriptionPt: string | null;
  /** 1200 px JPEG URL of each photo; the first is the cover. */
  images: string[];
  photos: VehiclePhoto[];
  createdAt: string;
  updatedAt: string;
  /** The dealer's own stock number (optional, unique). */
  stockNumber: string | null;
  trim: string | null;
  /** What the engine runs on (the feeds ask for it), null when nobody has said. */
  fuelType: FuelType | null;
  status: VehicleStatus;
  /** yyyy-MM-dd */
  dateInStock: string;
  soldAt: string | null;
  /** Which box the FTC Buyers Guide checks. */
  warrantyType: WarrantyType;
  /** The dealer warranty's own terms (decision 091); null means the Massachusetts statutory terms for its band. */
  warrantyTerms: DealerWarrantyTerms | null;
  /** The Buyers Guide ticks "MANUFACTURER'S WARRANTY STILL APPLIES" (decision 060). */
  manufacturerWarrantyApplies: boolean;
  /** Whole dollars the price dropped in the last 30 days, or null ("Price reduced $X"). */
  priceReducedBy: number | null;
};

/**
 * A vehicle as shoppers get it (GET /api/vehicles, /api/vehicles/{id}, the public pages' loader data):
 * the fields of docs/behaviour.md §7 and what the pages show (description, photos, trim, stock number, sale
 * status, price drop). The lot's bookkeeping (stock date, sale time, Buyers Guide terms, row times)
 * stays with staff (decision 054).
 */
export type PublicVehicle = Pick<
  Vehicle,
  | "id"
  | "year"
  | "make"
  | "model"
  | "trim"
  | "price"
  | "priceReducedBy"
  | "mileage"
  | "transmission"
  | "drivetrain"
  | "bodyStyle"
  | "exteriorColor"
  | "vin"
  | "stockNumber"
  | "status"
  | "features"
  | "featureNames"
  | "description"
  | "descriptionEs"
  | "descriptionPt"
  | "images"
  | "photos"
>;

/**
 * The exterior colours staff choose from (docs/behaviour.md §5), in the order the form lists them: the one list the
 * vehicle form, the CSV import, the demo lot and its photos and the option catalogues all follow.
 */
export const EXTERIOR_COLORS = [
  "Black",
  "White",
  "Silver",
  "Gray",
  "Red",
  "Blue",
  "Green",
  "Brown",
  "Beige",
  "Gold",
  "Orange",
  "Yellow",
  "Purple",
  "Burgundy",
  "Charcoal",
] as const;
export type ExteriorColor = (typeof EXTERIOR_COLORS)[number];

export const VEHICLE_STATUSES = ["available", "pending", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const WARRANTY_TYPES = ["as_is", "implied", "dealer"] as const;
export type WarrantyType = (typeof WARRANTY_TYPES)[number];

/** Fuel types the lot records: the feeds' common ground (each platform's own words are mapped in the feeds). */
export const FUEL_TYPES = ["gasoline", "diesel", "hybrid", "plug-in-hybrid", "electric", "flex"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
/** Staff-facing (English) names, also the CSV's "Fuel Type" cells. */
export const FUEL_TYPE_LABELS: Record<FuelType, string> = {
  gasoline: "Gasoline",
  diesel: "Diesel",
  hybrid: "Hybrid",
  "plug-in-hybrid": "Plug-in Hybrid",
  electric: "Electric",
  flex: "Flex Fuel",
};
