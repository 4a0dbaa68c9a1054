import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

type ApiVehicle = { id: string; year: number; make: string; model: string; images: string[]; features: string[]; vin: string };

let server: TestServer;
let empty: TestServer;

beforeAll(async () => {
  [server, empty] = await Promise.all([startTestServer({ seeded: true, env: { PUBLIC_URL: "https://cars.example" } }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), empty?.stop()]);
});

async function firstVehicle(): Promise<ApiVehicle> {
  const list = (await (await fetch(`${server.url}/api/vehicles`)).json()) as ApiVehicle[];
  return list[0]!;
}

describe("GET /api/vehicles", () => {
  it("lists every vehicle with the spec's fields and image URLs, never inline data", async () => {
    const res = await fetch(`${server.url}/api/vehicles`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list).toHaveLength(32);
    for (const key of [
      "id",
      "year",
      "make",
      "model",
      "price",
      "mileage",
      "transmission",
      "drivetrain",
      "bodyStyle",
      "exteriorColor",
      "vin",
      "images",
      "features",
    ]) {
      expect(list[0]).toHaveProperty(key);
    }
    const text = JSON.stringify(list);
    expect(text).not.toContain("data:image");
    expect((list[0]!.images as string[])[0]).toMatch(/^\/images\/.+-1200\.jpg$/);
  });

  it("answers 304 to an unchanged list's ETag and 200 to another", async () => {
    const first = await fetch(`${server.url}/api/vehicles`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const again = await fetch(`${server.url}/api/vehicles`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const other = await fetch(`${server.url}/api/vehicles`, { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("serves the same list brotli-, gzip- or un-compressed, as the client asks", async () => {
    const plain = await (await fetch(`${server.url}/api/vehicles`, { headers: { "accept-encoding": "identity" } })).json();
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(`${server.url}/api/vehicles`, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(await res.json()).toEqual(plain);
    }
  });

  it("answers an empty list when there are no vehicles", async () => {
    const res = await fetch(`${empty.url}/api/vehicles`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe("GET /api/vehicles/:id", () => {
  it("answers one vehicle", async () => {
    const v = await firstVehicle();
    const res = await fetch(`${server.url}/api/vehicles/${v.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiVehicle;
    expect(body).toMatchObject({ id: v.id, vin: v.vin, make: v.make });
    expect(Array.isArray(body.features)).toBe(true);
  });

  it("answers a JSON 404 for an unknown id", async () => {
    const res = await fetch(`${server.url}/api/vehicles/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it("answers a JSON 404 for a malformed id", async () => {
    for (const id of ["nope", "123", "45227f42-45df-42cd-a9d0", "' OR 1=1 --"]) {
      const res = await fetch(`${server.url}/api/vehicles/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
    }
  });
});

describe("server HTML for search and social (DESIGN.md difference 5)", () => {
  it("the vehicle page's raw HTML has its title, og:image and a JSON-LD Car with an Offer", async () => {
    const v = await firstVehicle();
    const list = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const path = new RegExp(`https://cars\\.example(/used-[^<]*${v.id})`).exec(list)![1]!;
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>Used ${v.year} ${v.make} ${v.model} for sale`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/cars\.example\/images\/[^"]+-1200\.jpg"/);
    expect(html).toContain(`<link rel="canonical" href="https://cars.example${path}"`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const car = blocks.find((b) => b["@type"] === "Car");
    expect(car).toMatchObject({
      "@context": "https://schema.org",
      name: `${v.year} ${v.make} ${v.model}`,
      vehicleIdentificationNumber: v.vin,
      mileageFromOdometer: { unitCode: "SMI" },
      offers: { "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock", seller: { "@type": "AutoDealer" } },
    });
  });

  it("a filtered inventory URL renders filtered on the server, with an ItemList", async () => {
    const html = await (await fetch(`${server.url}/inventory?make=Honda&maxPrice=15000`)).text();
    const list = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { make: string; price: number }[];
    const expected = list.filter((v) => v.make === "Honda" && v.price <= 15000).length;
    expect(html).toContain(`Showing ${expected} vehicle`);
    expect(html).toContain("(filtered from 32 total)");
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)!;
    const itemList = JSON.parse(ld[1]!);
    expect(itemList["@type"]).toBe("ItemList");
    expect(itemList.itemListElement).toHaveLength(expected);
  });

  it("an unknown vehicle or an unparsable vehicle path answers the 404 page", async () => {
    for (const path of [
      "/used-2020-honda-civic-fitchburg-ma-01430-00000000-0000-4000-8000-000000000000",
      "/used-2020-honda-civic",
      "/no-such-page",
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Page Not Found");
    }
  });

  it("a valid id under a wrong slug moves permanently to the canonical path", async () => {
    const v = await firstVehicle();
    const res = await fetch(`${server.url}/used-1999-wrong-car-fitchburg-ma-01430-${v.id}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(new RegExp(`/used-${v.year}-.*-${v.id}$`));
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt keeps crawlers out of /podium and /api", async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(text).toContain("Disallow: /podium");
    expect(text).toContain("Disallow: /api");
    expect(text).toContain("Sitemap: https://cars.example/sitemap.xml");
  });

  it("sitemap.xml lists the public pages and every vehicle with absolute URLs", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ["/", "/inventory", "/financing", "/about", "/contact", "/booking"])
      expect(locs).toContain(`https://cars.example${page}`);
    expect(locs).not.toContain("https://cars.example/podium");
    // Every vehicle once per language (English, /es/, /pt/; docs/behaviour.md §10).
    expect(locs.filter((l) => l!.startsWith("https://cars.example/used-"))).toHaveLength(32);
    expect(locs.filter((l) => l!.includes("/used-"))).toHaveLength(32 * 3);
  });
});

describe("the estimate's fields carried from the inventory (a trade-in offer's value)", () => {
  it("go on every card's link, and the vehicle page's estimate starts from them, without JavaScript", async () => {
    const inventory = await (await fetch(`${server.url}/es/inventory?tradeInValue=4200&make=`)).text();
    // Every card links to its vehicle page with the value; nothing else of the URL is carried.
    const links = [...inventory.matchAll(/href="(\/es\/used-[^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/-[0-9a-f-]{36}\?tradeInValue=4200$/);
    const vehiclePage = await fetch(`${server.url}${links[0]}`);
    expect(vehiclePage.status).toBe(200);
    expect(await vehiclePage.text()).toMatch(/name="tradeInValue"[^>]*value="4200"|value="4200"[^>]*name="tradeInValue"/);
    // Without the field the cards link to the plain pages.
    const plain = await (await fetch(`${server.url}/es/inventory`)).text();
    expect([...plain.matchAll(/href="(\/es\/used-[^"]+)"/g)].every((m) => !m[1]!.includes("?"))).toBe(true);
  });
});
