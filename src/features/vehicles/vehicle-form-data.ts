import { canonicalFeatureName } from "~/shared/lib/vehicle-features";
import type { Vehicle } from "~/shared/types/vehicle";
import { splitFeatures, STORED_KEY_PATTERN, STORED_URL_PATTERN } from "./vehicle-schema";

/**
 * The vehicle form's values (docs/behaviour.md §5 Vehicle form) between the page and its action: what the
 * form shows, what a post carries (with and without JavaScript), what the action hands the one vehicle
 * schema (`vehicleSchema`, the API's), and what a refused post sends back to fill the form again.
 * Everything but the photo list and the systems is text, as typed.
 */
export type VehicleFormValues = {
  vin: string;
  year: string;
  make: string;
  model: string;
  price: string;
  mileage: string;
  transmission: string;
  drivetrain: string;
  bodyStyle: string;
  exteriorColor: string;
  /** Comma-separated, as staff type them (docs/behaviour.md §5). */
  features: string;
  description: string;
  descriptionEs: string;
  descriptionPt: string;
  stockNumber: string;
  trim: string;
  fuelType: string;
  status: string;
  dateInStock: string;
  warrantyType: string;
  /** The dealer warranty's terms: the statute's for the vehicle's band, or the dealer's own below (decision 091). */
  termsMode: "statutory" | "own";
  systems: string[];
  days: string;
  miles: string;
  laborPercent: string;
  partsPercent: string;
  manufacturerWarrantyApplies: boolean;
  /** The photos' keys in order; the first is the cover. */
  images: string[];
};

/** The form's field names for the warranty terms: the schema's paths, so a field message lands on its field. */
export const TERMS_FIELDS = {
  systems: "warrantyTerms.systems",
  days: "warrantyTerms.days",
  miles: "warrantyTerms.miles",
  laborPercent: "warrantyTerms.laborPercent",
  partsPercent: "warrantyTerms.partsPercent",
} as const;

/** The photo a key names: its 1200 px JPEG (docs/behaviour.md §9). */
export const photoUrl = (key: string) => `/images/${key}-1200.jpg`;

/** Keys of a stored vehicle's photos, read from their URLs (/images/{key}-1200.jpg). */
export const photoKeysOf = (images: readonly string[]): string[] => images.flatMap((url) => STORED_URL_PATTERN.exec(url)?.[1] ?? []);

/** A new vehicle's form (`today`: the dealership's date, the date in stock) or a stored one's. */
export function vehicleFormValues(vehicle: Vehicle | null, today: string): VehicleFormValues {
  if (!vehicle) {
    return {
      vin: "",
      year: "",
      make: "",
      model: "",
      price: "",
      mileage: "",
      transmission: "",
      drivetrain: "",
      bodyStyle: "",
      exteriorColor: "",
      features: "",
      description: "",
      descriptionEs: "",
      descriptionPt: "",
      stockNumber: "",
      trim: "",
      fuelType: "",
      status: "available",
      dateInStock: today,
      warrantyType: "dealer",
      termsMode: "statutory",
      systems: ["use-or-safety"],
      days: "",
      miles: "",
      laborPercent: "100",
      partsPercent: "100",
      manufacturerWarrantyApplies: false,
      images: [],
    };
  }
  const terms = vehicle.warrantyTerms;
  return {
    vin: vehicle.vin,
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    price: String(vehicle.price),
    mileage: String(vehicle.mileage),
    transmission: vehicle.transmission,
    drivetrain: vehicle.drivetrain,
    bodyStyle: vehicle.bodyStyle,
    exteriorColor: vehicle.exteriorColor,
    features: vehicle.features.join(", "),
    description: vehicle.description ?? "",
    descriptionEs: vehicle.descriptionEs ?? "",
    descriptionPt: vehicle.descriptionPt ?? "",
    stockNumber: vehicle.stockNumber ?? "",
    trim: vehicle.trim ?? "",
    fuelType: vehicle.fuelType ?? "",
    status: vehicle.status,
    dateInStock: vehicle.dateInStock,
    warrantyType: vehicle.warrantyType,
    termsMode: terms ? "own" : "statutory",
    systems: terms ? [...terms.systems] : ["use-or-safety"],
    days: terms ? String(terms.days) : "",
    miles: terms?.miles ? String(terms.miles) : "",
    laborPercent: terms ? String(terms.laborPercent) : "100",
    partsPercent: terms ? String(terms.partsPercent) : "100",
    manufacturerWarrantyApplies: vehicle.manufacturerWarrantyApplies,
    images: photoKeysOf(vehicle.images),
  };
}

const TEXT_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "price",
  "mileage",
  "transmission",
  "drivetrain",
  "bodyStyle",
  "exteriorColor",
  "features",
  "description",
  "descriptionEs",
  "descriptionPt",
  "stockNumber",
  "trim",
  "fuelType",
  "status",
  "dateInStock",
  "warrantyType",
] as const;

