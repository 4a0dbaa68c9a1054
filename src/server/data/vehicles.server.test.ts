import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "~/server/db/database.server";
import { initialMigration } from "~/server/db/migrations/001-initial.server";
import { listPriceChanges } from "./vehicle-price-changes.server";
import {
  findListedVehicle,
  findVehicle,
  insertVehicle,
  listListedVehicles,
  listVehiclesPage,
  priceReduction,
  setVehicleStatus,
  updateVehicle,
} from "./vehicles.server";

const opened: OpenedDatabase[] = [];
const open = () => {
  const o = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), "lot-test-")));
  opened.push(o);
  return o;
};
afterEach(async () => {
  for (const o of opened.splice(0)) await o.db.destroy().catch(() => {});
});

const vehicle = {
  year: 2018,
  make: "Honda",
  model: "Civic",
  price: 15_995,
  mileage: 60_000,
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Sedan",
  exteriorColor: "Blue",
  vin: "2HGFC2F59JH000000",
  features: ["Bluetooth"],
  description: null,
  // One photo row: a vehicle without any is not listed (decision 054). The data layer never reads the file.
  images: [{ key: "0123456789abcdef0123456789abcdef", width: 1200, height: 900 }],
};

describe("migration 004-lot", () => {
  it("keeps every existing vehicle: available, in stock since created, warranty by Massachusetts law", async () => {
    const { db } = open();
    // A database at the previous schema with two vehicles.
    await new Migrator({ db, provider: { getMigrations: async () => ({ "001-initial": initialMigration }) } }).migrateToLatest();
    for (const [id, price, mileage] of [
      ["a", 15_995, 60_000],
      ["b", 650, 60_000],
    ] as const) {
      await sql`INSERT INTO vehicles (id, year, make, model, price, mileage, transmission, drivetrain, body_style, exterior_color, vin, features, created_at, updated_at)
        VALUES (${id}, 2018, 'Honda', 'Civic', ${price}, ${mileage}, 'Automatic', 'FWD', 'Sedan', 'Blue', ${`2HGFC2F59JH00000${id === "a" ? 1 : 2}`}, '[]', '2026-03-04T10:00:00.000Z', '2026-03-04T10:00:00.000Z')`.execute(
        db,
      );
    }
    // migrateToLatest runs 014 too: with the profile in MA the $650 vehicle is "implied", not "as is".
    expect(await migrateToLatest(db)).toContain("004-lot");
    const rows = await db.selectFrom("vehicles").select(["id", "status", "dateInStock", "soldAt", "warrantyType", "stockNumber"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "a", status: "available", dateInStock: "2026-03-04", soldAt: null, warrantyType: "dealer", stockNumber: null },
      { id: "b", status: "available", dateInStock: "2026-03-04", soldAt: null, warrantyType: "implied", stockNumber: null },
    ]);
    await expect(sql`UPDATE vehicles SET status = 'gone' WHERE id = 'a'`.execute(db)).rejects.toThrow(/CHECK/);
    await sql`UPDATE vehicles SET stock_number = 'S1' WHERE id = 'a'`.execute(db);
    await expect(sql`UPDATE vehicles SET stock_number = 'S1' WHERE id = 'b'`.execute(db)).rejects.toThrow(/UNIQUE/);
  });
});

