import type { ServerEnv } from "~/server/env.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { asLocale } from "~/shared/i18n/locales";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import type { LeadType } from "~/shared/leads/lead-types";
import { advertisedPrice } from "~/shared/lib/deal-estimate";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { staffRecordPath, type StaffRecordScreen } from "~/shared/staff/staff-screens";
import type { Vehicle } from "~/shared/types/vehicle";
import { LANGUAGE_NAMES_IN_ENGLISH, type AdfVehicle } from "./adf.server";
import { mailMessagesFor } from "./mail-messages.server";

/**
 * What every staff lead mail shares: a salesperson acts on it from a phone,
 * so times are the dealership's, phone and e-mail are links, the vehicle is identified the way
 * the lot knows it, and one link opens the record itself in the dashboard.
 */

type FieldRow = readonly [label: string, value: string, href?: string];

/** "Wed, Nov 25, 2026, 6:08 AM ET": a stored UTC instant on the dealership's clock. */
export const dealerTime = (instant: string | Date): string => formatDealerTime(instant, "long");

/** A tel: URI a phone dials from a mail: US numbers as +1 and ten digits, anything else digits as typed. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** A mailto: URI for an address (the @ kept readable, anything else that could break the URI encoded). */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}`;
}

/**
 * The link that opens one record in the staff app at its own address (`/podium/customers/{id}`,
 * `/podium/vehicles/{id}`: decision 100).
 */
export function staffRecordUrl(env: ServerEnv, screen: StaffRecordScreen, id: string): string {
  return `${env.publicUrl}${staffRecordPath(screen, id)}`;
}

/**
 * A staff mail's link to one lead, at its kind's record address (the registry's,
 * src/shared/leads/lead-kinds.ts: `/podium/financing/{id}`, `/podium/messages/{id}`, `/podium/bookings?id=…`).
 * Links in mails sent before, `/podium?tab=…&id=…`, redirect there.
 */
export function leadRecordUrl(env: ServerEnv, type: LeadType, id: string): string {
  return `${env.publicUrl}${LEAD_KINDS[type].screen.record(id)}`;
}

/** The staff mail's first line, so a lead can go to someone who speaks the shopper's language. */
export function shopperLanguageLine(locale: string): string {
  return `Shopper wrote in ${LANGUAGE_NAMES_IN_ENGLISH[asLocale(locale)]}`;
}

/** Name, phone and e-mail rows, the contacts as links. */
export function contactRows(
  labels: { name: string; phone: string; email: string },
  person: { name: string; phone: string; email: string },
) {
  return [
    [labels.name, person.name],
    [labels.phone, person.phone, telHref(person.phone)],
    [labels.email, person.email, mailtoHref(person.email)],
  ] as const satisfies readonly FieldRow[];
}

/**
 * A stock vehicle as the lot knows it: name (linked to its page), stock number, VIN, mileage, and the
 * advertised price the shopper saw (with the documentation fee, decision 066) beside the cash price,
 * both labelled, so nobody quotes the cash price and adds the fee again (L2).
 */
export function vehicleRows(
  env: ServerEnv,
  labels: { vehicle: string; stock: string; vin: string; mileage: string; price: string; cashPrice: (docFee: string) => string },
  vehicle: Vehicle,
  docFee: number,
): FieldRow[] {
  return [
    [labels.vehicle, staffVehicleName(vehicle), vehicleUrl(env, vehicle)],
    ...(vehicle.stockNumber ? ([[labels.stock, vehicle.stockNumber]] as const) : []),
    [labels.vin, vehicle.vin],
    [labels.mileage, `${formatNumber(vehicle.mileage)} mi`],
    [labels.price, formatPrice(advertisedPrice(vehicle.price, { docFee }))],
    ...(docFee > 0 ? ([[labels.cashPrice(formatPrice(docFee)), formatPrice(vehicle.price)]] as const) : []),
  ];
}

export const vehicleUrl = (env: ServerEnv, vehicle: Vehicle) => `${env.publicUrl}${vehiclePath(vehicle)}`;

/** A photo URL as a CRM can fetch it: absolute. */
export function absoluteUrl(env: ServerEnv, url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:/.test(url) ? url : `${env.publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** A stock vehicle as ADF's vehicle of interest: stock number, asking price, odometer, cover photo and page link. */
export function adfStockVehicle(env: ServerEnv, vehicle: Vehicle, docFee: number): AdfVehicle {
  const staff = mailMessagesFor("en").staff;
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    vin: vehicle.vin,
    stock: vehicle.stockNumber,
    trim: vehicle.trim,
    odometer: vehicle.mileage,
    imageUrl: absoluteUrl(env, vehicle.images[0]),
    // The advertised (asking) price, as the site shows it, with what it is made of (L2).
    price: advertisedPrice(vehicle.price, { docFee }),
    ...(docFee > 0 ? { priceComments: staff.adfAdvertisedPrice(formatPrice(vehicle.price), formatPrice(docFee)) } : {}),
    // CRMs show a vehicle's comments beside it; <imagetag> is for a photo, so the page goes here.
    comments: `Vehicle page: ${vehicleUrl(env, vehicle)}`,
  };
}
