import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { insertContactSubmission } from "~/server/data/contact-submissions.server";
import { enqueueMails } from "~/server/data/outbox.server";
import { insertService } from "~/server/data/services.server";
import { insertVehicle, SHARED_STOCK_VERSION_REUSE_MS, setVehicleStatus, vehiclesVersion } from "~/server/data/vehicles.server";
import { createDatabase } from "../../../tests/support/postgres-cluster";
import { migrations } from "./migrations/migrations.server";
import {
  connectDatabase,
  describePostgresUrl,
  migrateToLatest,
  openDatabase,
  openPostgres,
  pendingMigrations,
  type Db,
} from "./database.server";
import { constraintViolation, engineOf, isUniqueViolation } from "./dialect.server";

/**
 * Runs on SQLite under vitest.config.ts and on PostgreSQL under vitest.postgres.config.ts (whose
 * global setup starts a throw-away cluster): the same migrations and constraints on both engines.
 */
const postgresAdminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
const engine = postgresAdminUrl ? "postgres" : "sqlite";

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy().catch(() => {});
});

/** A new, empty database of the engine under test; `reopen` connects to the same one again. */
async function fresh(): Promise<{ db: Db; reopen: () => Db }> {
  let reopen: () => Db;
  if (postgresAdminUrl) {
    const url = await createDatabase(postgresAdminUrl);
    reopen = () => openPostgres(url, { max: 4 });
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
    reopen = () => openDatabase(dir).db;
  }
  const open = () => {
    const db = reopen();
    opened.push(db);
    return db;
  };
  return { db: open(), reopen: open };
}

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

describe(`migrations (${engine})`, () => {
  it("create every table on an empty database", async () => {
    const { db } = await fresh();
    expect(engineOf(db)).toBe(engine);
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await pendingMigrations(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const t of [
      "vehicles",
      "vehicle_images",
      "vehicle_price_changes",
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
      "staff_sign_in_locks",
      "audit_log",
      "outbox",
      "web_vitals",
    ]) {
      expect(tables).toContain(t);
    }
    // The PIN's sessions were replaced by staff_sessions (migration 002).
    expect(tables).not.toContain("admin_sessions");
  });

  it.runIf(engine === "sqlite")("open SQLite with its durability settings on", () => {
    const { raw } = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), "db-test-")));
    try {
      expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      expect(raw.prepare("PRAGMA synchronous").get()).toEqual({ synchronous: 2 });
      expect(raw.prepare("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    } finally {
      raw.close();
    }
  });

  it("are a no-op on an up-to-date database and keep its data", async () => {
    const { db: first, reopen } = await fresh();
    await migrateToLatest(first);
    await insertVehicle(first, vehicle);
    await first.destroy();
    const second = reopen();
    expect(await migrateToLatest(second)).toEqual([]);
    const rows = await second.selectFrom("vehicles").select("make").execute();
    expect(rows).toEqual([{ make: "Honda" }]);
  });

  it.runIf(engine === "postgres")("apply each migration once when several processes start together (the migrator's lock)", async () => {
    const { db, reopen } = await fresh();
    const others = [reopen(), reopen(), reopen()];
    const applied = await Promise.all([db, ...others].map((d) => migrateToLatest(d)));
    // One of them applied everything; the others waited for the lock and found nothing to do.
    expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
    const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
    expect(rows.rows[0]!.n).toBe(Object.keys(migrations).length);
  });
});

