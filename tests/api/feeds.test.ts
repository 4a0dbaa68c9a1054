import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_ADS_COLUMNS, GOOGLE_LISTINGS_COLUMNS, META_FEED_COLUMNS } from "~/features/inventory/inventory-feeds.server";
import { migrateToLatest } from "~/server/db/database.server";
import { migrations } from "~/server/db/migrations/migrations.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { withCheckDigit } from "~/shared/lib/vin";
import type { Vehicle } from "~/shared/types/vehicle";
import { staffClient, type StaffClient } from "../support/staff-client";
import { openDatabaseForDataDir, startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/**
 * Fuel type and the feeds the platforms take as they are (decision 059), against the
 * real server: the three feeds' headers and one row field by field, pending vehicles, escaping, the
 * refusal of localhost links in production, fuel type through the API and the CSV, migration 013.
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

const listed = async () => (await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[];
const allVehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
const staffVehicle = async (id: string) => (await allVehicles()).find((v) => v.id === id)!;
const page = (p: string) => fetch(`${server.url}${p}`);

/** A TSV feed as header + rows of cells; every line has as many cells as the header. */
function readTsv(text: string): { header: string[]; rows: string[][] } {
  expect(text.endsWith("\n")).toBe(true);
  const [header, ...rows] = text
    .slice(0, -1)
    .split("\n")
    .map((line) => line.split("\t"));
  for (const row of rows) expect(row).toHaveLength(header!.length);
  return { header: header!, rows };
}
const rowOf = (header: string[], row: string[] | undefined) => Object.fromEntries(header.map((c, i) => [c, row![i]]));

describe("fuel type", () => {
  it("is set, changed and cleared through POST/PATCH /api/admin/vehicles; a wrong value is a 400 with a field message", async () => {
    const [model] = await allVehicles();
    const body = { ...vehicleFormBody(model!), vin: withCheckDigit("JTDKN3DU0A0000001"), stockNumber: null, fuelType: "plug-in-hybrid" };
    const created = await staff.fetch("/api/admin/vehicles", { method: "POST", body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await staffVehicle(id)).fuelType).toBe("plug-in-hybrid");

    const v = await staffVehicle(id);
    expect(
      (await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: vehicleFormBody(v, { fuelType: "electric" }) })).status,
    ).toBe(200);
    expect((await staffVehicle(id)).fuelType).toBe("electric");
    // Left out, it stays as it is (like the other lot fields).
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: vehicleFormBody(v, { price: 17995 }) })).status).toBe(
      200,
    );
    expect(await staffVehicle(id)).toMatchObject({ fuelType: "electric", price: 17995 });
    // The form's "Not known" sends "": cleared.
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: vehicleFormBody(v, { fuelType: "" }) })).status).toBe(
      200,
    );
    expect((await staffVehicle(id)).fuelType).toBeNull();

    for (const wrong of ["steam", "Gasoline", 3]) {
      const bad = await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: vehicleFormBody(v, { fuelType: wrong }) });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
        fuelType: "Fuel type must be gasoline, diesel, hybrid, plug-in-hybrid, electric or flex",
      });
    }
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("has a 'Fuel Type' CSV column: labels on export, labels or values in any case on import, a wrong one reported", async () => {
    const vin = (n: number) => withCheckDigit(`1FT${String(n).padStart(14, "0")}`);
    const csv = [
      "VIN,Year,Make,Model,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Fuel Type",
      `${vin(1)},2020,Ford,F-150,29995,41000,Blue,Automatic,4WD,Truck,Bluetooth,PLUG-IN HYBRID`,
      `${vin(2)},2020,Ford,F-150,29995,41000,Blue,Automatic,4WD,Truck,Bluetooth,diesel`,
      `${vin(3)},2020,Ford,F-150,29995,41000,Blue,Automatic,4WD,Truck,Bluetooth,flex fuel`,
      `${vin(4)},2020,Ford,F-150,29995,41000,Blue,Automatic,4WD,Truck,Bluetooth,`,
      `${vin(5)},2020,Ford,F-150,29995,41000,Blue,Automatic,4WD,Truck,Bluetooth,Steam`,
    ].join("\n");
    const res = await staff.fetch("/api/admin/vehicles/import?dryRun=false", { method: "POST", body: csv });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      created: { vin: string }[];
      rejected: { row: number; problems: { column: string; message: string }[] }[];
    };
    expect(report.created.map((c) => c.vin)).toEqual([vin(1), vin(2), vin(3), vin(4)]);
    expect(report.rejected).toEqual([
      {
        row: 6,
        vin: vin(5),
        problems: [{ column: "Fuel Type", message: "Fuel type must be gasoline, diesel, hybrid, plug-in-hybrid, electric or flex" }],
      },
    ]);
    const byVin = new Map((await allVehicles()).map((v) => [v.vin, v]));
    expect([1, 2, 3, 4].map((n) => byVin.get(vin(n))!.fuelType)).toEqual(["plug-in-hybrid", "diesel", "flex", null]);

    const exported = parse(await (await staff.fetch("/api/admin/vehicles/export.csv")).text(), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    const cell = (n: number) => exported.find((r) => r.VIN === vin(n))!["Fuel Type"];
    expect([1, 2, 3, 4].map(cell)).toEqual(["Plug-in Hybrid", "Diesel", "Flex Fuel", ""]);
    // A demo Prius was seeded as a hybrid.
    expect(exported.find((r) => r.Model === "Prius")?.["Fuel Type"]).toBe("Hybrid");
  });
});

