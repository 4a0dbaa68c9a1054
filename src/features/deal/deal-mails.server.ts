import type { LeadSource } from "~/shared/leads/lead-source";
import type { NewMail } from "~/server/data/outbox.server";
import type { Deal } from "~/server/data/deals.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { contactRows, dashboardRecordUrl, dealerTime, shopperLanguageLine } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { staffDeals } from "~/shared/i18n/en/staff-deals";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { asLocale, LANGUAGE_TAGS, localizedPath } from "~/shared/i18n/locales";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { formatCents, formatPercent } from "~/shared/lib/money-text";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { dealBreakdown, paymentSentence } from "./deal-breakdown";

export const dealVehicleName = (d: Pick<Deal, "vehicle">) =>
  [d.vehicle.year, d.vehicle.make, d.vehicle.model, d.vehicle.trim].filter(Boolean).join(" ");

/** The sheet's link in the shopper's language. */
export const dealSheetUrl = (env: ServerEnv, token: string, locale: string) =>
  `${env.publicUrl}${localizedPath(`/deal/${token}`, asLocale(locale))}`;

/** The shopper's mail with the link to their sheet, in their language; `revised` for staff's new version. */
export function dealShopperMail(env: ServerEnv, deal: Deal, token: string, revised: boolean): NewMail {
  const locale = asLocale(deal.locale);
  const m = dealSheetMessagesFor(locale).mail;
  const vehicle = dealVehicleName(deal);
  const body = revised ? m.revisedBody : m.body;
  return {
    kind: revised ? "deal-revised" : "deal-sheet",
    to: deal.shopper.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: (revised ? m.revisedSubject : m.subject)(vehicle),
    ...renderMail(
      m.heading(deal.shopper.firstName),
      [
        { type: "paragraph", text: body(vehicle, formatCents(deal.estimate.outTheDoor, locale), formatLongDate(deal.validUntil, locale)) },
        { type: "link", label: m.link, href: dealSheetUrl(env, token, locale) },
        { type: "paragraph", text: m.replyHint },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    relatedType: "deal",
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
  const breakdown = dealBreakdown(e, deal.input, deal.salesTaxRate, "en");
  const payment = paymentSentence(e, deal.input, "en");
  const related = { relatedType: "deal" as const, relatedId: deal.id };
  const dashboard = dashboardRecordUrl(env, "deals", deal.id);
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
          [s.fields.apr, formatPercent(e.apr, "en")],
          [s.fields.term, `${e.termMonths} months`],
          [s.fields.validUntil, formatLongDate(deal.validUntil)],
          [s.fields.received, dealerTime(deal.createdAt)],
        ],
      },
      { type: "fields", rows: breakdown.map((line) => [line.label, money(line.amount)] as const) },
      ...(payment
        ? [
            {
              type: "paragraph" as const,
              text: `${payment}. ${estimateMessagesFor("en").lines.totalOfPayments}: ${money(e.totalOfPayments)}`,
            },
          ]
        : []),
      { type: "link", label: s.open, href: dashboard },
      { type: "paragraph", text: s.replyHint },
    ],
    [businessProfile.name],
    "en-US",
    shopperLanguageLine(deal.locale),
  );
  const mails: NewMail[] = [
    {
      kind: "deal-staff",
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
      kind: "deal-adf",
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
          // The quote is the sheet's out-the-door price; its parts are in the price's comments.
          price: e.outTheDoor,
          priceType: "quote",
          priceComments: breakdown.map((line) => `${line.label}: ${money(line.amount)}`).join("; "),
          finance: { downPayment: deal.input.downPayment, monthly: payment ? e.monthlyPayment : null, amountFinanced: e.amountFinanced },
          comments: [
            `Vehicle page: ${vehicleUrl}`,
            `Credit band: ${staffDeals.bands[deal.input.creditBand]}; APR ${formatPercent(e.apr, "en")}; ${e.termMonths} months`,
            ...(payment ? [`${payment}; total of payments ${money(e.totalOfPayments)}`] : []),
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
