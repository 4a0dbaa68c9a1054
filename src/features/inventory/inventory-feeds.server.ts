import { stringify } from "csv-stringify/sync";
import type { AppContext } from "~/server/context.server";
import { isLocalOrigin, LOCAL_PUBLIC_URL_REASON } from "~/server/public-url.server";
import { businessProfile } from "~/shared/config/business-profile";
import { marketplaceIds } from "./marketplace-ids.server";
import { spreadsheetSafe } from "~/shared/lib/spreadsheet-text";
import { absoluteUrl } from "~/shared/lib/seo";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { FuelType, Vehicle } from "~/shared/types/vehicle";
import { listInventory, type InventorySnapshot } from "./inventory.server";

/**
 * The vehicle feeds, each in its platform's own words (decision 059): Google Vehicle Listings (free
 * listings, TSV), Google Vehicle Ads (Merchant Center, TSV) and Meta's automotive catalog (CSV). All
 * three are built from the listed stock (not sold, with a photo; decision 054) once per stock version,
 * like the inventory page.
 */

/**
 * Google Vehicle Listings attributes, in this order (developers.google.com/vehicle-listings/reference/feed-specification).
 * Only that spec's names: `exterior_color`, not Merchant Center's `color`; no `vehicle_fulfillment`,
 * which is Vehicle Ads'.
 */
export const GOOGLE_LISTINGS_COLUMNS = [
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
  "exterior_color",
  "body_style",
  "date_in_stock",
  "fuel",
] as const;

/**
 * Google Vehicle Ads primary feed attributes (support.google.com/merchants/answer/11192663), with
 * `color` and `trim` (L4): the colour as the lot names it, the trim when the lot has one.
 */
export const GOOGLE_ADS_COLUMNS = [
  "id",
  "title",
  "description",
  "link",
  "image_link",
  "price",
  "condition",
  "brand",
  "model",
  "trim",
  "year",
  "mileage",
  "color",
  "vin",
  "google_product_category",
  "store_code",
  "vehicle_fulfillment",
  "engine",
] as const;

/** Google's product taxonomy: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
export const GOOGLE_CARS_TRUCKS_VANS_CATEGORY = "916";

/** Meta takes up to 20 images per vehicle as flattened `image[n].url` columns. */
export const META_IMAGE_COLUMNS = 20;

/**
 * Meta automotive catalog vehicle fields (flattened JSON-path column names;
 * developers.facebook.com/docs/marketing-api/auto-ads/reference). `image[0].tag[0]` labels the cover photo.
 */