describe(`stock version (${engine})`, () => {
  it("moves at once with this process's writes, and within the stated bound with another process's", async () => {
    const { db, reopen } = await fresh();
    await migrateToLatest(db);
    const empty = await vehiclesVersion(db);
    const id = await insertVehicle(db, vehicle);
    const inserted = await vehiclesVersion(db);
    expect(inserted).not.toBe(empty);
    await setVehicleStatus(db, id, "pending");
    expect(await vehiclesVersion(db)).not.toBe(inserted);

    // Another process: a second connection writing without this module's bookkeeping.
    const written = Date.now();
    await reopen().updateTable("vehicles").set({ updatedAt: "2099-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    let seen = await vehiclesVersion(db);
    // SQLite serves one process and is read every time: the first read already sees the write (a
    // count, not a clock, so a busy machine cannot fail it). PostgreSQL's reuse is bounded in time.
    if (engine === "sqlite") expect(seen).toBe("1:2099-01-01T00:00:00.000Z");
    while (!seen.endsWith("2099-01-01T00:00:00.000Z") && Date.now() - written < SHARED_STOCK_VERSION_REUSE_MS + 1000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await vehiclesVersion(db);
    }
    expect(seen).toBe("1:2099-01-01T00:00:00.000Z");
    if (engine === "postgres") expect(Date.now() - written).toBeLessThan(SHARED_STOCK_VERSION_REUSE_MS + 250);
  });
});

describe(`migration 008 (${engine})`, () => {
  it("removes the outbox mails of leads deleted before deletes took their mails along, and keeps the others", async () => {
    const { db } = await fresh();
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

describe(`dialect helpers (${engine})`, () => {
  it("return counts as numbers, not strings", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    await insertVehicle(db, vehicle);
    const row = await db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(row.n).toBe(1);
  });

  it("keep floating-point values (a monthly income, a vital) to eight digits: PostgreSQL's 4-byte real would not", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    await sql`INSERT INTO web_vitals (id, page, device, metric, value, recorded_at) VALUES ('v1', '/', 'phone', 'LCP', 123456.78, 'x')`.execute(
      db,
    );
    const row = await db.selectFrom("webVitals").select("value").executeTakeFirstOrThrow();
    expect(row.value).toBe(123456.78);
  });

  it("number auto-increment ids from 1 on both engines", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    await db.insertInto("auditLog").values({ at: "x", actor: "a", action: "b", entity: "c", entityId: "d", accountId: null }).execute();
    const row = await db
      .insertInto("auditLog")
      .values({ at: "y", actor: "a", action: "b", entity: "c", entityId: "d", accountId: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(2);
  });

  it("store and look up text holding a NUL character (PostgreSQL cannot: U+FFFD stands in)", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    await db.insertInto("auditLog").values({ at: "x", actor: "a\0b", action: "b", entity: "c", entityId: "d", accountId: null }).execute();
    const row = await db.selectFrom("auditLog").select("actor").where("action", "in", ["b\0", "b"]).executeTakeFirstOrThrow();
    expect(row.actor).toBe(engine === "postgres" ? "a\uFFFDb" : "a\0b");
    expect(await db.selectFrom("auditLog").select("id").where("entity", "=", "c\0").execute()).toEqual([]);
  });

  it("name the violated constraint from either driver's error", () => {
    expect(constraintViolation(new Error("UNIQUE constraint failed: bookings.service_id"))).toBe("unique");
    expect(constraintViolation(new Error("CHECK constraint failed: length(vin) = 17"))).toBe("check");
    expect(constraintViolation(new Error("FOREIGN KEY constraint failed"))).toBe("foreign-key");
    expect(constraintViolation(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toBe(
      "unique",
    );
    expect(constraintViolation(Object.assign(new Error("violates foreign key constraint"), { code: "23503" }))).toBe("foreign-key");
    expect(constraintViolation(Object.assign(new Error("violates check constraint"), { code: "23514" }))).toBe("check");
    expect(constraintViolation(Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" }))).toBeNull();
    expect(constraintViolation("UNIQUE constraint failed")).toBeNull();
    expect(isUniqueViolation(new Error("something else"))).toBe(false);
  });

  it("describe a DATABASE_URL without its password", () => {
    expect(describePostgresUrl("postgres://app:s3cret@db.example:6543/dealer")).toBe("db.example:6543/dealer");
    expect(describePostgresUrl("postgres://db.example/dealer")).toBe("db.example:5432/dealer");
  });

  it("refuse an unreachable DATABASE_URL at once with a one-line message naming where, not the password", async () => {
    const started = Date.now();
    const error = await connectDatabase({ dataDir: os.tmpdir(), databaseUrl: "postgres://app:s3cret@127.0.0.1:1/nowhere" }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain("s3cret");
    expect((error as Error).message).not.toContain("\n");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe(`constraints (${engine})`, () => {
  it("refuse a VIN that is not exactly 17 characters", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    const error = await insertVehicle(db, { ...vehicle, vin: "SHORT" }).catch((e: unknown) => e);
    expect(constraintViolation(error)).toBe("check");
  });

  it("refuse a booking for a service that does not exist", async () => {
    const { db } = await fresh();
    await migrateToLatest(db);
    const error =
      await sql`INSERT INTO bookings (id, service_id, customer_first_name, customer_last_name, customer_email, customer_phone, booking_date, booking_time, created_at)
          VALUES ('b1', 'missing', 'A', 'B', 'a@example.com', '5555550100', '2030-01-01', '09:00', '2030-01-01')`
        .execute(db)
        .catch((e: unknown) => e);
    expect(constraintViolation(error)).toBe("foreign-key");
  });

  it("hold at most one active booking per service, date and time; a cancelled one frees the slot", async () => {
    const { db } = await fresh();
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
    expect(constraintViolation(await insert("b2").catch((e: unknown) => e))).toBe("unique");
    await sql`UPDATE bookings SET status = 'cancelled' WHERE id = 'b1'`.execute(db);
    await expect(insert("b3")).resolves.toBeDefined();
  });
});

describe(`migration 014 (${engine})`, () => {
  it("turns every 'as is' vehicle into 'implied' where Massachusetts requires no warranty, else 'dealer', and leaves the others", async () => {
    const { db } = await fresh();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("012-booking-calendar-sequence")).error).toBeUndefined();
    const row = (id: string, price: number, mileage: number, warrantyType: string) => ({
      id,
      year: 2018,
      make: "Honda",
      model: "Civic",
      price,
      mileage,
      transmission: "Automatic",
      drivetrain: "FWD",
      bodyStyle: "Sedan",
      exteriorColor: "Blue",
      vin: `2HGFC2F59JH00000${id}`,
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
      warrantyType,
    });
    // Kysely<any>: these rows have the schema of migration 012, not of today.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db as any)
      .insertInto("vehicles")
      .values([
        row("1", 12_695, 39_999, "as_is"),
        row("2", 12_695, 124_999, "as_is"),
        row("3", 12_695, 125_000, "as_is"),
        row("4", 650, 20_000, "as_is"),
        row("5", 12_695, 125_000, "dealer"),
        row("6", 650, 20_000, "implied"),
      ])
      .execute();
    expect(await migrateToLatest(db)).toContain("014-massachusetts-warranty");
    const rows = await db.selectFrom("vehicles").select(["id", "warrantyType", "manufacturerWarrantyApplies"]).orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.warrantyType, Number(r.manufacturerWarrantyApplies)])).toEqual([
      ["1", "dealer", 0],
      ["2", "dealer", 0],
      ["3", "implied", 0],
      ["4", "implied", 0],
      ["5", "dealer", 0],
      ["6", "implied", 0],
    ]);
    expect(await db.selectFrom("vehicleDocuments").selectAll().execute()).toEqual([]);
  });
});

describe(`migration 019 (${engine})`, () => {
  it("turns the English feature names the catalogue knows into its keys, keeps the rest as typed, and adds the two descriptions", async () => {
    const { db } = await fresh();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("014-massachusetts-warranty")).error).toBeUndefined();
    const row = (id: string, features: string[]) => ({
      id,
      year: 2018,
      make: "Honda",
      model: "Civic",
      price: 12_695,
      mileage: 40_000,
      transmission: "Automatic",
      drivetrain: "FWD",
      bodyStyle: "Sedan",
      exteriorColor: "Blue",
      vin: `2HGFC2F59JH00000${id}`,
      features: JSON.stringify(features),
      description: "Clean car",
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    });
    // Kysely<any>: these rows have the schema of migration 014, not of today.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db as any)
      .insertInto("vehicles")
      .values([row("1", ["Heated Seats", "apple carplay", "Winter tires on steel rims", "Third-Row Seating"]), row("2", [])])
      .execute();
    expect(await migrateToLatest(db)).toContain("019-vehicle-feature-keys");
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "features", "description", "descriptionEs", "descriptionPt"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => ({ ...r, features: JSON.parse(r.features) as string[] }))).toEqual([
      {
        id: "1",
        features: ["heated-seats", "apple-carplay", "Winter tires on steel rims", "third-row-seating"],
        description: "Clean car",
        descriptionEs: null,
        descriptionPt: null,
      },
      { id: "2", features: [], description: "Clean car", descriptionEs: null, descriptionPt: null },
    ]);
  });
});
