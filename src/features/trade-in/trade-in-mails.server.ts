import type { NewMail } from "~/server/data/outbox.server";
import type { TradeIn } from "~/server/data/trade-ins.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { contactRows, dealerTime, shopperLanguageLine, leadRecordUrl } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { staffTradeIns } from "~/shared/i18n/en/staff-trade-ins";
import { asLocale, LANGUAGE_TAGS, localizedPath, type Locale } from "~/shared/i18n/locales";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { tradeInMail as en } from "~/shared/i18n/en/trade-in-mail";
import { tradeInMail as es } from "~/shared/i18n/es/trade-in-mail";
import { tradeInMail as pt } from "~/shared/i18n/pt/trade-in-mail";
import { formatLongDate, formatNumber, formatPrice } from "~/shared/lib/format";
import type { LeadSource } from "~/shared/leads/lead-source";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";

/** The shopper's mails in their language (staff mails stay English). */
const shopperMail = { en, es, pt };

/** The shopper's car as a sentence names it in `locale` ("2016 Toyota Corolla", "Toyota Corolla 2016"). */
export const tradeInVehicleName = (t: Pick<TradeIn, "year" | "make" | "model" | "trim">, locale: Locale = "en") => vehicleName(t, locale);

/**
 * The mails one trade-in request sends, like every lead: the staff notification (reply-to the
 * shopper), the ADF lead when ADF_TO is set, and the shopper's acknowledgement in their language.
 */
export function tradeInRequestMails(env: ServerEnv, t: TradeIn, source: LeadSource | null = null): NewMail[] {
  const s = staffTradeIns.mail;
  const customer = `${t.firstName} ${t.lastName}`;
  const vehicle = tradeInVehicleName(t);
  const related = { relatedType: LEAD_KINDS["trade-in"].mails.relatedType, relatedId: t.id };
  const locale = asLocale(t.locale);
  const condition = s.condition(t.condition);
  // Shoppers' photos (number plates, driveways) are for signed-in staff only: mails carry the
  // dashboard's link to the request, never a photo's address (decision 085).
  const recordUrl = leadRecordUrl(env, "trade-in", t.id);

  const staffBody = renderMail(
    s.heading,
    [
      {
        type: "fields",
        rows: [
          ...contactRows({ name: "Name", phone: "Phone", email: "Email" }, { name: customer, phone: t.phone, email: t.email }),
          [s.fields.vehicle, vehicle],
          ...(t.vin ? ([[s.fields.vin, t.vin]] as const) : []),
          [s.fields.mileage, `${formatNumber(t.mileage)} mi`],
          [s.fields.zip, t.zip],
          [s.fields.condition, condition],
          ...(t.payoff !== null ? ([[s.fields.payoff, formatPrice(t.payoff)]] as const) : []),
          ...(t.lender ? ([[s.fields.lender, t.lender]] as const) : []),
          [s.fields.received, dealerTime(t.createdAt)],
        ],
      },
      ...(t.photos.length ? [{ type: "fields" as const, rows: [[s.photos, s.photosInDashboard(t.photos.length)] as const] }] : []),
      { type: "link", label: s.open, href: recordUrl },
      { type: "paragraph", text: s.replyHint },
    ],
    [businessProfile.name],
    "en-US",
    shopperLanguageLine(locale),
  );
  const mails: NewMail[] = [
    {
      kind: LEAD_KINDS["trade-in"].mails.staff,
      to: staffLeadsAddress(env),
      replyTo: t.email,
      subject: s.subject(vehicle, customer),
      ...staffBody,
      ...related,
    },
  ];

  const adfTo = adfAddress(env);
  if (adfTo) {
    const details = [
      `Condition: ${condition}`,
      ...(t.zip ? [`ZIP: ${t.zip}`] : []),
      ...(t.payoff !== null
        ? [`Payoff: ${formatPrice(t.payoff)}${t.lender ? ` (${t.lender})` : ""}`]
        : t.lender
          ? [`Lender: ${t.lender}`]
          : []),
      ...(t.photos.length ? [`${s.photos}: ${s.photosInDashboard(t.photos.length)}: ${recordUrl}`] : []),
    ];
    mails.push({
      kind: LEAD_KINDS["trade-in"].mails.adf,
      to: adfTo,
      subject: `ADF lead (${s.adfKind}): ${customer}`,
      text: buildAdfXml({
        id: t.id,
        requestDate: new Date(t.createdAt),
        vehicle: null,
        tradeIn: {
          year: t.year,
          make: t.make,
          model: t.model,
          vin: t.vin ?? undefined,
          trim: t.trim,
          odometer: t.mileage,
          comments: details.join("\n"),
        },
        tradeInOnly: true,
        customer: { firstName: t.firstName, lastName: t.lastName, email: t.email, phone: t.phone },
        language: locale,
        comments: `Trade-in appraisal request. Open it in the dashboard: ${recordUrl}`,
        vendor: businessProfile,
        provider: adfProvider(env, s.adfKind),
        source,
      }),
      ...related,
    });
  }

  const m = shopperMail[locale];
  mails.push({
    kind: "trade-in-ack",
    to: t.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: m.receivedSubject(businessProfile.name),
    ...renderMail(
      m.receivedHeading(t.firstName),
      [
        { type: "paragraph", text: m.receivedBody(tradeInVehicleName(t, locale)) },
        { type: "paragraph", text: m.replyHint },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    ...related,
  });
  return mails;
}

/** The offer mail, in the shopper's language, with the link to the offer page in that language. */
export function tradeInOfferMail(
  env: ServerEnv,
  t: TradeIn,
  offer: { low: number; high: number; note: string | null; validUntil: string },
  token: string,
): NewMail {
  const locale = asLocale(t.locale);
  const m = shopperMail[locale];
  const vehicle = tradeInVehicleName(t, locale);
  const link = `${env.publicUrl}${localizedPath(`/trade-in/offer/${token}`, locale)}`;
  const conditions = tradeInMessagesFor(locale).offer.conditions;
  return {
    kind: "trade-in-offer",
    to: t.email,
    replyTo: businessProfile.email,
    subject: m.offerSubject(vehicle),
    ...renderMail(
      m.offerHeading(t.firstName),
      [
        {
          type: "paragraph",
          text: m.offerBody(
            vehicle,
            formatPrice(offer.low, locale),
            formatPrice(offer.high, locale),
            formatLongDate(offer.validUntil, locale),
          ),
        },
        // The offer's conditions, as on its page (decision 093): inspection, title and payoff, not binding until signed.
        { type: "paragraph", text: [m.conditions, ...conditions.map((c) => `- ${c}`)].join("\n") },
        ...(offer.note ? [{ type: "quote" as const, label: m.note, text: offer.note }] : []),
        { type: "link", label: m.offerLink, href: link },
        { type: "paragraph", text: m.replyHint },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    relatedType: LEAD_KINDS["trade-in"].mails.relatedType,
    relatedId: t.id,
  };
}
