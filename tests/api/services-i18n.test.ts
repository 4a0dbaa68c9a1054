import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBookingDate } from "~/features/booking/booking-dates";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import { es } from "~/shared/i18n/es";
import { pt } from "~/shared/i18n/pt";
import { formatPrice } from "~/shared/lib/format";
import type { Service, ServiceRecord } from "~/shared/types/service";
import { openServerDatabase } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Services in three languages and the rest of the page in the page's language (decision 068):
 * the service menu per language with the English fallback marked lang="en", the owner's
 * Services API, opening hours, the no-JavaScript booking form, the inventory's JSON-LD and
 * the rate-limit answers. Real server on a demo-seeded database.
 */
let server: TestServer;
let owner: StaffClient;
let nextClient = 1;
const client = () => `198.18.0.${nextClient++}`;

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { TRUST_PROXY: "true" } });
  owner = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const services = async (query = "") => (await (await fetch(`${server.url}/api/services${query}`)).json()) as Service[];

describe("the service menu in each language", () => {
  it("GET /api/services names the demo services in English, and in Spanish or Portuguese when asked", async () => {
    const english = await services();
    expect(english.map((s) => s.name)).toEqual(DEMO_SERVICES.map((s) => s.name));
    for (const locale of ["es", "pt"] as const) {
      const localized = await services(`?locale=${locale}`);
      expect(localized.map((s) => [s.name, s.description])).toEqual(
        DEMO_SERVICES.map((s) => [s.translations[locale].name, s.translations[locale].description]),
      );
      // Translated: nothing says "English here".
      expect(localized.every((s) => s.nameLang === undefined && s.descriptionLang === undefined)).toBe(true);
    }
  });

  it("the Spanish and Portuguese booking pages show no English service name or description where a translation exists", async () => {
    for (const locale of ["es", "pt"] as const) {
      const html = await page(`/${locale}/booking`);
      for (const service of DEMO_SERVICES) {
        expect(html, `${locale}: ${service.name}`).toContain(escapeHtml(service.translations[locale].name!));
        expect(html, `${locale}: ${service.name}`).not.toContain(`>${escapeHtml(service.name)}<`);
        expect(html).not.toContain(escapeHtml(service.description));
      }
    }
  });
});

