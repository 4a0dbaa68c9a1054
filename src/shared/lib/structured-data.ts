import { businessProfile } from "~/shared/config/business-profile";
import { localizedPath, type Locale } from "~/shared/i18n/locales";
import { optionLabel } from "~/shared/i18n/option-label";
import { absoluteUrl } from "~/shared/lib/seo";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";

/** The vehicle fields a schema.org Car needs. */
export type StructuredVehicle = Pick<
  Vehicle,
  "id" | "year" | "make" | "model" | "price" | "mileage" | "transmission" | "drivetrain" | "bodyStyle" | "exteriorColor" | "vin"
> & {
  /** Sale status; absent counts as available. Sold vehicles are never described as offers. */
  status?: Vehicle["status"];
  /** Root-relative or absolute image URLs; the first is the cover. */
  images: string[];
};

/** The dealership's node identifier: every description of it on a page is the same node. */
const dealershipId = (publicUrl: string) => `${absoluteUrl(publicUrl, "/")}#dealership`;

/** The dealership as a schema.org AutoDealer, from the business profile. */
export function autoDealerJsonLd(publicUrl: string) {
  const { name, phoneE164, email, address, coordinates } = businessProfile;
  return {
    "@type": "AutoDealer",
    "@id": dealershipId(publicUrl),
    name,
    url: absoluteUrl(publicUrl, "/"),
    telephone: phoneE164,
    email,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: coordinates.latitude, longitude: coordinates.longitude },
  };
}

/**
 * The dealership by reference, for a page that describes it in full once: its type and name stay, so
 * a reader that does not follow `@id` still sees who sells the car.
 */
function autoDealerReference(publicUrl: string) {
  return { "@type": "AutoDealer", "@id": dealershipId(publicUrl), name: businessProfile.name };
}

type Seller = ReturnType<typeof autoDealerJsonLd> | ReturnType<typeof autoDealerReference>;

/** A language's option names (its catalogue's `options`), for the values the page shows in that language. */
export type OptionLabels = { [K in "transmission" | "drivetrain" | "bodyStyle" | "color"]: Record<string, string> };

/**
 * A schema.org Car with an Offer (Google vehicle-listing structured data): mileage in
 * miles (SMI), price in whole USD, used, sold by the dealership. A sale-pending vehicle is
 * `Reserved` (schema.org: "reserved and therefore not available"), not `InStock`, so search
 * results do not promise a car that is already spoken for. On a Spanish or Portuguese page the
 * name, body style, colour, transmission and drive are the page's words (`labels`: that language's
 * option names; language review B12).
 */
export function carJsonLd(
  vehicle: StructuredVehicle,
  publicUrl: string,
  locale: Locale = "en",
  seller: Seller = autoDealerJsonLd(publicUrl),
  labels?: OptionLabels,
) {
  const url = absoluteUrl(publicUrl, localizedPath(vehiclePath(vehicle), locale));
  const say = (names: Record<string, string> | undefined, value: string) => (names ? optionLabel(names, value) : value);
  return {
    "@type": "Car",
    "@id": `${url}#vehicle`,
    name: vehicleName({ year: vehicle.year, make: vehicle.make, model: vehicle.model }, locale),
    url,
    image: vehicle.images.map((src) => absoluteUrl(publicUrl, src)),
    brand: { "@type": "Brand", name: vehicle.make },
    manufacturer: vehicle.make,
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.mileage, unitCode: "SMI" },
    vehicleTransmission: say(labels?.transmission, vehicle.transmission),
    driveWheelConfiguration: say(labels?.drivetrain, vehicle.drivetrain),
    bodyType: say(labels?.bodyStyle, vehicle.bodyStyle),
    color: say(labels?.color, vehicle.exteriorColor),
    vehicleIdentificationNumber: vehicle.vin,
    itemCondition: "https://schema.org/UsedCondition",
    offers: {
      "@type": "Offer",
      url,
      price: vehicle.price,
      priceCurrency: "USD",
      availability: vehicle.status === "pending" ? "https://schema.org/Reserved" : "https://schema.org/InStock",
      itemCondition: "https://schema.org/UsedCondition",
      seller,
    },
  };
}

/**
 * An ItemList of Cars for a listing page. The first offer describes the dealership in full and the
 * others refer to it by `@id`: repeating its address and coordinates in each of 24 offers made up
 * about a fifth of the inventory's JSON-LD (6.4 of 34.5 KB).
 */
export function itemListJsonLd(vehicles: StructuredVehicle[], publicUrl: string, locale: Locale = "en", labels?: OptionLabels) {
  const reference = autoDealerReference(publicUrl);
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((v, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: carJsonLd(v, publicUrl, locale, i === 0 ? autoDealerJsonLd(publicUrl) : reference, labels),
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against `</script>` in data. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
