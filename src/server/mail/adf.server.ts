import type { BusinessProfile } from "~/shared/config/business-profile";

/**
 * ADF 1.0 (Auto-lead Data Format), the XML every dealer CRM ingests, sent as a mail's
 * plain-text body. Elements follow the specification's order; every value is escaped.
 */
export type AdfLead = {
  /** The lead's own id, so the CRM can spot a repeat. */
  id: string;
  requestDate: Date;
  /** A vehicle from stock carries vin, price and odometer; one the shopper only named may not. */
  vehicle: { year: number; make: string; model: string; vin?: string; price?: number; odometer?: number } | null;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  comments: string | null;
  vendor: BusinessProfile;
  provider: { name: string; url: string; service: string };
};

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

export function buildAdfXml(lead: AdfLead): string {
  const x = escapeXml;
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<?adf version="1.0"?>', "<adf>", "  <prospect>"];
  lines.push(`    <id sequence="1" source="${x(lead.provider.name)}">${x(lead.id)}</id>`);
  lines.push(`    <requestdate>${isoWithOffset(lead.requestDate)}</requestdate>`);
  const v = lead.vehicle;
  if (v) {
    lines.push(
      '    <vehicle interest="buy" status="used">',
      `      <year>${x(v.year)}</year>`,
      `      <make>${x(v.make)}</make>`,
      `      <model>${x(v.model)}</model>`,
      ...(v.vin ? [`      <vin>${x(v.vin)}</vin>`] : []),
      ...(v.odometer !== undefined ? [`      <odometer status="unknown" units="mi">${x(v.odometer)}</odometer>`] : []),
      ...(v.price !== undefined ? [`      <price type="asking" currency="USD">${x(v.price)}</price>`] : []),
      "    </vehicle>",
    );
  }
  const c = lead.customer;
  lines.push(
    "    <customer>",
    "      <contact>",
    `        <name part="first">${x(c.firstName)}</name>`,
    `        <name part="last">${x(c.lastName)}</name>`,
    `        <email>${x(c.email)}</email>`,
    `        <phone>${x(c.phone)}</phone>`,
    "      </contact>",
  );
  if (lead.comments) lines.push(`      <comments>${x(lead.comments)}</comments>`);
  lines.push("    </customer>");
  const d = lead.vendor;
  lines.push(
    "    <vendor>",
    `      <vendorname>${x(d.name)}</vendorname>`,
    '      <contact primarycontact="1">',
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
    `      <name part="full">${x(lead.provider.name)}</name>`,
    `      <service>${x(lead.provider.service)}</service>`,
    `      <url>${x(lead.provider.url)}</url>`,
    "    </provider>",
    "  </prospect>",
    "</adf>",
  );
  return lines.join("\n") + "\n";
}
