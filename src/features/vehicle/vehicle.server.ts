import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { findListedVehicle, findVehicle } from "~/server/data/vehicles.server";
import { advertisedPrice } from "~/shared/lib/deal-estimate";
import { messagesFor } from "~/shared/i18n/catalogues";
import type { Locale } from "~/shared/i18n/locales";
import { toPublicVehicle } from "~/shared/lib/public-vehicle";
import { carJsonLd, serializeJsonLd } from "~/shared/lib/structured-data";
import type { PublicVehicle, Vehicle } from "~/shared/types/vehicle";
import { uuidField } from "~/shared/validation/fields";

const vehicleId = uuidField();

/** What a sold vehicle's page still needs of it: its name and path, and what similar vehicles are picked by. */
export type SoldVehicle = Pick<Vehicle, "id" | "year" | "make" | "model" | "bodyStyle" | "price">;

/**
 * What shoppers may learn of a vehicle id (decision 054): a listed vehicle in its public shape; that a
 * vehicle was sold (gone for good: the page and the API answer 410); or nothing, for an unknown or
 * malformed id and for a vehicle not listed yet (no photo), which must not be told apart from one.
 */
export type PublicVehicleLookup =
  { kind: "listed"; vehicle: PublicVehicle } | { kind: "sold"; vehicle: SoldVehicle } | { kind: "not-found" };

/** One vehicle as shoppers may see it (its advertised price); called by GET /api/vehicles/:id and the vehicle page. */
export async function findPublicVehicle(ctx: AppContext, id: string): Promise<PublicVehicleLookup> {
  if (!vehicleId.safeParse(id).success) return { kind: "not-found" };
  const key = id.toLowerCase();
  const listed = await findListedVehicle(ctx.db, key);
  if (listed) {
    // The advertised price, with the dealer's mandatory documentation fee in it (decision 066), as on the cards and feeds.
    const { settings } = await readDealSettings(ctx.db);
    return { kind: "listed", vehicle: toPublicVehicle({ ...listed, price: advertisedPrice(listed.price, settings) }) };
  }
  const stored = await findVehicle(ctx.db, key);
  if (stored?.status !== "sold") return { kind: "not-found" };
  const { year, make, model, bodyStyle, price } = stored;
  return { kind: "sold", vehicle: { id: stored.id, year, make, model, bodyStyle, price } };
}

/** A text the vehicle page shows, with its language when that is not the page's (a fallback to English). */
export type ShownText = { text: string; lang: Locale | null };

/**
 * A listed vehicle as its page gets it: the features named and the description chosen in the page's
 * language on the server, so the page carries neither the feature catalogue nor the other languages'
 * texts (decision 069). A custom feature reads as staff typed it; a page whose language has no
 * description shows the English one, marked as English.
 */
export type VehiclePageVehicle = Omit<PublicVehicle, "features" | "featureNames" | "description" | "descriptionEs" | "descriptionPt"> & {
  /** Names in the page's language; custom features as typed. */
  features: string[];
  description: ShownText | null;
};

export function vehicleForPage(vehicle: PublicVehicle, locale: Locale): VehiclePageVehicle {
  const { features: _english, featureNames, description, descriptionEs, descriptionPt, ...rest } = vehicle;
  const own = locale === "es" ? descriptionEs : locale === "pt" ? descriptionPt : description;
  const shownDescription: ShownText | null = own ? { text: own, lang: null } : description ? { text: description, lang: "en" } : null;
  return {
    ...rest,
    features: featureNames.map((names) => names[locale]),
    description: shownDescription,
  };
}

/**
 * The vehicle page's JSON-LD, serialized on the server in the page's language (its option names come
 * from the language's catalogue, which must never reach the browser; language review B12).
 */
export function vehicleStructuredData(vehicle: PublicVehicle, publicUrl: string, locale: Locale): string {
  return serializeJsonLd({
    "@context": "https://schema.org",
    ...carJsonLd(vehicle, publicUrl, locale, undefined, messagesFor(locale).options),
  });
}