describe("vehicle feeds for Google and Meta", () => {
  let vehicle: Vehicle;
  let pending: Vehicle;
  const description = 'One owner.\tClean "as new",\nwith a second line';

  beforeAll(async () => {
    const available = (await listed()).filter((v) => v.status === "available");
    vehicle = await staffVehicle(available[0]!.id);
    pending = await staffVehicle(available[1]!.id);
    const edit = vehicleFormBody(vehicle, {
      stockNumber: "A1234",
      trim: "EX-L",
      fuelType: "plug-in-hybrid",
      drivetrain: "4WD",
      description,
    });
    expect((await staff.fetch(`/api/admin/vehicles/${vehicle.id}`, { method: "PATCH", body: edit })).status).toBe(200);
    expect((await staff.fetch(`/api/admin/vehicles/${pending.id}/status`, { method: "PATCH", body: { status: "pending" } })).status).toBe(
      200,
    );
    // One without a stock number: the feeds then name it by its VIN.
    const unnumbered = await staffVehicle(available[2]!.id);
    expect(
      (
        await staff.fetch(`/api/admin/vehicles/${unnumbered.id}`, {
          method: "PATCH",
          body: vehicleFormBody(unnumbered, { stockNumber: null }),
        })
      ).status,
    ).toBe(200);
    vehicle = await staffVehicle(vehicle.id);
  });

  it("Google Vehicle Listings: its own attribute names only, an id on every row, pending vehicles left out", async () => {
    const res = await page("/feeds/google-vehicles.tsv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/tab-separated-values/);
    const { header, rows } = readTsv(await res.text());
    expect(header).toEqual([...GOOGLE_LISTINGS_COLUMNS]);
    expect(header.join(",")).toBe(
      "vin,id,store_code,dealership_name,dealership_address,link,image_link,additional_image_link,price,condition,make,model,trim,year,mileage,exterior_color,body_style,date_in_stock,fuel",
    );
    const availableCount = (await listed()).filter((v) => v.status === "available").length;
    expect(rows).toHaveLength(availableCount);
    expect(rows.map((r) => r[0])).not.toContain(pending.vin);
    // Every row has an id: the stock number, else the VIN.
    for (const r of rows) expect(rowOf(header, r).id).toMatch(/\S/);
    // A vehicle without a stock number goes by its VIN (the demo lot has stock numbers; one was cleared above).
    const stockByVin = new Map((await listed()).map((v) => [v.vin, v.stockNumber ?? null]));
    const withoutStock = rows.filter((r) => !stockByVin.get(r[0] ?? ""));
    expect(withoutStock.length).toBeGreaterThan(0);
    for (const r of withoutStock) expect(rowOf(header, r).id).toBe(r[0]);

    expect(
      rowOf(
        header,
        rows.find((r) => r[0] === vehicle.vin),
      ),
    ).toEqual({
      vin: vehicle.vin,
      id: "A1234",
      store_code: "DEMO-FITCHBURG-01",
      dealership_name: "Demo Motors of Fitchburg",
      dealership_address: "100 Demo Street, Fitchburg, MA 01430, US",
      link: `${PUBLIC_URL}${vehiclePath(vehicle)}?utm_source=google&utm_medium=vehicle_listings`,
      image_link: `${PUBLIC_URL}${vehicle.images[0]}`,
      additional_image_link: vehicle.images
        .slice(1, 11)
        .map((src) => `${PUBLIC_URL}${src}`)
        .join(","),
      price: `${vehicle.price}.00 USD`,
      condition: "used",
      make: vehicle.make,
      model: vehicle.model,
      trim: "EX-L",
      year: String(vehicle.year),
      mileage: `${vehicle.mileage} miles`,
      exterior_color: vehicle.exteriorColor,
      body_style: vehicle.bodyStyle,
      date_in_stock: vehicle.dateInStock,
      fuel: "plug-in_hybrid",
    });
    // Google's fuel words only, or empty when the lot does not know.
    for (const r of rows) expect(["gasoline", "diesel", "hybrid", "plug-in_hybrid", "electric", ""]).toContain(rowOf(header, r).fuel);
  });

  it("Google Vehicle Ads: its primary feed's attributes, category 916, in-store fulfilment; tabs and line breaks never split a cell", async () => {
    const res = await page("/feeds/google-vehicle-ads.tsv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/tab-separated-values/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const { header, rows } = readTsv(await res.text());
    expect(header).toEqual([...GOOGLE_ADS_COLUMNS]);
    expect(header.join(",")).toBe(
      "id,title,description,link,image_link,price,condition,brand,model,trim,year,mileage,color,vin,google_product_category,store_code,vehicle_fulfillment,engine",
    );
    expect(rows).toHaveLength((await listed()).filter((v) => v.status === "available").length);
    expect(rows.map((r) => rowOf(header, r).vin)).not.toContain(pending.vin);
    for (const r of rows) expect(rowOf(header, r).id).toMatch(/\S/);
    expect(
      rowOf(
        header,
        rows.find((r) => rowOf(header, r).vin === vehicle.vin),
      ),
    ).toEqual({
      id: "A1234",
      title: `${vehicle.year} ${vehicle.make} ${vehicle.model} EX-L`,
      description: 'One owner. Clean "as new", with a second line',
      link: `${PUBLIC_URL}${vehiclePath(vehicle)}?utm_source=google&utm_medium=vehicle_listings`,
      image_link: `${PUBLIC_URL}${vehicle.images[0]}`,
      price: `${vehicle.price}.00 USD`,
      condition: "used",
      brand: vehicle.make,
      model: vehicle.model,
      trim: "EX-L",
      year: String(vehicle.year),
      mileage: `${vehicle.mileage} miles`,
      color: vehicle.exteriorColor,
      vin: vehicle.vin,
      google_product_category: "916",
      store_code: "DEMO-FITCHBURG-01",
      vehicle_fulfillment: "in_store:DEMO-FITCHBURG-01",
      engine: "plug-in_hybrid",
    });
    // Merchant Center's `engine` values only (empty when unknown).
    for (const r of rows) expect(["gasoline", "diesel", "hybrid", "plug-in_hybrid", "electric", ""]).toContain(rowOf(header, r).engine);
  });

  it("Meta: the catalog's fields and enums (fuel type, drivetrain, vehicle type, image tag, dealer), pending marked, CSV quoting", async () => {
    const res = await page("/feeds/meta-vehicles.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await res.text();
    const records = parse(text, { columns: false }) as string[][];
    const header = records[0]!;
    expect(header).toEqual([...META_FEED_COLUMNS]);
    expect(header.slice(0, 13)).toEqual([
      "vehicle_id",
      "title",
      "description",
      "url",
      "make",
      "model",
      "trim",
      "year",
      "mileage.value",
      "mileage.unit",
      "image[0].url",
      "image[0].tag[0]",
      "image[1].url",
    ]);
    expect(header.slice(31)).toEqual([
      "vehicle_type",
      "body_style",
      "exterior_color",
      "transmission",
      "drivetrain",
      "fuel_type",
      "vin",
      "price",
      "state_of_vehicle",
      "condition",
      "date_first_on_lot",
      "dealer_id",
      "dealer_name",
      "dealer_phone",
      "address.addr1",
      "address.city",
      "address.region",
      "address.postal_code",
      "address.country",
      "latitude",
      "longitude",
      "availability",
    ]);
    expect(records).toHaveLength((await listed()).length + 1);
    const row = rowOf(
      header,
      records.find((r) => r[0] === vehicle.vin),
    );
    const images = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`image[${i}].url`, vehicle.images[i] ? `${PUBLIC_URL}${vehicle.images[i]}` : ""]),
    );
    expect(row).toEqual({
      vehicle_id: vehicle.vin,
      title: `${vehicle.year} ${vehicle.make} ${vehicle.model} EX-L`,
      // Quoted, so the tab, the quotes, the comma and the line break come back as they were.
      description,
      url: `${PUBLIC_URL}${vehiclePath(vehicle)}?utm_source=facebook&utm_medium=vehicle_listings`,
      make: vehicle.make,
      model: vehicle.model,
      trim: "EX-L",
      year: String(vehicle.year),
      "mileage.value": String(vehicle.mileage),
      "mileage.unit": "MI",
      ...images,
      "image[0].tag[0]": "Exterior",
      vehicle_type: "CAR_TRUCK",
      body_style: vehicle.bodyStyle.toUpperCase(),
      exterior_color: vehicle.exteriorColor,
      transmission: vehicle.transmission === "Manual" ? "MANUAL" : "AUTOMATIC",
      drivetrain: "FOUR_WD",
      fuel_type: "PLUGIN_HYBRID",
      vin: vehicle.vin,
      price: `${vehicle.price}.00 USD`,
      state_of_vehicle: "USED",
      condition: "OTHER",
      date_first_on_lot: vehicle.dateInStock,
      dealer_id: "demo-motors-fitchburg",
      dealer_name: "Demo Motors of Fitchburg",
      dealer_phone: "+19785550142",
      "address.addr1": "100 Demo Street",
      "address.city": "Fitchburg",
      "address.region": "MA",
      "address.postal_code": "01430",
      "address.country": "US",
      latitude: "42.5834",
      longitude: "-71.8023",
      availability: "AVAILABLE",
    });
    // Values with spaces are quoted, as Meta's CSV guidelines ask.
    expect(text).toContain(`,"${vehicle.year} ${vehicle.make} ${vehicle.model} EX-L",`);
    expect(text).toContain(',"Demo Motors of Fitchburg",');
    expect(
      rowOf(
        header,
        records.find((r) => r[0] === pending.vin),
      ),
    ).toMatchObject({ availability: "PENDING" });
    // Every drivetrain and fuel type in Meta's enums.
    for (const r of records.slice(1)) {
      const cells = rowOf(header, r);
      expect(["AWD", "FOUR_WD", "FWD", "RWD", "TWO_WD", "OTHER"]).toContain(cells.drivetrain);
      expect(["GASOLINE", "DIESEL", "HYBRID", "PLUGIN_HYBRID", "ELECTRIC", "FLEX", ""]).toContain(cells.fuel_type);
    }
  });
});

