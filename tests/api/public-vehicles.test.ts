import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_CATALOGUE } from "~/shared/lib/vehicle-features";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/**
 * What shoppers can learn of a vehicle (decision 054): a sold one answers 410, the
 * public shape carries no lot bookkeeping, and a vehicle without a photo is on no public page, API
 * answer, sitemap or feed until its first photo is added.
 */

const PUBLIC_URL = "https://cars.example";
let server: TestServer;
let staff: StaffClient;

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { PUBLIC_URL } });
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

/** Every key a public vehicle has, and no other (docs/behaviour.md §7's fields and what the public pages show). */
const PUBLIC_KEYS = [
  "bodyStyle",
  "description",
  "descriptionEs",
  "descriptionPt",
  "drivetrain",
  "exteriorColor",
  "featureNames",
  "features",
  "id",
  "images",
  "make",
  "mileage",
  "model",
  "photos",
  "price",
  "priceReducedBy",
  "status",
  "stockNumber",
  "transmission",
  "trim",
  "vin",
  "year",
];
/** The lot's bookkeeping: staff see it, shoppers never do. */
const INTERNAL_KEYS = ["dateInStock", "soldAt", "warrantyType", "warrantyTerms", "manufacturerWarrantyApplies", "createdAt", "updatedAt"];

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const listed = async () => (await (await get("/api/vehicles")).json()) as Record<string, unknown>[];
const allVehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
const setStatus = (id: string, status: string) => staff.fetch(`/api/admin/vehicles/${id}/status`, { method: "PATCH", body: { status } });

