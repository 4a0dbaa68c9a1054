import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { insertContactSubmission } from "~/server/data/contact-submissions.server";
import { enqueueMails } from "~/server/data/outbox.server";
import { insertService } from "~/server/data/services.server";
import { insertVehicle } from "~/server/data/vehicles.server";
import { migrations } from "./migrations/migrations.server";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "./database.server";

const opened: OpenedDatabase[] = [];
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
const open = (dir: string) => {
  const o = openDatabase(dir);
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
  price: 15995,
  mileage: 60000,
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Sedan",
  exteriorColor: "Blue",
  vin: "2HGFC2F59JH000000",
  features: ["Bluetooth"],
  description: null,
  images: [],
};

describe("migrations", () => {
  it("create every table on an empty database, with durability settings on", async () => {
    const { db, raw } = open(tempDir());
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    const tables = raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
    for (const t of [
      "vehicles",
      "vehicle_images",
      "contact_submissions",
      "financing_applications",
      "visitors",
      "services",
      "bookings",
      "staff_accounts",
      "staff_recovery_codes",
      "staff_setup_tokens",
      "staff_sessions",
      "staff_sign_in_failures",
      "audit_log",
    ]) {
      expect(tables).toContain(t);
    }
    // The PIN's sessions were replaced by staff_sessions (migration 002).
    expect(tables).not.toContain("admin_sessions");
    expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(raw.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
    expect(raw.prepare("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
  });

  it("are a no-op on an up-to-date database and keep its data", async () => {
    const dir = tempDir();
    const first = open(dir);
    await migrateToLatest(first.db);
    await insertVehicle(first.db, vehicle);
    await first.db.destroy();
    opened.pop();
    const second = open(dir);
    expect(await migrateToLatest(second.db)).toEqual([]);
    const rows = await second.db.selectFrom("vehicles").select("make").execute();
    expect(rows).toEqual([{ make: "Honda" }]);
  });
});

describe("migration 008", () => {
  it("removes the outbox mails of leads deleted before deletes took their mails along, and keeps the others", async () => {
    const { db } = open(tempDir());
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    const upTo006 = await migrator.migrateTo("006-web-vitals");
    expect(upTo006.error).toBeUndefined();
    const live = await insertContactSubmission(db, {
      firstName: "Jo",
      lastName: "Live",
      email: "jo@example.com",
      phone: "9785550100",
      message: "Hello",
      vehicleId: null,
      hasTradeIn: false,
    });
    const mail = (relatedType: "contact" | "financing" | "booking", relatedId: string) => ({
      kind: `${relatedType}-staff`,
      to: "leads@example.com",
      subject: "New lead",
      text: "A name and a phone number",
      relatedType,
      relatedId,
    });
    await enqueueMails(db, [
      mail("contact", live),
      mail("contact", crypto.randomUUID()),
      mail("financing", crypto.randomUUID()),
      mail("booking", crypto.randomUUID()),
    ]);
    expect(await migrateToLatest(db)).toContain("008-lead-outbox-cleanup");
    const left = await db.selectFrom("outbox").select(["relatedType", "relatedId"]).execute();
    expect(left).toEqual([{ relatedType: "contact", relatedId: live }]);
  });
});

describe("constraints", () => {
  it("refuse a VIN that is not exactly 17 characters", async () => {
    const { db } = open(tempDir());
    await migrateToLatest(db);
    await expect(insertVehicle(db, { ...vehicle, vin: "SHORT" })).rejects.toThrow(/CHECK constraint/);
  });

  it("refuse a booking for a service that does not exist", async () => {
    const { db } = open(tempDir());
    await migrateToLatest(db);
    await expect(
      sql`INSERT INTO bookings (id, service_id, customer_first_name, customer_last_name, customer_email, customer_phone, booking_date, booking_time, created_at)
          VALUES ('b1', 'missing', 'A', 'B', 'a@example.com', '5555550100', '2030-01-01', '09:00', '2030-01-01')`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("hold at most one active booking per service, date and time; a cancelled one frees the slot", async () => {
    const { db } = open(tempDir());
    await migrateToLatest(db);
    const serviceId = await insertService(
      db,
      { name: "Oil", description: "d", duration: 30, price: 50, availableDays: ["monday"], availableTimes: ["09:00"] },
      0,
    );
    const insert = (id: string, status = "pending") =>
      sql`INSERT INTO bookings (id, service_id, customer_first_name, customer_last_name, customer_email, customer_phone, booking_date, booking_time, status, created_at)
          VALUES (${id}, ${serviceId}, 'A', 'B', 'a@example.com', '5555550100', '2030-01-07', '09:00', ${status}, '2030-01-01')`.execute(
        db,
      );
    await insert("b1");
    await expect(insert("b2")).rejects.toThrow(/UNIQUE/);
    await sql`UPDATE bookings SET status = 'cancelled' WHERE id = 'b1'`.execute(db);
    await expect(insert("b3")).resolves.toBeDefined();
  });
});