describe("feeds with a localhost PUBLIC_URL in production", () => {
  it("answer 503 with the reason in plain text and log a warning; start-up warns too", async () => {
    const production = await startTestServer({
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: "http://127.0.0.1:3000",
        ADMIN_EMAIL: "boss@example.com",
        ADMIN_PASSWORD: "a fine long passphrase",
      },
    });
    try {
      expect(production.logs.some((l) => l.includes('"level":40') && l.includes("PUBLIC_URL points at this machine"))).toBe(true);
      for (const feed of ["/feeds/google-vehicles.tsv", "/feeds/google-vehicle-ads.tsv", "/feeds/meta-vehicles.csv"]) {
        const res = await fetch(`${production.url}${feed}`);
        expect(res.status, feed).toBe(503);
        expect(res.headers.get("content-type"), feed).toBe("text/plain; charset=utf-8");
        expect(res.headers.get("cache-control"), feed).toBe("no-store");
        const text = await res.text();
        expect(text, feed).toMatch(/^PUBLIC_URL points at this machine \(localhost or 127\.0\.0\.1\)/);
        expect(text, feed).not.toContain("/used-");
      }
      expect(production.logs.filter((l) => l.includes("vehicle feed refused"))).toHaveLength(3);
      // The site itself still works.
      expect((await fetch(`${production.url}/inventory`)).status).toBe(200);
    } finally {
      await production.stop();
    }
  });
});