describe("a sold vehicle through the API", () => {
  it("answers 410 without the sale time, as its page does, and 200 again once it is back on sale", async () => {
    const vehicle = (await listed())[2] as unknown as Vehicle;
    expect((await get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
    expect((await setStatus(vehicle.id, "sold")).status).toBe(200);

    const gone = await get(`/api/vehicles/${vehicle.id}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("content-type")).toMatch(/application\/json/);
    expect(await gone.json()).toEqual({ error: "Vehicle sold" });
    expect((await get(vehiclePath(vehicle))).status).toBe(410);

    expect((await setStatus(vehicle.id, "available")).status).toBe(200);
    expect((await get(`/api/vehicles/${vehicle.id}`)).status).toBe(200);
  });
});

describe("the public vehicle shape", () => {
  it("GET /api/vehicles and GET /api/vehicles/:id carry exactly the public fields", async () => {
    const list = await listed();
    expect(list.length).toBeGreaterThan(0);
    for (const vehicle of list) expect(Object.keys(vehicle).sort()).toEqual(PUBLIC_KEYS);
    const one = (await (await get(`/api/vehicles/${list[0]!.id as string}`)).json()) as Record<string, unknown>;
    expect(Object.keys(one).sort()).toEqual(PUBLIC_KEYS);
    // Staff still get every field.
    const [staffView] = await allVehicles();
    expect(Object.keys(staffView!)).toEqual(expect.arrayContaining([...PUBLIC_KEYS, ...INTERNAL_KEYS]));
  });

  it("the vehicle page, its client-navigation data, the inventory and the home page send no internal field to the browser", async () => {
    const vehicle = (await listed())[0] as unknown as Vehicle;
    const path = vehiclePath(vehicle);
    const document = await get(path);
    expect(document.status).toBe(200);
    const data = await get(`${path}.data`);
    expect(data.status).toBe(200);
    for (const [label, text] of [
      [path, await document.text()],
      [`${path}.data`, await data.text()],
      ["/inventory", await (await get("/inventory")).text()],
      ["/", await (await get("/")).text()],
    ] as const) {
      for (const key of INTERNAL_KEYS) expect(text, `${label}: ${key}`).not.toContain(key);
    }
  });
});

describe("a vehicle imported without photos", () => {
  const VIN = "1PUB0000500000001";
  const CSV = [
    "VIN,Stock,Year,Make,Model,Trim,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Description,Status",
    `${VIN},PUB1,2021,Subaru,Outback,Limited,23995,28100,Green,CVT,AWD,Wagon,"Heated Seats, Roof Rails",Imported today,available`,
  ].join("\r\n");
  let imported: Vehicle;
  let path: string;

  /** Where shoppers, crawlers and ad platforms could meet the vehicle, and whether each shows it. */
  async function publicPresence(): Promise<Record<string, boolean | number>> {
    const text = async (p: string) => (await get(p)).text();
    return {
      "/api/vehicles": (await listed()).some((v) => v.id === imported.id),
      "/inventory": (await text("/inventory")).includes(path),
      "/": (await text("/")).includes(path),
      "/sitemap.xml": (await text("/sitemap.xml")).includes(`${PUBLIC_URL}${path}`),
      "/feeds/google-vehicles.tsv": (await text("/feeds/google-vehicles.tsv")).includes(VIN),
      "/feeds/google-vehicle-ads.tsv": (await text("/feeds/google-vehicle-ads.tsv")).includes(VIN),
      "/feeds/meta-vehicles.csv": (await text("/feeds/meta-vehicles.csv")).includes(VIN),
      "/api/vehicles/:id": (await get(`/api/vehicles/${imported.id}`)).status,
      page: (await get(path)).status,
    };
  }
  const absent = {
    "/api/vehicles": false,
    "/inventory": false,
    "/": false,
    "/sitemap.xml": false,
    "/feeds/google-vehicles.tsv": false,
    "/feeds/google-vehicle-ads.tsv": false,
    "/feeds/meta-vehicles.csv": false,
    "/api/vehicles/:id": 404,
    page: 404,
  };

  beforeAll(async () => {
    const res = await staff.fetch("/api/admin/vehicles/import?dryRun=false", { method: "POST", body: CSV });
    expect(res.status).toBe(200);
    imported = (await allVehicles()).find((v) => v.vin === VIN)!;
    expect(imported.images).toEqual([]);
    path = vehiclePath(imported);
  });

  it("is on no public page, API answer, sitemap or feed", async () => {
    expect(await publicPresence()).toEqual(absent);
  });

  it("staff can change its price and status before photos exist, and it stays unlisted", async () => {
    const edited = await staff.fetch(`/api/admin/vehicles/${imported.id}`, {
      method: "PATCH",
      body: vehicleFormBody(imported, { price: 22_995 }),
    });
    expect(edited.status).toBe(200);
    expect((await setStatus(imported.id, "pending")).status).toBe(200);
    const after = (await allVehicles()).find((v) => v.id === imported.id)!;
    expect(after).toMatchObject({ price: 22_995, status: "pending", images: [] });
    const history = (await (await staff.fetch(`/api/admin/vehicles/${imported.id}/price-history`)).json()) as unknown[];
    expect(history).toMatchObject([{ oldPrice: 23_995, newPrice: 22_995 }]);
    expect(await publicPresence()).toEqual(absent);
  });

  it("appears everywhere as soon as its first photo is added, though every page was cached without it", async () => {
    // The caches hold the stock without it (publicPresence just rendered every page).
    expect((await get("/inventory")).headers.get("x-document-cache")).toBe("hit");
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const upload = await staff.fetch("/api/admin/photos", { method: "POST", body: photo, contentType: "image/jpeg" });
    expect(upload.status).toBe(201);
    const { key } = (await upload.json()) as { key: string };
    const current = (await allVehicles()).find((v) => v.id === imported.id)!;
    const edited = await staff.fetch(`/api/admin/vehicles/${imported.id}`, {
      method: "PATCH",
      body: vehicleFormBody(current, { images: [key] }),
    });
    expect(edited.status).toBe(200);

    expect(await publicPresence()).toEqual({
      "/api/vehicles": true,
      "/inventory": true,
      "/": true,
      "/sitemap.xml": true,
      // It is sale-pending (the test above): Google's feeds leave such vehicles out, Meta's marks them (decision 059).
      "/feeds/google-vehicles.tsv": false,
      "/feeds/google-vehicle-ads.tsv": false,
      "/feeds/meta-vehicles.csv": true,
      "/api/vehicles/:id": 200,
      page: 200,
    });
    const listedNow = (await (await get(`/api/vehicles/${imported.id}`)).json()) as Record<string, unknown>;
    expect(listedNow).toMatchObject({ price: 22_995, status: "pending", images: [`/images/${key}-1200.jpg`] });
  });

  it("adding a vehicle still asks for a photo (spec §5); only an edit may save without one", async () => {
    const res = await staff.fetch("/api/admin/vehicles", {
      method: "POST",
      body: vehicleFormBody(imported, { vin: "1PUB0000700000002", images: [] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("images");
  });
});

/** The text of an element's HTML, tags dropped and React's entities read back. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

/** What a vehicle page shows: its feature list and its description (with the description's lang). */
async function shownOnPage(path: string): Promise<{ features: string[]; description: string | null; lang: string | null; html: string }> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const list = /<ul[^>]*data-testid="vehicle-features"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const features = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!));
  const paragraph = /<p([^>]*)data-testid="vehicle-description"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  const lang = paragraph ? (/lang="([^"]+)"/.exec(paragraph[0])?.[1] ?? null) : null;
  return { features, description: paragraph ? textOf(paragraph[2]!) : null, lang, html };
}

type ListedVehicle = Vehicle & { featureNames: { key: string | null; en: string; es: string; pt: string }[] };

describe("features and descriptions in the page's language (decision 069)", () => {
  it("the public API keeps features as English names and adds each feature's key and three names, and both descriptions", async () => {
    for (const vehicle of (await listed()) as unknown as ListedVehicle[]) {
      expect(vehicle.features).toEqual(vehicle.featureNames.map((f) => f.en));
      for (const names of vehicle.featureNames) {
        if (names.key === null) expect([names.es, names.pt]).toEqual([names.en, names.en]);
        else expect(FEATURE_CATALOGUE.find((f) => f.key === names.key)?.names).toEqual({ en: names.en, es: names.es, pt: names.pt });
      }
    }
    // The demo stock ships every description in all three languages (the one imported above has only English).
    const demo = ((await listed()) as unknown as ListedVehicle[]).filter((v) => v.vin !== "1PUB0000500000001");
    expect(demo.length).toBeGreaterThan(0);
    for (const vehicle of demo) {
      expect(vehicle.descriptionEs).toMatch(/^Este .* fue revisado/);
      expect(vehicle.descriptionPt).toMatch(/^Este .* foi revisado/);
    }
    const [first] = (await listed()) as unknown as ListedVehicle[];
    const one = (await (await get(`/api/vehicles/${first!.id}`)).json()) as ListedVehicle;
    expect(one.featureNames).toEqual(first!.featureNames);
  });

  it("a Portuguese vehicle page lists its features in Portuguese and shows the Portuguese description", async () => {
    const vehicle = ((await listed()) as unknown as ListedVehicle[]).find(
      (v) => v.descriptionPt && v.featureNames.some((f) => f.key && f.pt !== f.en),
    )!;
    const page = await shownOnPage(`/pt${vehiclePath(vehicle)}`);
    expect(page.features).toEqual(vehicle.featureNames.map((f) => f.pt));
    expect(page.description).toBe(vehicle.descriptionPt);
    expect(page.lang).toBeNull();
    const english = await shownOnPage(vehiclePath(vehicle));
    expect(english.features).toEqual(vehicle.features);
    expect(english.description).toBe(vehicle.description);
  });

  it("no Spanish or Portuguese page shows an English catalogue name or the English description where a translation exists", async () => {
    const vehicles = (await listed()) as unknown as ListedVehicle[];
    // Names the English page shows that a translation replaces (Bluetooth, Apple CarPlay read the same in all three).
    const englishOnly = (locale: "es" | "pt") =>
      new Set(FEATURE_CATALOGUE.filter((f) => f.names[locale] !== f.names.en).map((f) => f.names.en));
    for (const locale of ["es", "pt"] as const) {
      const untranslated = englishOnly(locale);
      for (const vehicle of vehicles) {
        const page = await shownOnPage(`/${locale}${vehiclePath(vehicle)}`);
        expect(
          page.features.filter((name) => untranslated.has(name)),
          `${locale} ${vehicle.id}`,
        ).toEqual([]);
        expect(page.features).toEqual(vehicle.featureNames.map((f) => f[locale]));
        const own = locale === "es" ? vehicle.descriptionEs : vehicle.descriptionPt;
        if (own) {
          expect(page).toMatchObject({ description: own, lang: null });
          // Nowhere on the page, the loader's data included.
          expect(page.html).not.toContain(vehicle.description!);
        } else {
          expect(page).toMatchObject({ description: vehicle.description, lang: "en" });
        }
      }
    }
  });

  it('a page without its language\'s description shows the English one marked lang="en"; a custom feature reads as typed', async () => {
    const vehicle = (await allVehicles()).find((v) => v.images.length > 0 && v.status === "available")!;
    const edited = await staff.fetch(`/api/admin/vehicles/${vehicle.id}`, {
      method: "PATCH",
      body: vehicleFormBody(vehicle, { descriptionEs: "", features: ["heated seats", "Winter tires on steel rims"] }),
    });
    expect(edited.status).toBe(200);
    const after = (await allVehicles()).find((v) => v.id === vehicle.id)!;
    // Left out of the body, the Portuguese description stayed.
    expect(after).toMatchObject({
      descriptionEs: null,
      descriptionPt: vehicle.descriptionPt,
      features: ["Heated Seats", "Winter tires on steel rims"],
    });
    const spanish = await shownOnPage(`/es${vehiclePath(vehicle)}`);
    expect(spanish).toMatchObject({
      description: vehicle.description,
      lang: "en",
      features: ["Asientos con calefacción", "Winter tires on steel rims"],
    });
    const portuguese = await shownOnPage(`/pt${vehiclePath(vehicle)}`);
    expect(portuguese).toMatchObject({
      description: vehicle.descriptionPt,
      lang: null,
      features: ["Bancos aquecidos", "Winter tires on steel rims"],
    });
  });
});