describe("vehicle status and price history", () => {
  it("records each price change, sets and clears the sold date, and lists only unsold vehicles", async () => {
    const { db } = open();
    await migrateToLatest(db);
    const t0 = new Date("2026-11-01T12:00:00Z");
    const id = await insertVehicle(db, vehicle, t0);
    expect(await findVehicle(db, id, t0)).toMatchObject({ status: "available", dateInStock: "2026-11-01", priceReducedBy: null });

    await updateVehicle(db, id, { ...vehicle, price: 14_995 }, new Date("2026-11-10T12:00:00Z"));
    await updateVehicle(db, id, { ...vehicle, price: 14_995, mileage: 60_100 }, new Date("2026-11-11T12:00:00Z"));
    // Each former price was offered for at least the default 7 days before it was cut (decision 096).
    await updateVehicle(db, id, { ...vehicle, price: 14_495 }, new Date("2026-11-20T12:00:00Z"));
    expect(await listPriceChanges(db, id)).toEqual([
      { vehicleId: id, oldPrice: 15_995, newPrice: 14_995, changedAt: "2026-11-10T12:00:00.000Z" },
      { vehicleId: id, oldPrice: 14_995, newPrice: 14_495, changedAt: "2026-11-20T12:00:00.000Z" },
    ]);
    // Within 30 days of the first drop: reduced by the whole difference; 31 days after the last, no badge.
    expect((await findVehicle(db, id, new Date("2026-11-25T00:00:00Z")))?.priceReducedBy).toBe(1_500);
    expect((await findVehicle(db, id, new Date("2026-12-19T00:00:00Z")))?.priceReducedBy).toBe(500);
    expect((await findVehicle(db, id, new Date("2026-12-22T00:00:00Z")))?.priceReducedBy).toBeNull();

    expect(await setVehicleStatus(db, id, "sold", new Date("2026-11-21T09:00:00Z"))).toBe(true);
    expect(await findVehicle(db, id)).toMatchObject({ status: "sold", soldAt: "2026-11-21T09:00:00.000Z" });
    expect(await listListedVehicles(db)).toEqual([]);
    await setVehicleStatus(db, id, "pending");
    expect(await findVehicle(db, id)).toMatchObject({ status: "pending", soldAt: null });
    expect((await listListedVehicles(db)).map((v) => v.id)).toEqual([id]);
    expect(await setVehicleStatus(db, "00000000-0000-4000-8000-000000000000", "sold")).toBe(false);
  });

  it("lists a vehicle only once it has a photo, whatever its status, and never a sold one", async () => {
    const { db } = open();
    await migrateToLatest(db);
    const id = await insertVehicle(db, { ...vehicle, images: [] });
    expect(await listListedVehicles(db)).toEqual([]);
    expect(await findListedVehicle(db, id)).toBeNull();
    await setVehicleStatus(db, id, "pending");
    expect(await findListedVehicle(db, id)).toBeNull();
    expect(await findVehicle(db, id)).toMatchObject({ id, status: "pending", images: [] });

    expect(await updateVehicle(db, id, { ...vehicle, status: "pending" })).toBe(true);
    expect((await listListedVehicles(db)).map((v) => v.id)).toEqual([id]);
    expect(await findListedVehicle(db, id)).toMatchObject({ id, images: ["/images/0123456789abcdef0123456789abcdef-1200.jpg"] });
    await setVehicleStatus(db, id, "sold");
    expect(await listListedVehicles(db)).toEqual([]);
    expect(await findListedVehicle(db, id)).toBeNull();
  });

  it("a raise then a cut back is no reduction", () => {
    const window = { since: new Date("2026-11-01T00:00:00Z"), minDays: 7, listedSince: "2026-09-01T00:00:00Z" };
    const changes = [
      { oldPrice: 10_000, changedAt: "2026-11-10T00:00:00Z" },
      { oldPrice: 11_000, changedAt: "2026-11-20T00:00:00Z" },
    ];
    expect(priceReduction(10_000, changes, window)).toBeNull();
    expect(priceReduction(9_500, changes, window)).toBe(500);
    expect(priceReduction(9_500, [], window)).toBeNull();
  });

  it("advertises a reduction only from a former price offered for the minimum days (16 CFR 233.1, decision 096)", () => {
    const window = { since: new Date("2026-11-01T00:00:00Z"), minDays: 7, listedSince: "2026-11-05T00:00:00Z" };
    // Listed at $15,995 on the 5th, cut to $14,995 the next day: the former price was offered one day.
    expect(priceReduction(14_995, [{ oldPrice: 15_995, changedAt: "2026-11-06T00:00:00Z" }], window)).toBeNull();
    // Cut on the 12th, exactly 7 days after listing: the former price counts.
    expect(priceReduction(14_995, [{ oldPrice: 15_995, changedAt: "2026-11-12T00:00:00Z" }], window)).toBe(1_000);
    // Raised to $17,995 on the 12th and cut to $14,995 on the 13th: the one-day high is not the former price, the
    // $15,995 offered 7 days before it is.
    const raised = [
      { oldPrice: 15_995, changedAt: "2026-11-12T00:00:00Z" },
      { oldPrice: 17_995, changedAt: "2026-11-13T00:00:00Z" },
    ];
    expect(priceReduction(14_995, raised, window)).toBe(1_000);
    // A change before the window says since when the window's former price was offered.
    const before = { since: new Date("2026-11-10T00:00:00Z"), minDays: 7, listedSince: "2026-09-01T00:00:00Z" };
    const set = [
      { oldPrice: 12_000, changedAt: "2026-11-08T00:00:00Z" },
      { oldPrice: 15_995, changedAt: "2026-11-11T00:00:00Z" },
    ];
    expect(priceReduction(14_995, set, before)).toBeNull();
  });
});