export const META_FEED_COLUMNS = [
  "vehicle_id",
  "title",
  "description",
  "url",
  "make",
  "model",
  "trim",
  "year",
  "mileage.value",
  "mileage.unit",
  "image[0].url",
  "image[0].tag[0]",
  ...Array.from({ length: META_IMAGE_COLUMNS - 1 }, (_, i) => `image[${i + 1}].url`),
  "vehicle_type",
  "body_style",
  "exterior_color",
  "transmission",
  "drivetrain",
  "fuel_type",
  "vin",
  "price",
  "state_of_vehicle",
  "condition",
  "date_first_on_lot",
  "dealer_id",
  "dealer_name",
  "dealer_phone",
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
const descriptionOf = (v: Vehicle) => v.description ?? `Used ${name(v)}, ${v.mileage} miles, at ${businessProfile.name}.`;

/** "18995.00 USD": ISO 4217 code after the amount, which every one of the three specs reads. */
const usd = (dollars: number) => `${dollars.toFixed(2)} USD`;

/**
 * Tab-separated feeds cannot quote: tabs and line breaks inside a value become spaces, so a
 * description with paragraphs stays one cell of one row.
 */
const tsvValue = (value: string | number | null) => String(value ?? "").replace(/[\t\r\n]+/g, " ");

/**
 * A vehicle's page as a platform's listing links to it, tagged with the platform as utm_source and
 * `vehicle_listings` as utm_medium, so a lead from it is counted under that platform
 * (docs/decisions/078-lead-source-and-lead-report.md). The vehicle page's cached copy is keyed by its
 * path alone, so the tag costs no extra render.
 */
export function listingLink(publicUrl: string, v: Vehicle, platform: "google" | "facebook"): string {
  return `${absoluteUrl(publicUrl, vehiclePath(v))}?utm_source=${platform}&utm_medium=vehicle_listings`;
}

/** Google's `id`: the stock number when the lot gives one, else the VIN (both unique per vehicle). */
const googleId = (v: Vehicle) => v.stockNumber ?? v.vin;

/**
 * Google's feeds leave sale-pending vehicles out (decision 073). Vehicle Ads has no availability value
 * for a used car on the lot that is promised to a buyer: Google reads every vehicle in the feed as in
 * stock unless it is marked build-to-order (new cars only), says a vehicle no longer available must be
 * removed from the data source, and warns or suspends an account whose feed and vehicle page disagree
 * about availability. Vehicle Listings has no availability attribute at all. The site itself keeps
 * showing pending vehicles with the Sale Pending badge, and Meta's catalog marks them PENDING.
 */
const forGoogle = (vehicles: Vehicle[]) => vehicles.filter((v) => v.status === "available");

/**
 * The lot's fuel types in Google's words: Vehicle Ads' `engine` values (gasoline, diesel, electric,
 * hybrid, plug-in_hybrid, …), used for Vehicle Listings' free-text `fuel` too so both feeds say the same
 * (decision 073). A flex-fuel engine burns gasoline (or E85); Google has no ethanol value, and `other`
 * would hide the car from a shopper filtering for gasoline.
 */
export const GOOGLE_FUEL_TYPES: Record<FuelType, string> = {
  gasoline: "gasoline",
  diesel: "diesel",
  hybrid: "hybrid",
  "plug-in-hybrid": "plug-in_hybrid",
  electric: "electric",
  flex: "gasoline",
};
/** Unknown stays empty: the attribute is optional, and better missing than wrong. */
const googleFuel = (v: Vehicle) => (v.fuelType ? GOOGLE_FUEL_TYPES[v.fuelType] : "");

export function googleListingsRow(v: Vehicle, publicUrl: string): Record<(typeof GOOGLE_LISTINGS_COLUMNS)[number], string> {
  const images = v.images.map((src) => absoluteUrl(publicUrl, src));
  return {
    vin: v.vin,
    id: googleId(v),
    store_code: marketplaceIds.googleStoreCode,
    dealership_name: businessProfile.name,
    dealership_address: dealershipAddress,
    link: listingLink(publicUrl, v, "google"),
    image_link: images[0] ?? "",
    // A repeated attribute: comma-separated in a text feed.
    additional_image_link: images.slice(1, 11).join(","),
    price: usd(v.price),
    condition: "used",
    make: v.make,
    model: v.model,
    trim: v.trim ?? "",
    year: String(v.year),
    mileage: `${v.mileage} miles`,
    exterior_color: v.exteriorColor,
    body_style: v.bodyStyle,
    date_in_stock: v.dateInStock,
    fuel: googleFuel(v),
  };
}

export function googleAdsRow(v: Vehicle, publicUrl: string): Record<(typeof GOOGLE_ADS_COLUMNS)[number], string> {
  return {
    id: googleId(v),
    title: name(v),
    description: descriptionOf(v),
    link: listingLink(publicUrl, v, "google"),
    image_link: v.images[0] ? absoluteUrl(publicUrl, v.images[0]) : "",
    price: usd(v.price),
    condition: "used",
    brand: v.make,
    model: v.model,
    trim: v.trim ?? "",
    year: String(v.year),
    mileage: `${v.mileage} miles`,
    color: v.exteriorColor,
    vin: v.vin,
    google_product_category: GOOGLE_CARS_TRUCKS_VANS_CATEGORY,
    store_code: marketplaceIds.googleStoreCode,
    // The vehicle is bought at the dealership: the store code of its Business Profile location.
    vehicle_fulfillment: `in_store:${marketplaceIds.googleStoreCode}`,
    engine: googleFuel(v),
  };
}

/** Meta's enums: body style, transmission, drivetrain and fuel type in its words. */
const META_BODY_STYLES = new Set(["CONVERTIBLE", "COUPE", "HATCHBACK", "MINIVAN", "TRUCK", "SUV", "SEDAN", "VAN", "WAGON", "CROSSOVER"]);
const metaBodyStyle = (bodyStyle: string) => (META_BODY_STYLES.has(bodyStyle.toUpperCase()) ? bodyStyle.toUpperCase() : "OTHER");
const metaTransmission = (transmission: string) => (transmission === "Manual" ? "MANUAL" : "AUTOMATIC");
/** The lot's drivetrains onto Meta's AWD, FOUR_WD, FWD, RWD, TWO_WD ("4X4" is not among them). */
const META_DRIVETRAINS: Record<string, string> = { FWD: "FWD", RWD: "RWD", AWD: "AWD", "4WD": "FOUR_WD" };
export const META_FUEL_TYPES: Record<FuelType, string> = {
  gasoline: "GASOLINE",
  diesel: "DIESEL",
  hybrid: "HYBRID",
  "plug-in-hybrid": "PLUGIN_HYBRID",
  electric: "ELECTRIC",
  flex: "FLEX",
};

export function metaFeedRow(v: Vehicle, publicUrl: string): Record<(typeof META_FEED_COLUMNS)[number], string> {
  const images = Object.fromEntries(
    Array.from({ length: META_IMAGE_COLUMNS }, (_, i) => [`image[${i}].url`, v.images[i] ? absoluteUrl(publicUrl, v.images[i]) : ""]),
  ) as Record<`image[${number}].url`, string>;
  return {
    vehicle_id: v.vin,
    // Typed by staff: kept from running as a formula when the catalog is opened in a spreadsheet (decision 061).
    title: spreadsheetSafe(name(v)),
    description: spreadsheetSafe(descriptionOf(v)),
    url: listingLink(publicUrl, v, "facebook"),
    make: spreadsheetSafe(v.make),
    model: spreadsheetSafe(v.model),
    trim: spreadsheetSafe(v.trim ?? ""),
    year: String(v.year),
    "mileage.value": String(v.mileage),
    "mileage.unit": "MI",
    ...images,
    // Meta's reference asks for a tag on the first image. The cover photo is an outside view (what
    // cards and search results show first); staff who lead with an interior shot make this wrong.
    "image[0].tag[0]": "Exterior",
    vehicle_type: "CAR_TRUCK",
    body_style: metaBodyStyle(v.bodyStyle),
    exterior_color: v.exteriorColor,
    transmission: metaTransmission(v.transmission),
    drivetrain: META_DRIVETRAINS[v.drivetrain] ?? "OTHER",
    // Unknown stays empty: an optional field, better missing than wrong.
    fuel_type: v.fuelType ? META_FUEL_TYPES[v.fuelType] : "",
    vin: v.vin,
    price: usd(v.price),
    state_of_vehicle: "USED",
    // Meta's `condition` grades the car (EXCELLENT … POOR); the lot records no grade, and claiming one
    // nobody made would be a statement about each car. OTHER is Meta's value for "not graded".
    condition: "OTHER",
    date_first_on_lot: v.dateInStock,
    dealer_id: marketplaceIds.metaDealerId,
    dealer_name: businessProfile.name,
    dealer_phone: businessProfile.phoneE164,
    "address.addr1": address.street,
    "address.city": address.city,
    "address.region": address.region,
    "address.postal_code": address.postalCode,
    "address.country": address.country,
    latitude: String(businessProfile.coordinates.latitude),
    longitude: String(businessProfile.coordinates.longitude),
    // Meta has a value for a pending sale: the car stays in the catalog, marked.
    availability: v.status === "pending" ? "PENDING" : "AVAILABLE",
  };
}

function tsv<C extends string>(columns: readonly C[], rows: Record<C, string>[]): string {
  return [columns.join("\t"), ...rows.map((row) => columns.map((c) => tsvValue(row[c])).join("\t"))].join("\n") + "\n";
}

export type VehicleFeeds = { googleListings: string; googleAds: string; meta: string };

const built = new WeakMap<InventorySnapshot, Map<string, VehicleFeeds>>();

/** The three feeds for this stock version, built on first request and kept with the snapshot. */
export function vehicleFeeds(snapshot: InventorySnapshot, publicUrl: string): VehicleFeeds {
  let byUrl = built.get(snapshot);
  if (!byUrl) built.set(snapshot, (byUrl = new Map()));
  let feeds = byUrl.get(publicUrl);
  if (!feeds) {
    const google = forGoogle(snapshot.vehicles);
    feeds = {
      googleListings: tsv(
        GOOGLE_LISTINGS_COLUMNS,
        google.map((v) => googleListingsRow(v, publicUrl)),
      ),
      googleAds: tsv(
        GOOGLE_ADS_COLUMNS,
        google.map((v) => googleAdsRow(v, publicUrl)),
      ),
      // Quoted when a value holds whitespace, as Meta's CSV guidelines ask (csv-stringify quotes
      // commas, quotes and line breaks anyway, doubling quotes inside).
      meta: stringify(
        snapshot.vehicles.map((v) => metaFeedRow(v, publicUrl)),
        { header: true, columns: [...META_FEED_COLUMNS], record_delimiter: "unix", quoted_match: /\s/ },
      ),
    };
    byUrl.set(publicUrl, feeds);
  }
  return feeds;
}

const CONTENT_TYPES: Record<keyof VehicleFeeds, string> = {
  googleListings: "text/tab-separated-values; charset=utf-8",
  googleAds: "text/tab-separated-values; charset=utf-8",
  meta: "text/csv; charset=utf-8",
};

/**
 * One feed's response. In production with a PUBLIC_URL on this machine, a 503 with the reason instead:
 * a platform that fetched links to localhost would list the stock with dead links and photos, and
 * might reject the whole catalog; an error makes the platform retry later and shows in its console.
 */
export async function feedResponse(ctx: AppContext, feed: keyof VehicleFeeds): Promise<Response> {
  if (ctx.env.isProduction && isLocalOrigin(ctx.env.publicUrl)) {
    ctx.logger.warn({ feed, publicUrl: ctx.env.publicUrl }, "vehicle feed refused: PUBLIC_URL is a local address");
    return new Response(`${LOCAL_PUBLIC_URL_REASON}\n`, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const body = vehicleFeeds(await listInventory(ctx), ctx.env.publicUrl)[feed];
  return new Response(body, { headers: { "Content-Type": CONTENT_TYPES[feed], "Cache-Control": "public, max-age=300" } });
}
