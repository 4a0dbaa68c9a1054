import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/shared/i18n/en";
import { es } from "~/shared/i18n/es";
import { pt } from "~/shared/i18n/pt";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let vehiclePath: string;
/** PUBLIC_URL as the server uses it in canonical links and the sitemap. */
let publicUrl: string;
let nextClient = 1;
const newClient = () => `198.51.100.${nextClient++}`;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  const html = await (await fetch(`${server.url}/inventory`)).text();
  vehiclePath = /href="(\/used-[^"]+)"/.exec(html)![1]!;
  publicUrl = /<link rel="canonical" href="([^"]+)\/inventory"/.exec(html)![1]!;
});
afterAll(async () => {
  await server?.stop();
});

const invalidMessage = { firstName: "", lastName: "Silva", email: "not-an-email", phone: "12", message: "short" };

function postContact(body: unknown) {
  return fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": newClient() },
    body: JSON.stringify(body),
  });
}

describe("POST /api/contact in the shopper's language", () => {
  it.each([
    ["es", es],
    ["pt", pt],
    ["en", en],
  ] as const)("answers field errors in %s when the body says locale", async (locale, messages) => {
    const res = await postContact({ ...invalidMessage, locale });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({
      firstName: messages.contact.errors.firstName,
      email: messages.contact.errors.email,
      phone: messages.contact.errors.phone,
      message: messages.contact.errors.message,
    });
  });

  it("falls back to English without a locale or with an unknown one", async () => {
    for (const body of [invalidMessage, { ...invalidMessage, locale: "fr" }]) {
      const res = await postContact(body);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.firstName).toBe("First name is required");
    }
  });
});

/** Every fixed (non-function) string of a catalogue. */
function catalogueStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(catalogueStrings);
  return [];
}

/** What a reader sees or hears: text between tags and the accessible-name attributes, HTML-decoded. */
function visibleTexts(html: string): string[] {
  const body = html
    .slice(html.indexOf("<body"))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "");
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  const texts = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1]!);
  const attributes = [...body.matchAll(/\s(?:aria-label|alt|placeholder|title)="([^"]*)"/g)].map((m) => m[1]!);
  return [...texts, ...attributes].map((s) => decode(s).trim()).filter(Boolean);
}

/** A page's address in a language, in its one spelling: the Spanish home page is "/es", not "/es/" (decision 087). */
const inLanguage = (prefix: string, page: string) => (page === "/" ? prefix || "/" : `${prefix}${page}`);

describe("Spanish and Portuguese pages", () => {
  const pages = ["/", "/inventory", "/financing", "/about", "/contact", "/booking", "/privacy", "/no-such-page"];

  it.each([
    ["es", es],
    ["pt", pt],
  ] as const)("/%s/* render no English catalogue text, with lang, canonical and hreflang alternates", async (locale, messages) => {
    const translated = new Set(catalogueStrings(messages));
    // English strings that are also this language's word (names, codes, "Total", "SUV") are not English-only.
    const englishOnly = new Set(catalogueStrings(en).filter((s) => !translated.has(s)));
    for (const page of [...pages, vehiclePath]) {
      const path = inLanguage(`/${locale}`, page);
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(page === "/no-such-page" ? 404 : 200);
      const html = await res.text();
      const leaked = visibleTexts(html).filter((text) => englishOnly.has(text));
      expect(leaked, path).toEqual([]);
      expect(html, path).toContain(`<html lang="${locale === "es" ? "es-US" : "pt-BR"}"`);
      if (page === "/no-such-page") continue;
      expect(html, path).toContain(`<link rel="canonical" href="${publicUrl}${path}"/>`);
      for (const [hreflang, prefix] of [
        ["en", ""],
        ["es", "/es"],
        ["pt-BR", "/pt"],
        ["x-default", ""],
      ] as const) {
        expect(html, `${path} ${hreflang}`).toContain(`hrefLang="${hreflang}" href="${publicUrl}${inLanguage(prefix, page)}"`);
      }
    }
  });

  it("the vehicle page shows option values translated and keeps make and model", async () => {
    const html = await (await fetch(`${server.url}/es${vehiclePath}`)).text();
    const texts = visibleTexts(html);
    expect(texts).toContain(es.vehicle.vehicleInfo);
    expect(texts.some((t) => Object.values(es.options.transmission).includes(t as never))).toBe(true);
    expect(texts).not.toContain("Automatic");
    // Vehicle data is not translated: the heading is make and model as stored, the year after them in Spanish (language review B1).
    const [, year, make] = /^\/used-(\d{4})-([a-z]+)-/.exec(vehiclePath)!;
    expect(texts.some((t) => t.endsWith(` ${year}`) && t.toLowerCase().startsWith(make!))).toBe(true);
  });

  it("a vehicle under a wrong slug moves to its canonical path in the same language", async () => {
    const id = vehiclePath.slice(-36);
    const res = await fetch(`${server.url}/pt/used-1999-wrong-car-fitchburg-ma-01430-${id}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/pt${vehiclePath}`);
  });
});

describe("document caches by language (decisions 018 and 042)", () => {
  it("never serve one language's cached home, inventory or vehicle page for another", async () => {
    const tags = { "": "en-US", "/es": "es-US", "/pt": "pt-BR" } as const;
    for (const page of ["/", "/inventory?make=Honda", vehiclePath]) {
      // Fill every language's entry first, then read each one back from the cache.
      for (const prefix of Object.keys(tags)) await (await fetch(`${server.url}${prefix}${page}`)).text();
      for (const [prefix, tag] of Object.entries(tags)) {
        const res = await fetch(`${server.url}${prefix}${page}`);
        expect(res.headers.get("x-document-cache"), `${prefix}${page}`).toBe("hit");
        expect(await res.text(), `${prefix}${page}`).toContain(`<html lang="${tag}"`);
      }
    }
  });
});

describe("/sitemap.xml", () => {
  it("lists every page in every language, each with valid xhtml:link alternates", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml) as {
      urlset: {
        xmlns: string;
        "xmlns:xhtml": string;
        url: { loc: string; "xhtml:link": { rel: string; hreflang: string; href: string }[] }[];
      };
    };
    expect(parsed.urlset["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const urls = parsed.urlset.url;
    const locs = new Set(urls.map((u) => u.loc));
    for (const path of ["/", "/inventory", "/booking", vehiclePath]) {
      expect(locs).toContain(`${publicUrl}${path}`);
      expect(locs).toContain(`${publicUrl}${inLanguage("/es", path)}`);
      expect(locs).toContain(`${publicUrl}${inLanguage("/pt", path)}`);
    }
    for (const url of urls) {
      const links = url["xhtml:link"];
      expect(links.map((l) => l.hreflang).sort(), url.loc).toEqual(["en", "es", "pt-BR", "x-default"]);
      // Each alternate is itself listed, and the page lists itself among its alternates.
      for (const link of links) {
        expect(link.rel).toBe("alternate");
        expect(locs, link.href).toContain(link.href);
      }
      expect(links.map((l) => l.href)).toContain(url.loc);
    }
  });
});