describe("the staff list's page (decision 128)", () => {
  it("filters, counts, orders and pages in the database, ties and no order newest first", async () => {
    const { db } = open();
    await migrateToLatest(db);
    const today = "2026-11-29";
    const add = (fields: Partial<typeof vehicle> & Record<string, unknown>, at: string) =>
      insertVehicle(db, { ...vehicle, ...fields } as typeof vehicle, new Date(at));
    const civic = await add({ year: 2019, vin: "2HGFC2F59KH123456", stockNumber: "a7", price: 15_000, mileage: 60_000, dateInStock: "2026-11-01" }, "2026-11-01T10:00:00Z");
    const crv = await add(
      { year: 2019, model: "CR-V", vin: "5J6RW2H50KL000001", stockNumber: "B1", price: 25_000, mileage: 30_000, dateInStock: "2026-11-20", images: [] },
      "2026-11-20T10:00:00Z",
    );
    // Sold, and in stock from a day after today: 0 days, as the list counts it.
    const camry = await add(
      { year: 2017, make: "Toyota", model: "Camry", vin: "4T1BF1FK5HU000002", stockNumber: null, price: 15_000, mileage: 90_000, status: "sold", dateInStock: "2026-12-05" },
      "2026-11-25T10:00:00Z",
    );
    const list = (query: Partial<Parameters<typeof listVehiclesPage>[1]>) =>
      listVehiclesPage(db, { filter: {}, order: null, page: 1, pageSize: 100, today, ...query }, new Date(`${today}T12:00:00Z`));
    const ids = async (query: Partial<Parameters<typeof listVehiclesPage>[1]>) => (await list(query)).vehicles.map((v) => v.id);

    expect(await ids({})).toEqual([camry, crv, civic]);
    // The search: make, model, year, VIN or stock number, in any case, as one piece of text.
    expect(await ids({ filter: { q: "hon" } })).toEqual([crv, civic]);
    expect(await ids({ filter: { q: "CIVIC" } })).toEqual([civic]);
    expect(await ids({ filter: { q: "2019" } })).toEqual([crv, civic]);
    expect(await ids({ filter: { q: "kh123" } })).toEqual([civic]);
    expect(await ids({ filter: { q: "A7" } })).toEqual([civic]);
    expect(await ids({ filter: { q: "toyota" } })).toEqual([camry]);
    expect(await ids({ filter: { q: "honda civic" } })).toEqual([]);
    expect(await ids({ filter: { q: "%" } })).toEqual([]);
    expect(await ids({ filter: { status: "sold" } })).toEqual([camry]);
    expect(await ids({ filter: { noPhotos: true } })).toEqual([crv]);
    expect(await ids({ filter: { inStockOnOrBefore: "2026-11-09" } })).toEqual([civic]);
    expect(await list({ filter: { q: "honda", status: "available" } })).toMatchObject({ matching: 2, total: 3, page: 1 });
    // A filter the address could not say: nothing matches, the lot is still counted.
    expect(await list({ filter: null })).toMatchObject({ vehicles: [], matching: 0, total: 3, page: 1 });

    // Orders: text without regard to case, numbers as numbers, ties in the list's own order.
    expect(await ids({ order: { by: "vehicle", direction: "asc" } })).toEqual([camry, civic, crv]);
    expect(await ids({ order: { by: "vehicle", direction: "desc" } })).toEqual([crv, civic, camry]);
    expect(await ids({ order: { by: "stock", direction: "asc" } })).toEqual([camry, civic, crv]);
    expect(await ids({ order: { by: "price", direction: "asc" } })).toEqual([camry, civic, crv]);
    expect(await ids({ order: { by: "price", direction: "desc" } })).toEqual([crv, camry, civic]);
    expect(await ids({ order: { by: "mileage", direction: "desc" } })).toEqual([camry, civic, crv]);
    expect(await ids({ order: { by: "status", direction: "desc" } })).toEqual([camry, crv, civic]);
    expect(await ids({ order: { by: "days", direction: "asc" } })).toEqual([camry, crv, civic]);
    expect(await ids({ order: { by: "days", direction: "desc" } })).toEqual([civic, crv, camry]);

    // Pages: the second of two, and a page past the end shows the last.
    expect(await list({ pageSize: 2, page: 2 })).toMatchObject({ matching: 3, page: 2, vehicles: [{ id: civic }] });
    expect(await list({ pageSize: 2, page: 9 })).toMatchObject({ page: 2, vehicles: [{ id: civic }] });
    // The page's vehicles come whole: photos and all.
    expect((await list({ filter: { q: "civic" } })).vehicles[0]).toMatchObject({ id: civic, make: "Honda", photos: [{ width: 1200 }] });
  });
});
