import type { LeadSource } from "~/shared/leads/lead-source";
import type { NewMail } from "~/server/data/outbox.server";
import type { Deal } from "~/server/data/deals.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { contactRows, dealerTime, shopperLanguageLine, leadRecordUrl } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { dealDocumentsMessagesFor } from "~/shared/i18n/deal-documents-messages";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { staffDeals } from "~/shared/i18n/en/staff-deals";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { asLocale, LANGUAGE_TAGS, localizedPath, type Locale } from "~/shared/i18n/locales";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { estimateBreakdown, paymentDetails, paymentSentence } from "~/shared/lib/estimate-breakdown";
import { formatCents, formatPercent } from "~/shared/lib/money-text";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { dealWarrantyLines } from "./deal-warranty-lines.server";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";

/** The sheet's vehicle as a sentence names it in `locale` ("2021 Honda Civic LX", "Honda Civic LX 2021"). */
export const dealVehicleName = (d: Pick<Deal, "vehicle">, locale: Locale = "en") => vehicleName(d.vehicle, locale);

/** The sheet's link in the shopper's language. */
export const dealSheetUrl = (env: ServerEnv, token: string, locale: string) =>
  `${env.publicUrl}${localizedPath(`/deal/${token}`, asLocale(locale))}`;

/**
 * The shopper's mail with the link to their sheet, in their language: the out-the-door price (never
 * negative) and any amount due to them, what the dealer holds until the date and what it does not
 * (decision 093). `previous`: the version staff revised, which keeps holding until its own date.
 */
