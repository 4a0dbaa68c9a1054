import { describe, expect, it } from "vitest";
import { dealerTime, leadRecordUrl, mailtoHref, shopperLanguageLine, staffRecordUrl, telHref } from "./staff-mail.server";
import type { ServerEnv } from "~/server/env.server";

describe("what staff mails show", () => {
  it("gives times on the dealership's clock, in standard and in daylight time", () => {
    expect(dealerTime("2026-11-25T11:08:27.017Z")).toBe("Wed, Nov 25, 2026, 6:08 AM ET");
    expect(dealerTime("2026-07-04T16:30:00.000Z")).toBe("Sat, Jul 4, 2026, 12:30 PM ET");
    // Just after midnight UTC is still the evening before in Fitchburg.
    expect(dealerTime(new Date("2026-03-01T03:15:00.000Z"))).toBe("Sat, Feb 28, 2026, 10:15 PM ET");
  });

  it("makes phone numbers dialable and addresses mailable", () => {
    expect(telHref("(978) 555-0100")).toBe("tel:+19785550100");
    expect(telHref("1-978-555-0100")).toBe("tel:+19785550100");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(mailtoHref("jane.doe+cars@example.com")).toBe("mailto:jane.doe%2Bcars@example.com");
  });

  it("links to the record in the staff app and names the shopper's language", () => {
    const env = { publicUrl: "https://cars.example" } as ServerEnv;
    // Every record at its own address (decision 100); a lead's from the registry of lead kinds.
    const id = "3f0c9a1e-0000-4000-8000-000000000001";
    expect(staffRecordUrl(env, "customers", id)).toBe(`https://cars.example/podium/customers/${id}`);
    expect(staffRecordUrl(env, "vehicles", id)).toBe(`https://cars.example/podium/vehicles/${id}`);
    expect(staffRecordUrl(env, "financing", id)).toBe(`https://cars.example/podium/financing/${id}`);
    expect(leadRecordUrl(env, "financing", id)).toBe(`https://cars.example/podium/financing/${id}`);
    expect(leadRecordUrl(env, "message", id)).toBe(`https://cars.example/podium/messages/${id}`);
    expect(leadRecordUrl(env, "deal", id)).toBe(`https://cars.example/podium/deals/${id}`);
    expect(leadRecordUrl(env, "trade-in", id)).toBe(`https://cars.example/podium/trade-ins/${id}`);
    expect(leadRecordUrl(env, "booking", id)).toBe(`https://cars.example/podium/bookings?id=${id}`);
    expect(shopperLanguageLine("es")).toBe("Shopper wrote in Spanish");
    expect(shopperLanguageLine("pt")).toBe("Shopper wrote in Portuguese (Brazil)");
    expect(shopperLanguageLine("xx")).toBe("Shopper wrote in English");
  });
});
