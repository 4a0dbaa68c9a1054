import type { BusinessProfile } from "~/shared/config/business-profile";
import type { Locale } from "~/shared/i18n/locales";
import { phoneE164 } from "~/shared/leads/customer-match";
import { campaignName, sourceSummary, type LeadSource } from "~/shared/leads/lead-source";

/**
 * ADF 1.0 (Auto-lead Data Format), the XML every dealer CRM ingests, sent as a mail's
 * plain-text body. Elements follow the DTD's order and every document this module writes is
 * valid against it (tests/fixtures/adf-1.0.dtd, decision 057); every value is escaped.
 */

/** One `<vehicle>`. A vehicle from stock carries everything; one the shopper only described may carry nothing but comments. */
export type AdfVehicle = {
  year?: number;
  make?: string;
  model?: string;
  vin?: string;
  stock?: string | null;
  trim?: string | null;
  odometer?: number;
  /** An absolute photo URL (`<imagetag>`). */
  imageUrl?: string;
  price?: number;
  /** What `price` is: the asking price by default; a deal sheet's quote, a trade-in's appraisal. */
  priceType?: "asking" | "quote" | "appraisal";
  /** Words on the price (`<pricecomments>`): what a quoted total is made of. */
  priceComments?: string;
  /** The shopper's down payment in whole dollars (a financing application). */
  downPayment?: number;
  /**
   * A deal's financing, in dollars with cents: the down payment, the monthly payment (when there is
   * a loan) and the amount financed, which the DTD's amount of type "total" carries.
   */
  finance?: { downPayment: number; monthly: number | null; amountFinanced: number };
  comments?: string | null;
};

export type AdfLead = {
  /** The lead's own id, so the CRM can spot a repeat. */
  id: string;
  requestDate: Date;
  /** The vehicle asked about; null is a general inquiry, still sent as a vehicle (the DTD requires one). */
  vehicle: AdfVehicle | null;
  /** What the shopper said about a trade-in, as its own `<vehicle interest="trade-in">`; null for none. */
  tradeIn: AdfVehicle | null;
  /**
   * A trade-in appraisal asks about no vehicle to buy: its only vehicle is the trade-in (which
   * satisfies the DTD's vehicle+), rather than a general-inquiry vehicle beside it.
   */
  tradeInOnly?: boolean;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address?: { street: string; city: string; region: string; postalCode: string; country: string };
  };
  /** The language the shopper wrote in, so the CRM can route the lead to someone who speaks it. */
  language: Locale;
  comments: string | null;
  vendor: BusinessProfile;
  provider: { name: string; url: string; service: string };
  /** The visit that brought the shopper (docs/decisions/078-lead-source-and-lead-report.md): named in `<provider>` and `<comments>`. */
  source?: LeadSource | null;
};

/** The dealer's note on a lead with no vehicle: CRMs file a vehicle with empty year, make and model under it. */
export const GENERAL_INQUIRY = "General inquiry";

/** Language names as an English-reading salesperson or CRM rule expects them. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Locale, string> = { en: "English", es: "Spanish", pt: "Portuguese (Brazil)" };

export function escapeXml(value: string | number): string {
  return (
    String(value)
      // Characters XML 1.0 cannot carry at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** ISO 8601 with the UTC offset, as ADF's requestdate asks (2026-11-23T16:30:00+00:00). */
function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** The "Shopper's language: Spanish (es)" line the lead's comments start with. */
export function languageLine(language: Locale): string {
  return `Shopper's language: ${LANGUAGE_NAMES_IN_ENGLISH[language]} (${language})`;
}

/** A trade-in the lead says something a CRM can file about (year, make, model, VIN or a value), not just "I have one". */
const namesAVehicle = (v: AdfVehicle) => Boolean(v.year || v.make || v.model || v.vin || v.price !== undefined);

function vehicleLines(v: AdfVehicle, interest: "buy" | "trade-in" | "sell"): string[] {
  const x = escapeXml;
  const optional = (tag: string, value: string | number | null | undefined, attributes = "") =>
    value === undefined || value === null || value === "" ? [] : [`      <${tag}${attributes}>${x(value)}</${tag}>`];
  return [
    `    <vehicle interest="${interest}" status="used">`,
    // Required by the DTD even when unknown: an empty element says "not given" without guessing.
    `      <year>${v.year === undefined ? "" : x(v.year)}</year>`,
    `      <make>${x(v.make ?? "")}</make>`,
    `      <model>${x(v.model ?? "")}</model>`,
    ...optional("vin", v.vin),
    ...optional("stock", v.stock),
    ...optional("trim", v.trim),
    ...optional("odometer", v.odometer, ' status="unknown" units="mi"'),
    ...optional("imagetag", v.imageUrl),
    ...optional("price", v.price, ` type="${v.priceType ?? "asking"}" currency="USD"`),
    ...optional("pricecomments", v.priceComments),
    ...(v.finance
      ? [
          "      <finance>",
          "        <method>finance</method>",
          `        <amount type="downpayment" limit="exact" currency="USD">${x(v.finance.downPayment.toFixed(2))}</amount>`,
          ...(v.finance.monthly === null
            ? []
            : [`        <amount type="monthly" limit="exact" currency="USD">${x(v.finance.monthly.toFixed(2))}</amount>`]),
          `        <amount type="total" limit="exact" currency="USD">${x(v.finance.amountFinanced.toFixed(2))}</amount>`,
          "      </finance>",
        ]
      : v.downPayment === undefined
        ? []
        : [
            "      <finance>",
            "        <method>finance</method>",
            `        <amount type="downpayment" limit="exact" currency="USD">${x(v.downPayment)}</amount>`,
            "      </finance>",
          ]),
    ...optional("comments", v.comments),
    "    </vehicle>",
  ];
}