describe("migration 013-vehicle-fuel-type", () => {
  it("adds a nullable fuel_type to the vehicles of a database at 012, on this engine", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-fuel-type-"));
    const { db } = await openDatabaseForDataDir(dir);
    try {
      const upTo012 = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < "013"));
      await new Migrator({ db, provider: { getMigrations: async () => upTo012 } }).migrateToLatest();
      await sql`INSERT INTO vehicles (id, year, make, model, price, mileage, transmission, drivetrain, body_style, exterior_color, vin, features, created_at, updated_at)
        VALUES ('a', 2018, 'Toyota', 'Prius', 15995, 60000, 'Automatic', 'FWD', 'Hatchback', 'Blue', 'JTDKN3DU0A0000000', '[]', '2026-03-04T10:00:00.000Z', '2026-03-04T10:00:00.000Z')`.execute(
        db,
      );
      expect((await migrateToLatest(db))[0]).toBe("013-vehicle-fuel-type");
      expect(await db.selectFrom("vehicles").select(["id", "fuelType"]).execute()).toEqual([{ id: "a", fuelType: null }]);
      await db.updateTable("vehicles").set({ fuelType: "hybrid" }).where("id", "=", "a").execute();
      expect(await db.selectFrom("vehicles").select("fuelType").executeTakeFirst()).toEqual({ fuelType: "hybrid" });
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
