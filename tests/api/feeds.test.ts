import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/database.server";
import { migrations } from "~/server/db/migrations/migrations.server";
import { withCheckDigit } from "~/shared/lib/vin";
import type { Vehicle } from "~/shared/types/vehicle";
import { staffClient, type StaffClient } from "../support/staff-client";
import { openDatabaseForDataDir, startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 29 item 2 (fuel type) against the real server: through the API and the CSV, migration 013.
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

const allVehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
const staffVehicle = async (id: string) => (await allVehicles()).find((v) => v.id === id)!;

/** The PATCH body that replaces a vehicle with itself, with `changes`. */
function editBody(v: Vehicle, changes: Record<string, unknown> = {}) {
  const { vin, year, make, model, price, mileage, transmission, drivetrain, bodyStyle, exteriorColor, features, description, images } = v;
  return {
    vin,
    year,
    make,
    model,
    price,
    mileage,
    transmission,
    drivetrain,
    bodyStyle,
    exteriorColor,
    features,
    description,
    images,
    ...changes,
  };
}

describe("fuel type (issue 29 item 2)", () => {
  it("is set, changed and cleared through POST/PATCH /api/admin/vehicles; a wrong value is a 400 with a field message", async () => {
    const [model] = await allVehicles();
    const body = { ...editBody(model!), vin: withCheckDigit("JTDKN3DU0A0000001"), stockNumber: null, fuelType: "plug-in-hybrid" };
    const created = await staff.fetch("/api/admin/vehicles", { method: "POST", body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await staffVehicle(id)).fuelType).toBe("plug-in-hybrid");

    const v = await staffVehicle(id);
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: editBody(v, { fuelType: "electric" }) })).status).toBe(
      200,
    );
    expect((await staffVehicle(id)).fuelType).toBe("electric");
    // Left out, it stays as it is (like the other lot fields).
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: editBody(v, { price: 17995 }) })).status).toBe(200);
    expect(await staffVehicle(id)).toMatchObject({ fuelType: "electric", price: 17995 });
    // The form's "Not known" sends "": cleared.
    expect((await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: editBody(v, { fuelType: "" }) })).status).toBe(200);
    expect((await staffVehicle(id)).fuelType).toBeNull();

    for (const wrong of ["steam", "Gasoline", 3]) {
      const bad = await staff.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: editBody(v, { fuelType: wrong }) });
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
      expect(await migrateToLatest(db)).toEqual(["013-vehicle-fuel-type"]);
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
