import { stringify } from "csv-stringify/sync";
import { businessProfile } from "~/shared/config/business-profile";
import { absoluteUrl } from "~/shared/lib/seo";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import type { InventorySnapshot } from "./inventory.server";

/**
 * Vehicle feeds for Google Vehicle Listings (TSV) and Meta's automotive catalog (CSV), built
 * from the listed stock (available and pending with a photo; sold vehicles never appear) once per stock
 * version, like the inventory page (issue 13).
 */

/** Google Vehicle Listings attributes, in this order (developers.google.com/vehicle-listings). */
export const GOOGLE_FEED_COLUMNS = [
  "vin",
  "id",
  "store_code",
  "dealership_name",
  "dealership_address",
  "link",
  "image_link",
  "additional_image_link",
  "price",
  "condition",
  "make",
  "model",
  "trim",
  "year",
  "mileage",
  "color",
  "body_style",
  "date_in_stock",
  "vehicle_fulfillment",
] as const;

/** Meta takes up to 20 images per vehicle as flattened `image[n].url` columns. */
export const META_IMAGE_COLUMNS = 20;

/** Meta automotive catalog vehicle fields (flattened JSON-path column names). */
export const META_FEED_COLUMNS = [
  "vehicle_id",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "mileage.value",
  "mileage.unit",
  ...Array.from({ length: META_IMAGE_COLUMNS }, (_, i) => `image[${i}].url`),
  "body_style",
  "exterior_color",
  "transmission",
  "drivetrain",
  "vin",
  "price",
  "state_of_vehicle",
  "address.addr1",
  "address.city",
  "address.region",
  "address.postal_code",
  "address.country",
  "latitude",
  "longitude",
  "availability",
] as const;

const { address } = businessProfile;
const dealershipAddress = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}, ${address.country}`;
const name = (v: Vehicle) => [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ");

/** Tab-separated feeds cannot quote: tabs and line breaks inside a value become spaces. */
const tsvValue = (value: string | number | null) => String(value ?? "").replace(/[\t\r\n]+/g, " ");

export function googleFeedRow(v: Vehicle, publicUrl: string): Record<(typeof GOOGLE_FEED_COLUMNS)[number], string> {
  const images = v.images.map((src) => absoluteUrl(publicUrl, src));
  return {
    vin: v.vin,
    id: v.stockNumber ?? "",
    store_code: businessProfile.storeCode,
    dealership_name: businessProfile.name,
    dealership_address: dealershipAddress,
    link: absoluteUrl(publicUrl, vehiclePath(v)),
    image_link: images[0] ?? "",
    // A repeated attribute: comma-separated in a text feed.
    additional_image_link: images.slice(1, 11).join(","),
    price: `${v.price} USD`,
    condition: "used",
    make: v.make,
    model: v.model,
    trim: v.trim ?? "",
    year: String(v.year),
    mileage: `${v.mileage} miles`,
    color: v.exteriorColor,
    body_style: v.bodyStyle,
    date_in_stock: v.dateInStock,
    vehicle_fulfillment: `in_store:${businessProfile.storeCode}`,
  };
}

/** Meta's enums: body style, transmission and drivetrain in its words. */
const META_BODY_STYLES = new Set(["CONVERTIBLE", "COUPE", "HATCHBACK", "MINIVAN", "TRUCK", "SUV", "SEDAN", "VAN", "WAGON", "CROSSOVER"]);
const metaBodyStyle = (bodyStyle: string) => (META_BODY_STYLES.has(bodyStyle.toUpperCase()) ? bodyStyle.toUpperCase() : "OTHER");
const metaTransmission = (transmission: string) => (transmission === "Manual" ? "MANUAL" : "AUTOMATIC");
const META_DRIVETRAINS: Record<string, string> = { FWD: "FWD", RWD: "RWD", AWD: "AWD", "4WD": "4X4" };

/** Numbers stay numbers: the CSV's formula escape (decision 061) leaves them alone, so "-71.8023" gets no quote. */
export function metaFeedRow(v: Vehicle, publicUrl: string): Record<string, string | number> {
  const images = Object.fromEntries(
    Array.from({ length: META_IMAGE_COLUMNS }, (_, i) => [`image[${i}].url`, v.images[i] ? absoluteUrl(publicUrl, v.images[i]) : ""]),
  );
  return {
    vehicle_id: v.vin,
    title: name(v),
    description: v.description ?? `Used ${name(v)}, ${v.mileage} miles, at ${businessProfile.name}.`,
    url: absoluteUrl(publicUrl, vehiclePath(v)),
    make: v.make,
    model: v.model,
    year: String(v.year),
    "mileage.value": String(v.mileage),
    "mileage.unit": "MI",
    ...images,
    body_style: metaBodyStyle(v.bodyStyle),
    exterior_color: v.exteriorColor,
    transmission: metaTransmission(v.transmission),
    drivetrain: META_DRIVETRAINS[v.drivetrain] ?? "OTHER",
    vin: v.vin,
    price: `${v.price} USD`,
    state_of_vehicle: "USED",
    "address.addr1": address.street,
    "address.city": address.city,
    "address.region": address.region,
    "address.postal_code": address.postalCode,
    "address.country": address.country,
    latitude: businessProfile.coordinates.latitude,
    longitude: businessProfile.coordinates.longitude,
    availability: v.status === "pending" ? "pending" : "available",
  };
}

export type VehicleFeeds = { google: string; meta: string };

const built = new WeakMap<InventorySnapshot, Map<string, VehicleFeeds>>();

/** Both feeds for this stock version, built on first request and kept with the snapshot. */
export function vehicleFeeds(snapshot: InventorySnapshot, publicUrl: string): VehicleFeeds {
  let byUrl = built.get(snapshot);
  if (!byUrl) built.set(snapshot, (byUrl = new Map()));
  let feeds = byUrl.get(publicUrl);
  if (!feeds) {
    const google = [
      GOOGLE_FEED_COLUMNS.join("\t"),
      ...snapshot.vehicles.map((v) => {
        const row = googleFeedRow(v, publicUrl);
        return GOOGLE_FEED_COLUMNS.map((c) => tsvValue(row[c])).join("\t");
      }),
    ].join("\n");
    const meta = stringify(
      snapshot.vehicles.map((v) => metaFeedRow(v, publicUrl)),
      // escape_formulas: Meta's catalogue is opened in spreadsheets too; a description starting with "=" must stay text.
      { header: true, columns: [...META_FEED_COLUMNS], record_delimiter: "unix", escape_formulas: true },
    );
    feeds = { google: `${google}\n`, meta };
    byUrl.set(publicUrl, feeds);
  }
  return feeds;
}