/**
 * The website as `<provider>`, naming the campaign that brought the lead in its service
 * ("Contact form via google / cpc / fall"), so a CRM that reports by provider counts the dealer's
 * campaigns apart. Its URL is the site's: no page address, which could hold a token (decision 087).
 */
function providerOf(lead: AdfLead): AdfLead["provider"] {
  const s = lead.source;
  if (!s) return lead.provider;
  return {
    name: lead.provider.name,
    service: `${lead.provider.service} via ${campaignName(s)}`,
    url: lead.provider.url,
  };
}

export function buildAdfXml(lead: AdfLead): string {
  const x = escapeXml;
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<?adf version="1.0"?>', "<adf>", "  <prospect>"];
  lines.push(`    <id sequence="1" source="${x(lead.provider.name)}">${x(lead.id)}</id>`);
  lines.push(`    <requestdate>${isoWithOffset(lead.requestDate)}</requestdate>`);
  // The DTD requires at least one vehicle (vehicle+): a strict importer rejects a prospect without one.
  // A standalone appraisal is the shopper selling their car: interest="sell" (L3), its only vehicle.
  if (lead.tradeInOnly && lead.tradeIn) lines.push(...vehicleLines(lead.tradeIn, "sell"));
  else {
    lines.push(...vehicleLines(lead.vehicle ?? { comments: GENERAL_INQUIRY }, "buy"));
    // A trade-in the shopper only said they have goes in the comments: an empty <vehicle> makes a blank vehicle in a CRM (L3).
    if (lead.tradeIn && namesAVehicle(lead.tradeIn)) lines.push(...vehicleLines(lead.tradeIn, "trade-in"));
  }
  const unnamedTradeIn =
    !lead.tradeInOnly && lead.tradeIn && !namesAVehicle(lead.tradeIn) && lead.tradeIn.comments
      ? `Trade-in: ${lead.tradeIn.comments}`
      : null;
  const c = lead.customer;
  const language = languageLine(lead.language);
  const source = sourceSummary(lead.source);
  lines.push(
    "    <customer>",
    "      <contact>",
    // contact has no element for a language: an XML comment keeps it beside the name for a person
    // reading the raw lead; the customer's comments below carry it for the CRM.
    `        <!-- ${language} -->`,
    `        <name part="first">${x(c.firstName)}</name>`,
    `        <name part="last">${x(c.lastName)}</name>`,
    `        <email>${x(c.email)}</email>`,
    // E.164 ("+19785550199") as the customers table keeps it, so a CRM matches the same person however they typed it (L3).
    `        <phone>${x(phoneE164(c.phone) ?? c.phone)}</phone>`,
  );
  if (c.address) {
    lines.push(
      '        <address type="home">',
      `          <street line="1">${x(c.address.street)}</street>`,
      `          <city>${x(c.address.city)}</city>`,
      `          <regioncode>${x(c.address.region)}</regioncode>`,
      `          <postalcode>${x(c.address.postalCode)}</postalcode>`,
      `          <country>${x(c.address.country)}</country>`,
      "        </address>",
    );
  }
  lines.push(
    "      </contact>",
    `      <comments>${x([language, source, lead.comments, unnamedTradeIn].filter(Boolean).join("\n\n"))}</comments>`,
    "    </customer>",
  );
  const d = lead.vendor;
  const provider = providerOf(lead);
  lines.push(
    "    <vendor>",
    `      <vendorname>${x(d.name)}</vendorname>`,
    "      <contact>",
    `        <name part="full">${x(d.name)}</name>`,
    `        <email>${x(d.email)}</email>`,
    `        <phone type="voice">${x(d.phone)}</phone>`,
    "        <address>",
    `          <street line="1">${x(d.address.street)}</street>`,
    `          <city>${x(d.address.city)}</city>`,
    `          <regioncode>${x(d.address.region)}</regioncode>`,
    `          <postalcode>${x(d.address.postalCode)}</postalcode>`,
    `          <country>${x(d.address.country)}</country>`,
    "        </address>",
    "      </contact>",
    "    </vendor>",
    "    <provider>",
    `      <name part="full">${x(provider.name)}</name>`,
    `      <service>${x(provider.service)}</service>`,
    `      <url>${x(provider.url)}</url>`,
    "    </provider>",
    "  </prospect>",
    "</adf>",
  );
  return lines.join("\n") + "\n";
}
