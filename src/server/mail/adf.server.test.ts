import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { adfDtdErrors } from "../../../tests/support/adf-dtd";
import { buildAdfXml, type AdfLead } from "./adf.server";

const lead: AdfLead = {
  id: "3f0c9a1e-0000-4000-8000-000000000001",
  requestDate: new Date("2026-11-23T16:30:00.000Z"),
  vehicle: {
    year: 2019,
    make: "Honda",
    model: 'Civic <EX & "Sport">',
    vin: "2HGFC2F59KH512345",
    stock: "A1234",
    trim: "EX",
    price: 18995,
    odometer: 42000,
    imageUrl: "https://demo-motors.example.com/images/abc/1200.jpg",
    comments: "Vehicle page: https://demo-motors.example.com/used-2019-honda-civic-fitchburg-ma-01430-abc",
  },
  tradeIn: null,
  customer: { firstName: "Jane", lastName: "O'Doe & <Co>", email: "jane@example.com", phone: "(978) 555-0100" },
  language: "es",
  comments: "Is it still available? ]]> <script>alert(1)</script>\u0007",
  vendor: businessProfile,
  provider: { name: "Demo Motors website", url: "https://demo-motors.example.com", service: "Contact form" },
};

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => name === "vehicle" }).parse(
    xml,
  ).adf.prospect;

describe("ADF 1.0 lead", () => {
  it("is valid against the ADF 1.0 DTD, with the processing instruction, stock, asking price, odometer and escaped values", () => {
    const xml = buildAdfXml(lead);
    expect(adfDtdErrors(xml)).toBe("");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    const prospect = parse(xml);
    expect(prospect.requestdate).toBe("2026-11-23T16:30:00+00:00");
    const [vehicle] = prospect.vehicle;
    expect(vehicle["@interest"]).toBe("buy");
    expect(vehicle["@status"]).toBe("used");
    expect(vehicle.model).toBe('Civic <EX & "Sport">');
    expect(vehicle.vin).toBe("2HGFC2F59KH512345");
    expect(vehicle.stock).toBe("A1234");
    expect(vehicle.price).toEqual({ "#text": "18995", "@type": "asking", "@currency": "USD" });
    expect(vehicle.odometer).toMatchObject({ "#text": "42000", "@units": "mi" });
    expect(vehicle.imagetag).toBe("https://demo-motors.example.com/images/abc/1200.jpg");
    expect(vehicle.comments).toContain("Vehicle page: https://demo-motors.example.com/used-2019-honda-civic");
    const names = prospect.customer.contact.name;
    expect(names.map((n: Record<string, string>) => [n["@part"], n["#text"]])).toEqual([
      ["first", "Jane"],
      ["last", "O'Doe & <Co>"],
    ]);
    expect(prospect.customer.contact.email).toBe("jane@example.com");
    // E.164, whatever the shopper typed (L3).
    expect(prospect.customer.contact.phone).toBe("+19785550100");
    expect(prospect.customer.comments).toBe("Shopper's language: Spanish (es)\n\nIs it still available? ]]> <script>alert(1)</script>");
    expect(xml).toContain("<!-- Shopper's language: Spanish (es) -->");
    expect(prospect.vendor.vendorname).toBe(businessProfile.name);
    expect(prospect.provider.url).toBe("https://demo-motors.example.com");
  });

  it("sends a general inquiry as a used vehicle with the dealer's note, since the DTD requires one", () => {
    const xml = buildAdfXml({ ...lead, vehicle: null, comments: null, language: "en" });
    expect(adfDtdErrors(xml)).toBe("");
    const [vehicle] = parse(xml).vehicle;
    expect(vehicle).toMatchObject({ "@interest": "buy", "@status": "used", year: "", make: "", model: "", comments: "General inquiry" });
    expect(parse(xml).customer.comments).toBe("Shopper's language: English (en)");
  });

  it("adds a trade-in it can name as its own vehicle and a finance block with the down payment, and the applicant's address", () => {
    const xml = buildAdfXml({
      ...lead,
      vehicle: { ...lead.vehicle, downPayment: 2500 },
      tradeIn: { year: 2012, make: "Toyota", model: "Corolla", odometer: 120000, comments: "Runs well" },
      customer: {
        ...lead.customer,
        address: { street: "12 Main Street", city: "Fitchburg", region: "MA", postalCode: "01420", country: "US" },
      },
    });
    expect(adfDtdErrors(xml)).toBe("");
    const prospect = parse(xml);
    const [buy, trade] = prospect.vehicle;
    expect(buy.finance).toEqual({
      method: "finance",
      amount: { "#text": "2500", "@type": "downpayment", "@limit": "exact", "@currency": "USD" },
    });
    expect(trade).toMatchObject({
      "@interest": "trade-in",
      "@status": "used",
      year: "2012",
      make: "Toyota",
      model: "Corolla",
      comments: "Runs well",
    });
    expect(prospect.customer.contact.address).toMatchObject({ city: "Fitchburg", regioncode: "MA", postalcode: "01420", country: "US" });
  });

  it("puts a trade-in the shopper only described in the comments, never as a blank vehicle (L3)", () => {
    const xml = buildAdfXml({ ...lead, tradeIn: { comments: "2012 Toyota Corolla, 120k miles" } });
    expect(adfDtdErrors(xml)).toBe("");
    const prospect = parse(xml);
    expect(prospect.vehicle).toHaveLength(1);
    expect(prospect.vehicle[0]["@interest"]).toBe("buy");
    expect(prospect.customer.comments).toContain("Trade-in: 2012 Toyota Corolla, 120k miles");
  });

  it("sends a standalone appraisal as the shopper's vehicle to sell (L3)", () => {
    const xml = buildAdfXml({
      ...lead,
      vehicle: null,
      tradeInOnly: true,
      tradeIn: { year: 2016, make: "Toyota", model: "Corolla", priceType: "appraisal" },
    });
    expect(adfDtdErrors(xml)).toBe("");
    const [only, ...rest] = parse(xml).vehicle;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ "@interest": "sell", "@status": "used", year: "2016", make: "Toyota", model: "Corolla" });
  });

  it("the DTD check fails on a prospect without a vehicle (the check itself can fail)", () => {
    const xml = buildAdfXml(lead).replace(/ {4}<vehicle[\s\S]*?<\/vehicle>\n/, "");
    expect(xml).not.toContain("<vehicle");
    expect(adfDtdErrors(xml)).toMatch(/prospect/);
  });

  it("names the visit that brought the shopper in <provider> and <comments>, still valid", () => {
    const xml = buildAdfXml({
      ...lead,
      source: {
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "fall & winter",
        gclid: "Cj0_a",
      },
    });
    expect(adfDtdErrors(xml)).toBe("");
    const prospect = parse(xml);
    expect(prospect.provider.service).toBe("Contact form via google / cpc / fall & winter");
    // The site's own address: never a page's, which could hold a token (decision 087).
    expect(prospect.provider.url).toBe("https://demo-motors.example.com");
    expect(prospect.customer.comments).toContain(
      "Shopper's language: Spanish (es)\n\nSource: google / cpc / fall & winter; gclid Cj0_a\n\nIs it",
    );
  });
});
