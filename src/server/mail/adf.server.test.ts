import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { buildAdfXml, type AdfLead } from "./adf.server";

const lead: AdfLead = {
  id: "3f0c9a1e-0000-4000-8000-000000000001",
  requestDate: new Date("2026-11-23T16:30:00.000Z"),
  vehicle: { year: 2019, make: "Honda", model: 'Civic <EX & "Sport">', vin: "2HGFC2F59KH512345", price: 18995, odometer: 42000 },
  customer: { firstName: "Jane", lastName: "O'Doe & <Co>", email: "jane@example.com", phone: "(978) 555-0100" },
  comments: "Is it still available? ]]> <script>alert(1)</script>\u0007",
  vendor: businessProfile,
  provider: { name: "Demo Motors website", url: "https://demo-motors.example.com", service: "Contact form" },
};

describe("ADF 1.0 lead", () => {
  it("is well-formed XML with the ADF processing instruction and escaped values", () => {
    const xml = buildAdfXml(lead);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false }).parse(xml);
    const prospect = doc.adf.prospect;
    expect(prospect.requestdate).toBe("2026-11-23T16:30:00+00:00");
    expect(prospect.vehicle["@interest"]).toBe("buy");
    expect(prospect.vehicle["@status"]).toBe("used");
    expect(prospect.vehicle.model).toBe('Civic <EX & "Sport">');
    expect(prospect.vehicle.vin).toBe("2HGFC2F59KH512345");
    expect(prospect.vehicle.price["#text"]).toBe("18995");
    expect(prospect.vehicle.odometer["#text"]).toBe("42000");
    const names = prospect.customer.contact.name;
    expect(names.map((n: Record<string, string>) => [n["@part"], n["#text"]])).toEqual([
      ["first", "Jane"],
      ["last", "O'Doe & <Co>"],
    ]);
    expect(prospect.customer.contact.email).toBe("jane@example.com");
    expect(prospect.customer.comments).toBe("Is it still available? ]]> <script>alert(1)</script>");
    expect(prospect.vendor.vendorname).toBe(businessProfile.name);
    expect(prospect.provider.url).toBe("https://demo-motors.example.com");
  });

  it("leaves the vehicle out when the lead names none", () => {
    const xml = buildAdfXml({ ...lead, vehicle: null, comments: null });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<vehicle");
    expect(xml).not.toContain("<comments>");
  });
});
