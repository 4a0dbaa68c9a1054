import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  "drivetrain",
  "exteriorColor",
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
const INTERNAL_KEYS = [
  "dateInStock",
  "soldAt",
  "warrantyType",
  "warrantySystems",
  "warrantyDuration",
  "manufacturerWarrantyApplies",
  "createdAt",
  "updatedAt",
];

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
