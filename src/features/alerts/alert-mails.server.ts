import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { dealershipSignature, renderMail, type MailBlock } from "~/server/mail/mail-layout.server";
import { ALERT_CONFIRMATION_KIND, ALERT_DIGEST_KIND } from "~/server/mail/mail-kinds";
import { businessProfile } from "~/shared/config/business-profile";
import { alertsMail as en, type AlertsMailMessages } from "~/shared/i18n/en/alerts-mail";
import { alertsMail as es } from "~/shared/i18n/es/alerts-mail";
import { LANGUAGE_TAGS, localizedPath, type Locale } from "~/shared/i18n/locales";
import { alertsMail as pt } from "~/shared/i18n/pt/alerts-mail";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { MAX_SAVED_SEARCHES, MAX_SAVED_VEHICLES } from "~/shared/lib/saved-on-device";
import type { AlertVehicle } from "./alert-vehicles.server";

const catalogues: Record<Locale, AlertsMailMessages> = { en, es, pt };
export const alertsMailFor = (locale: Locale): AlertsMailMessages => catalogues[locale];

/** How long a confirmation link works. */
export const ALERT_CONFIRM_VALID_DAYS = 7;

/** A page of the site in the shopper's language, as an absolute URL. */
export const siteUrl = (env: Pick<ServerEnv, "publicUrl">, path: string, locale: Locale) =>
  `${env.publicUrl}${localizedPath(path, locale)}`;

/** The manage page and the one-click unsubscribe URL of an address (the same secret link in every mail). */
export function alertLinks(env: Pick<ServerEnv, "publicUrl">, manageToken: string, locale: Locale) {
  return {
    manage: siteUrl(env, `/alerts/${manageToken}`, locale),
    unsubscribe: siteUrl(env, `/alerts/${manageToken}/unsubscribe`, locale),
  };
}

/**
 * A vehicle's page from an alert, tagged as a lead source: a visit and any lead that follows count as
 * the alert's (utm_source=alert; the kind of alert as the campaign; docs/behaviour.md §20, §21).
 */
export const vehicleLink = (env: Pick<ServerEnv, "publicUrl">, vehicle: AlertVehicle, locale: Locale, campaign: string) =>
  `${siteUrl(env, vehicle.path, locale)}?${new URLSearchParams({ utm_source: "alert", utm_medium: "email", utm_campaign: campaign })}`;

function vehicleBlock(env: ServerEnv, vehicle: AlertVehicle, locale: Locale, campaign: string, lines: string[]): MailBlock {
  const m = alertsMailFor(locale);
  const name = vehicleName(vehicle, locale);
  return {
    type: "vehicle",
    name,
    href: vehicleLink(env, vehicle, locale, campaign),
    photo: vehicle.photo ? `${env.publicUrl}${vehicle.photo.src}` : null,
    photoAlt: m.photoAlt(name),
    lines,
  };
}

/** The double opt-in's mail: what the address asked to follow and the link that confirms it. */
export function alertConfirmationMail(
  env: ServerEnv,
  input: {
    email: string;
    locale: Locale;
    subscriberId: string;
    token: string;
    vehicles: AlertVehicle[];
    searches: string[];
    limitReached: boolean;
  },
): NewMail {
  const m = alertsMailFor(input.locale);
  const blocks: MailBlock[] = [
    { type: "paragraph", text: m.confirmBody(businessProfile.name) },
    ...input.vehicles.map((v) =>
      vehicleBlock(env, v, input.locale, "confirmation", [
        m.price(formatPrice(v.price, input.locale)),
        m.mileage(formatNumber(v.mileage, input.locale)),
      ]),
    ),
    ...(input.searches.length ? [{ type: "paragraph" as const, text: input.searches.map((s) => `• ${s}`).join("\n") }] : []),
    ...(input.limitReached ? [{ type: "paragraph" as const, text: m.limitReached(MAX_SAVED_VEHICLES, MAX_SAVED_SEARCHES) }] : []),
    { type: "link", label: m.confirmLink, href: siteUrl(env, `/alerts/confirm/${input.token}`, input.locale) },
    { type: "paragraph", text: m.confirmExpiry(ALERT_CONFIRM_VALID_DAYS) },
  ];
  return {
    kind: ALERT_CONFIRMATION_KIND,
    to: input.email,
    replyTo: businessProfile.email,
    subject: m.confirmSubject(businessProfile.name),
    ...renderMail(m.confirmHeading, blocks, dealershipSignature(), LANGUAGE_TAGS[input.locale]),
    relatedType: "alert-subscriber",
    relatedId: input.subscriberId,
  };
}