/**
 * The features a post means. The catalogue's boxes beside the text post the options ticked
 * (`featureChoice`) and, hidden, the ones that were ticked when the page was drawn (`featureChoiceShown`).
 * With JavaScript the boxes and the text agree at every moment; without it, a box ticked adds its
 * option and a box unticked removes it, while anything typed stays as typed.
 */
export function postedFeatures(text: string, ticked: readonly string[], shownTicked: readonly string[]): string {
  const typed = splitFeatures(text);
  const inText = new Set(typed.map(canonicalFeatureName));
  const on = new Set(ticked.map(canonicalFeatureName));
  const was = new Set(shownTicked.map(canonicalFeatureName));
  // `was` holds catalogue options only (the boxes'): a custom feature is never removed by a box.
  const kept = typed.filter((feature) => {
    const name = canonicalFeatureName(feature);
    return !(was.has(name) && !on.has(name));
  });
  const added = [...on].filter((name) => !inText.has(name));
  return [...kept, ...added].join(", ");
}

/**
 * The form as posted: its text fields, the features (see postedFeatures), the warranty terms, and the photo
 * list in order, less those ticked "Remove", the one chosen "Cover" first (the no-JavaScript controls;
 * with JavaScript the hidden list is already in order).
 */
export function readVehicleForm(form: FormData): VehicleFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const removed = new Set(all("removeImage"));
  const cover = text("coverImage");
  const kept = [...new Set(all("images"))].filter((key) => !removed.has(key));
  const images = kept.includes(cover) ? [cover, ...kept.filter((key) => key !== cover)] : kept;
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Pick<VehicleFormValues, (typeof TEXT_FIELDS)[number]>;
  return {
    ...values,
    vin: values.vin.toUpperCase(),
    features: postedFeatures(values.features, all("featureChoice"), all("featureChoiceShown")),
    termsMode: text("termsMode") === "own" ? "own" : "statutory",
    systems: all(TERMS_FIELDS.systems),
    days: text(TERMS_FIELDS.days),
    miles: text(TERMS_FIELDS.miles),
    laborPercent: text(TERMS_FIELDS.laborPercent),
    partsPercent: text(TERMS_FIELDS.partsPercent),
    manufacturerWarrantyApplies: form.has("manufacturerWarrantyApplies"),
    images,
  };
}

/** What the one vehicle schema receives from the form: the body the JSON API would get from it. */
export function vehicleSchemaInput(values: VehicleFormValues): Record<string, unknown> {
  const { termsMode, systems, days, miles, laborPercent, partsPercent, ...fields } = values;
  return {
    ...fields,
    warrantyTerms: termsMode === "own" ? { systems, days, miles, laborPercent, partsPercent } : null,
  };
}

/** A refused post's values as text (the answer's `values`), to fill the form again after a post without JavaScript. */
export function vehicleFormEcho(values: VehicleFormValues): Record<string, string> {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, values[name]])),
    termsMode: values.termsMode,
    [TERMS_FIELDS.systems]: values.systems.join(" "),
    [TERMS_FIELDS.days]: values.days,
    [TERMS_FIELDS.miles]: values.miles,
    [TERMS_FIELDS.laborPercent]: values.laborPercent,
    [TERMS_FIELDS.partsPercent]: values.partsPercent,
    manufacturerWarrantyApplies: values.manufacturerWarrantyApplies ? "yes" : "",
    images: values.images.join(" "),
  };
}

/** The form's values from an answer's `values` (vehicleFormEcho's), over `base` for anything it lacks. */
export function vehicleFormFromEcho(base: VehicleFormValues, echo: Record<string, string>): VehicleFormValues {
  const text = (name: string, fallback: string) => echo[name] ?? fallback;
  const list = (name: string, fallback: string[]) => (echo[name] === undefined ? fallback : echo[name].split(" ").filter(Boolean));
  return {
    ...base,
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name, base[name])])),
    termsMode: echo.termsMode === undefined ? base.termsMode : echo.termsMode === "own" ? "own" : "statutory",
    systems: list(TERMS_FIELDS.systems, base.systems),
    days: text(TERMS_FIELDS.days, base.days),
    miles: text(TERMS_FIELDS.miles, base.miles),
    laborPercent: text(TERMS_FIELDS.laborPercent, base.laborPercent),
    partsPercent: text(TERMS_FIELDS.partsPercent, base.partsPercent),
    manufacturerWarrantyApplies:
      echo.manufacturerWarrantyApplies === undefined ? base.manufacturerWarrantyApplies : echo.manufacturerWarrantyApplies === "yes",
    images: list("images", base.images).filter((key) => STORED_KEY_PATTERN.test(key)),
  };
}