describe("the owner edits the services' texts (GET and PUT /api/admin/services)", () => {
  it("lists every language's text, saves a change (audited), and an untranslated text falls back to English marked lang=en", async () => {
    const list = (await (await owner.fetch("/api/admin/services")).json()) as ServiceRecord[];
    const brakes = list.find((s) => s.name === "Brake Inspection")!;
    expect(brakes.translations.es.name).toBe("Revisión de frenos");

    const res = await owner.fetch(`/api/admin/services/${brakes.id}`, {
      method: "PUT",
      body: {
        name: "  Brake Check  ",
        description: brakes.description,
        translations: { es: { name: "", description: brakes.translations.es.description }, pt: brakes.translations.pt },
      },
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ServiceRecord;
    expect(saved.name).toBe("Brake Check");
    expect(saved.translations.es.name).toBeNull(); // empty means untranslated

    const spanish = (await services("?locale=es")).find((s) => s.id === brakes.id)!;
    expect(spanish).toMatchObject({ name: "Brake Check", nameLang: "en", description: brakes.translations.es.description });
    expect(spanish.descriptionLang).toBeUndefined();
    expect(await page("/es/booking")).toMatch(/<span[^>]*lang="en"[^>]*>Brake Check<\/span>/);
    // The no-JavaScript form's option too, and only that one: the others are in Spanish.
    const select = /<select[^>]*id="nojs-serviceId"[^>]*>([\s\S]*?)<\/select>/.exec(await page("/es/booking"))![1]!;
    expect(select).toMatch(new RegExp(`<option value="${brakes.id}" lang="en">Brake Check \\(`));
    expect([...select.matchAll(/ lang="/g)]).toHaveLength(1);
    expect(await page("/booking")).not.toMatch(/<option[^>]* lang=/);

    const { db } = openServerDatabase(server);
    try {
      const audit = await db.selectFrom("auditLog").selectAll().where("entityId", "=", brakes.id).execute();
      expect(audit.map((a) => [a.action, a.entity])).toEqual([["service-texts", "service"]]);
    } finally {
      await db.destroy();
    }
  });

  it("refuses a missing English name (400 with the field's message) and an unknown service (404)", async () => {
    const [first] = (await (await owner.fetch("/api/admin/services")).json()) as ServiceRecord[];
    const bad = await owner.fetch(`/api/admin/services/${first!.id}`, {
      method: "PUT",
      body: { name: " ", description: "x".repeat(401), translations: first!.translations },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({ name: "Enter the English name.", description: "Use at most 400 characters." });

    const unknown = await owner.fetch("/api/admin/services/00000000-0000-4000-8000-000000000000", {
      method: "PUT",
      body: { name: "X", description: "Y", translations: first!.translations },
    });
    expect(unknown.status).toBe(404);
  });

  it("is the owner's: a service-desk account gets 403", async () => {
    const { cookie } = await signInAs(server, "service");
    expect((await fetch(`${server.url}/api/admin/services`, { headers: { cookie } })).status).toBe(403);
    const put = await fetch(`${server.url}/api/admin/services/00000000-0000-4000-8000-000000000000`, {
      method: "PUT",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(put.status).toBe(403);
  });
});

describe("dates, times, hours and money in the page's language", () => {
  it("opening hours: '8h30 às 18h' in the Portuguese footer, '8:30 a. m. – 6 p. m.' in Spanish, '8:30 AM – 6 PM' in English", async () => {
    const footer = (html: string) => html.slice(html.lastIndexOf("<footer"), html.lastIndexOf("</footer>"));
    const portuguese = footer(await page("/pt/"));
    expect(portuguese).toContain("8h30 às 18h");
    expect(portuguese).toContain("Segunda a sexta");
    expect(portuguese).not.toMatch(/\d (AM|PM)/);
    const spanish = footer(await page("/es/"));
    expect(spanish).toContain("8:30 a. m. – 6 p. m.");
    expect(spanish).toContain("Lunes a viernes");
    expect(footer(await page("/"))).toContain("8:30 AM – 6 PM");
  });

  it("the no-JavaScript booking form lists days, times and prices in Spanish and Portuguese", async () => {
    for (const locale of ["es", "pt"] as const) {
      const html = await page(`/${locale}/booking`);
      const selects = new Map([...html.matchAll(/<select[^>]*id="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)].map((m) => [m[1], m[2]!]));
      const days = [...selects.get("nojs-bookingDate")!.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"[^>]*>([^<]+)</g)];
      expect(days.length).toBeGreaterThan(0);
      for (const [, iso, label] of days) expect(label).toBe(formatBookingDate(iso!, locale));
      expect(days[0]![2]).toMatch(/^\d{1,2} de \p{L}+ de 20\d\d$/u); // "3 de diciembre de 2026", "3 de dezembro de 2026"
      const times = selects.get("nojs-bookingTime")!;
      expect(times).toContain(locale === "es" ? ">9:00 a. m.<" : ">09:00<");
      expect(times).not.toMatch(/AM|PM/);
      expect(selects.get("nojs-serviceId")).toContain(escapeHtml(formatPrice(59, locale)));
    }
    expect(await page("/pt/booking")).toContain("US$\u00a059");
  });

  it("the booking confirmation's heading is the exact English 'Booking Confirmed!' on English pages, translated on Spanish and Portuguese ones", async () => {
    expect(es.booking.confirmation.heading).toBe("¡Cita reservada!");
    expect(pt.booking.confirmation.heading).toBe("Agendamento realizado!");
    const [oilChange] = await services();
    for (const [locale, heading] of [
      ["en", "Booking Confirmed!"],
      ["es", es.booking.confirmation.heading],
      ["pt", pt.booking.confirmation.heading],
    ] as const) {
      const path = locale === "en" ? "/booking" : `/${locale}/booking`;
      // A day the no-JavaScript form offers (the last, so no time of it has passed).
      const form = await page(path);
      const day = [...form.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].at(-1)![1]!;
      const times = /<select[^>]*id="nojs-bookingTime"[^>]*>([\s\S]*?)<\/select>/.exec(form)![1]!;
      // A different slot for each language, so none is taken by the one before.
      const time = [...times.matchAll(/<option value="(\d\d:\d\d)"/g)][["en", "es", "pt"].indexOf(locale)]![1]!;
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client() },
        body: new URLSearchParams({
          serviceId: oilChange!.id,
          bookingDate: day,
          bookingTime: time,
          customerFirstName: "Inês",
          customerLastName: locale,
          customerEmail: `confirmed-${locale}@example.com`,
          customerPhone: "9785550123",
        }).toString(),
      });
      expect(res.status, locale).toBe(201);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`<h2 id="booking-confirmation-heading"[^>]*>${heading}</h2>`));
      if (locale !== "en") expect(html).not.toContain("Booking Confirmed!");
    }
  });

  it("the JSON-LD of /es/inventory and /pt/inventory points at the Spanish and Portuguese vehicle pages", async () => {
    for (const locale of ["es", "pt"] as const) {
      const html = await page(`/${locale}/inventory`);
      const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;
      type ItemList = { "@type": string; itemListElement: { item: { url: string; "@id": string } }[] };
      const list = [...html.matchAll(json)].map((m) => JSON.parse(m[1]!) as ItemList).find((d) => d["@type"] === "ItemList")!;
      expect(list.itemListElement.length).toBeGreaterThan(0);
      for (const { item } of list.itemListElement) {
        expect(new URL(item.url).pathname).toMatch(new RegExp(`^/${locale}/used-`));
        expect(item["@id"]).toBe(`${item.url}#vehicle`);
      }
    }
  });

  it("a rate-limited JSON call answers in the language of the page that sent it", async () => {
    const ip = client();
    const send = (referer: string) =>
      fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, Referer: `${server.url}${referer}` },
        body: JSON.stringify({ locale: "es" }),
      });
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await send("/es/contact");
    expect(last!.status).toBe(429);
    expect(((await last!.json()) as { error: string }).error).toBe(es.contact.api.tooMany);
    const portuguese = await send("/pt/vehicle-page");
    expect(((await portuguese.json()) as { error: string }).error).toBe(pt.contact.api.tooMany);
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