/** One thing a digest tells. */
export type DigestSection =
  | { kind: "price-drop"; vehicle: AlertVehicle; from: number; to: number; basis: "saved" | "told" }
  | { kind: "pending"; vehicle: AlertVehicle }
  | { kind: "sold"; vehicle: AlertVehicle; similar: AlertVehicle[] }
  | { kind: "new-match"; vehicle: AlertVehicle; search: string };

function subjectOf(m: AlertsMailMessages, sections: DigestSection[], locale: Locale): string {
  const [only] = sections;
  if (sections.length !== 1 || !only) return m.digestSubject(sections.length);
  const price = formatPrice(only.vehicle.price, locale);
  const name = vehicleName(only.vehicle, locale);
  if (only.kind === "price-drop") return m.priceDropSubject(name, formatPrice(only.to, locale));
  if (only.kind === "pending") return m.pendingSubject(name);
  if (only.kind === "sold") return m.soldSubject(name);
  return m.newMatchSubject(name, price);
}

function sectionBlocks(env: ServerEnv, section: DigestSection, locale: Locale): MailBlock[] {
  const m = alertsMailFor(locale);
  const price = (v: AlertVehicle) => m.price(formatPrice(v.price, locale));
  const mileage = (v: AlertVehicle) => m.mileage(formatNumber(v.mileage, locale));
  switch (section.kind) {
    case "price-drop": {
      const [from, to] = [formatPrice(section.from, locale), formatPrice(section.to, locale)];
      const line = section.basis === "saved" ? m.priceDropSaved(from, to) : m.priceDropTold(from, to);
      return [vehicleBlock(env, section.vehicle, locale, "price-drop", [line, mileage(section.vehicle)])];
    }
    case "pending":
      return [vehicleBlock(env, section.vehicle, locale, "sale-pending", [m.pendingText, price(section.vehicle)])];
    case "sold":
      return [
        vehicleBlock(env, section.vehicle, locale, "sold", [m.soldText]),
        ...(section.similar.length ? [{ type: "heading" as const, text: m.similarHeading }] : []),
        ...section.similar.map((v) => vehicleBlock(env, v, locale, "sold", [price(v), mileage(v)])),
      ];
    case "new-match":
      return [
        { type: "paragraph", text: m.newMatchText(section.search) },
        vehicleBlock(env, section.vehicle, locale, "new-match", [price(section.vehicle), mileage(section.vehicle)]),
      ];
  }
}

/**
 * The day's one alert mail (docs/behaviour.md §21): each event with the vehicle's photo, advertised
 * price and link, the manage and unsubscribe links, the dealership's postal address, and the header
 * fields of one-click unsubscribe (RFC 2369 §3.2, RFC 8058 §3.1; decision 116). RFC 8058 wants an HTTPS
 * URI: `List-Unsubscribe-Post` is only offered when PUBLIC_URL is https.
 */
export function alertDigestMail(
  env: ServerEnv,
  input: { email: string; locale: Locale; customerId: string; manageToken: string; sections: DigestSection[] },
): NewMail {
  const m = alertsMailFor(input.locale);
  const links = alertLinks(env, input.manageToken, input.locale);
  const [only] = input.sections;
  const heading =
    input.sections.length === 1 && only?.kind === "price-drop"
      ? m.priceDropHeading(vehicleName(only.vehicle, input.locale))
      : m.digestHeading;
  const blocks: MailBlock[] = [
    ...input.sections.flatMap((section) => sectionBlocks(env, section, input.locale)),
    { type: "link", label: m.manage, href: links.manage },
    { type: "link", label: m.unsubscribe, href: links.unsubscribe },
    { type: "paragraph", text: m.why(businessProfile.name) },
  ];
  const https = links.unsubscribe.startsWith("https://");
  return {
    kind: ALERT_DIGEST_KIND,
    to: input.email,
    replyTo: businessProfile.email,
    subject: subjectOf(m, input.sections, input.locale),
    ...renderMail(heading, blocks, dealershipSignature(), LANGUAGE_TAGS[input.locale]),
    relatedType: "customer",
    relatedId: input.customerId,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      ...(https ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
    },
  };
}