export function dealShopperMail(env: ServerEnv, deal: Deal, token: string, previous: Deal | null): NewMail {
  const locale = asLocale(deal.locale);
  const m = dealDocumentsMessagesFor(locale);
  const sheet = dealSheetMessagesFor(locale).sheet;
  const vehicle = dealVehicleName(deal, locale);
  const date = (iso: string) => formatLongDate(iso, locale);
  const body = previous ? m.mail.revisedBody : m.mail.body;
  const due = deal.estimate.amountDueToYou > 0 ? [m.mail.dueToYou(formatCents(deal.estimate.amountDueToYou, locale))] : [];
  const earlier = previous && previous.validUntil >= deal.createdAt.slice(0, 10) ? [m.mail.earlierHeld(date(previous.validUntil))] : [];
  return {
    kind: previous ? "deal-revised" : "deal-sheet",
    to: deal.shopper.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: (previous ? m.mail.revisedSubject : m.mail.subject)(vehicle),
    ...renderMail(
      m.mail.heading(deal.shopper.firstName),
      [
        {
          type: "paragraph",
          text: [body(vehicle, formatCents(deal.estimate.outTheDoor, locale), date(deal.validUntil)), ...due].join(" "),
        },
        { type: "paragraph", text: `${sheet.commitment(date(deal.validUntil))} ${sheet.notCommitted}` },
        ...earlier.map((text) => ({ type: "paragraph" as const, text })),
        { type: "link", label: m.mail.link, href: dealSheetUrl(env, token, locale) },
        { type: "paragraph", text: m.mail.replyHint },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    relatedType: LEAD_KINDS.deal.mails.relatedType,
    relatedId: deal.id,
  };
}

/**
 * The mails a shopper's deal request sends, like every lead: the staff notification with every
 * number (reply-to the shopper), the ADF lead when ADF_TO is set, and the shopper's link.
 */
export function dealRequestMails(env: ServerEnv, deal: Deal, source: LeadSource | null = null): NewMail[] {
  const s = staffDeals.mail;
  const customer = `${deal.shopper.firstName} ${deal.shopper.lastName}`;
  const vehicle = dealVehicleName(deal);
  const v = deal.vehicle;
  const e = deal.estimate;
  const money = (n: number) => formatCents(n, "en");
  const breakdown = estimateBreakdown(e, deal.input, deal.salesTaxRate, "en");
  const payment = paymentSentence(e, deal.input, "en");
  const details = paymentDetails(e, "en");
  const related = { relatedType: LEAD_KINDS.deal.mails.relatedType, relatedId: deal.id };
  const dashboard = leadRecordUrl(env, "deal", deal.dealGroupId);
  const vehicleUrl = `${env.publicUrl}${vehiclePath(v)}`;

  const staffBody = renderMail(
    s.heading,
    [
      {
        type: "fields",
        rows: [
          ...contactRows(
            { name: "Name", phone: "Phone", email: "Email" },
            { name: customer, phone: deal.shopper.phone, email: deal.shopper.email },
          ),
          [s.fields.vehicle, vehicle, vehicleUrl],
          ...(v.stockNumber ? ([[s.fields.stock, v.stockNumber]] as const) : []),
          [s.fields.vin, v.vin],
          [s.fields.mileage, `${formatNumber(v.mileage)} mi`],
          [s.fields.creditBand, staffDeals.bands[deal.input.creditBand]],
          [s.fields.apr, e.apr === null ? s.noRates : formatPercent(e.apr, "en")],
          [s.fields.term, `${e.termMonths} months`],
          [s.fields.validUntil, formatLongDate(deal.validUntil)],
          [s.fields.received, dealerTime(deal.createdAt)],
        ],
      },
      { type: "fields", rows: breakdown.map((line) => [line.label, money(line.amount)] as const) },
      ...(payment ? [{ type: "paragraph" as const, text: [`${payment}.`, ...details].join(" ") }] : []),
      ...(e.amountDueToYou > 0 ? [{ type: "paragraph" as const, text: estimateMessagesFor("en").dueToYou(money(e.amountDueToYou)) }] : []),
      { type: "paragraph", text: dealWarrantyLines(deal.warranty, "en").join(" ") },
      { type: "link", label: s.open, href: dashboard },
      { type: "paragraph", text: s.replyHint },
    ],
    [businessProfile.name],
    "en-US",
    shopperLanguageLine(deal.locale),
  );
  const mails: NewMail[] = [
    {
      kind: LEAD_KINDS.deal.mails.staff,
      to: staffLeadsAddress(env),
      replyTo: deal.shopper.email,
      subject: s.subject(vehicle, customer),
      ...staffBody,
      ...related,
    },
  ];

  const adfTo = adfAddress(env);
  if (adfTo) {
    mails.push({
      kind: LEAD_KINDS.deal.mails.adf,
      to: adfTo,
      subject: `ADF lead (${s.adfKind}): ${customer}`,
      text: buildAdfXml({
        id: deal.id,
        requestDate: new Date(deal.createdAt),
        vehicle: {
          year: v.year,
          make: v.make,
          model: v.model,
          vin: v.vin,
          stock: v.stockNumber,
          trim: v.trim,
          odometer: v.mileage,
          // The quote is the vehicle's out-the-door price, never net of the trade-in (which has its own
          // vehicle and appraisal below), so never negative; its parts are in the price's comments.
          price: e.outTheDoor,
          priceType: "quote",
          priceComments: breakdown.map((line) => `${line.label}: ${money(line.amount)}`).join("; "),
          finance: { downPayment: deal.input.downPayment, monthly: payment ? e.monthlyPayment : null, amountFinanced: e.amountFinanced },
          comments: [
            `Vehicle page: ${vehicleUrl}`,
            `Credit band: ${staffDeals.bands[deal.input.creditBand]}; APR ${e.apr === null ? s.noRates : formatPercent(e.apr, "en")}; ${e.termMonths} months`,
            ...(payment ? [`${payment}; ${details.join("; ")}`] : []),
            ...(e.amountDueToYou > 0
              ? [`Amount due to the buyer (trade-in equity beyond the out-the-door price): ${money(e.amountDueToYou)}`]
              : []),
            `Valid until ${deal.validUntil}`,
          ].join("\n"),
        },
        tradeIn:
          e.tradeInValue > 0 || e.tradeInPayoff > 0
            ? {
                // The shopper gave the trade's value and payoff only, not the car: year, make and model stay empty.
                price: e.tradeInValue,
                priceType: "appraisal",
                comments: `Trade-in value given by the shopper: ${money(e.tradeInValue)}; still owed on it: ${money(e.tradeInPayoff)}`,
              }
            : null,
        customer: {
          firstName: deal.shopper.firstName,
          lastName: deal.shopper.lastName,
          email: deal.shopper.email,
          phone: deal.shopper.phone,
        },
        language: asLocale(deal.locale),
        comments: `Deal sheet requested from the website. Open it in the dashboard: ${dashboard}`,
        vendor: businessProfile,
        provider: adfProvider(env, s.adfKind),
        source,
      }),
      ...related,
    });
  }
  return mails;
}
