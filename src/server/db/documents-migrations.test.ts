import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { findVehicle } from "~/server/data/vehicles.server";
import { migrateToLatest } from "./database.server";
import { isUniqueViolation } from "./dialect.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migrations 030–033 (decisions 090, 091, 094, 095, 097) on rows written before them. Runs on
 * SQLite under vitest.config.ts and on PostgreSQL under vitest.postgres.config.ts.
 */
const before = async () => {
  const db = await freshDatabase("documents-migrations");
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  expect((await migrator.migrateTo("027-lead-search")).error).toBeUndefined();
  return db;
};

const vehicleRow = (id: string, systems: string | null, duration: string | null) => ({
  id,
  year: 2019,
  make: "Honda",
  model: "Civic",
  price: 15995,
  mileage: 30000,
  transmission: "Automatic",
  drivetrain: "FWD",
  body_style: "Sedan",
  exterior_color: "Blue",
  vin: `1HGCM82633A00${id.padStart(4, "0")}`,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  warranty_type: "dealer",
  warranty_systems: systems,
  warranty_duration: duration,
});

/** A deal as migration 020 stored it: out the door net of the trade-in (negative when the trade was worth more). */
const dealRow = (
  id: string,
  cents: { outTheDoor: number; trade: number; payoff: number; financed: number; monthly: number; total: number },
) => ({
  id,
  token_hash: `hash-${id}`,
  version: 1,
  deal_group_id: id,
  vehicle_id: "v",
  vehicle_year: 2019,
  vehicle_make: "Honda",
  vehicle_model: "Civic",
  vehicle_vin: "1HGCM82633A004352",
  vehicle_mileage: 30000,
  credit_band: "good",
  term_months: 60,
  apr_thousandths: 8900,
  sales_tax_rate_millionths: 62500,
  price_cents: 800_000,
  doc_fee_cents: 0,
  down_payment_cents: 0,
  trade_in_value_cents: cents.trade,
  trade_in_payoff_cents: cents.payoff,
  taxable_amount_cents: 0,
  sales_tax_cents: 0,
  title_fee_cents: 7_500,
  registration_fee_cents: 6_000,
  out_the_door_cents: cents.outTheDoor,
  amount_financed_cents: cents.financed,
  monthly_payment_cents: cents.monthly,
  total_of_payments_cents: cents.total,
  first_name: "Ana",
  last_name: "Silva",
  email: "ana@example.com",
  phone: "9785550100",
  consent_at: "2026-11-01T00:00:00.000Z",
  valid_until: "2026-11-04",
  created_at: "2026-11-01T00:00:00.000Z",
});

describe(`migrations 030–033 on earlier rows (${engine})`, () => {
  it("030: a sent deal's out-the-door price becomes the car's, never negative, and the equity beyond it the amount due (decision 090)", async () => {
    const db = await before();
    // An $8,000 car with a $10,000 trade-in: 8,000 + 75 + 60 − 10,000 = −1,865 out the door as stored then.
    await db
      .insertInto("deals" as never)
      .values([
        dealRow("over", { outTheDoor: -186_500, trade: 1_000_000, payoff: 0, financed: 0, monthly: 0, total: 0 }),
        dealRow("under", { outTheDoor: 513_500, trade: 300_000, payoff: 100_000, financed: 713_500, monthly: 14_776, total: 886_560 }),
      ] as never)
      .execute();
    await migrateToLatest(db);
    const rows = await db
      .selectFrom("deals")
      .select(["id", "outTheDoorCents", "amountDueToYouCents", "finalPaymentCents", "financeChargeCents", "ratesSource"])
      .orderBy("id")
      .execute();
    expect(
      rows.map((r) => ({ ...r, outTheDoorCents: Number(r.outTheDoorCents), amountDueToYouCents: Number(r.amountDueToYouCents) })),
    ).toEqual([
      {
        id: "over",
        outTheDoorCents: 813_500,
        amountDueToYouCents: 186_500,
        finalPaymentCents: 0,
        financeChargeCents: 0,
        ratesSource: "owner",
      },
      {
        id: "under",
        outTheDoorCents: 813_500,
        amountDueToYouCents: 0,
        finalPaymentCents: 14_776,
        financeChargeCents: 886_560 - 713_500,
        ratesSource: "owner",
      },
    ]);
  });

  it("031: free-text warranty terms become structured ones where they read as the list's systems and a duration (decision 091)", async () => {
    const db = await before();
    await db
      .insertInto("vehicles" as never)
      .values([
        vehicleRow("1", "Engine; Brake System", "90 days or 3,750 miles, whichever comes first"),
        vehicleRow("2", "Engine block only", "7 days or 100 miles"),
        vehicleRow("3", null, null),
      ] as never)
      .execute();
    await migrateToLatest(db);
    expect((await findVehicle(db, "1"))?.warrantyTerms).toEqual({
      systems: ["engine", "brakes"],
      days: 90,
      miles: 3750,
      laborPercent: 100,
      partsPercent: 100,
    });
    // Words the list does not have: no terms, so the documents print the statute's (never less).
    expect((await findVehicle(db, "2"))?.warrantyTerms).toBeNull();
    expect((await findVehicle(db, "3"))?.warrantyTerms).toBeNull();
  });

  it("032 and 033: the action-taken date and the co-applicant's consent; consents, do-not-contact per channel and address, opt-out links", async () => {
    const db = await before();
    await migrateToLatest(db);
    await db
      .insertInto("doNotContact")
      .values({
        channel: "email",
        address: "ana@example.com",
        customerId: null,
        source: "opt-out-link",
        staffId: null,
        createdAt: "2026-11-28T00:00:00.000Z",
      })
      .execute();
    // A second opt-out of the same address on the same channel is the same row.
    const again = await db
      .insertInto("doNotContact")
      .values({
        channel: "email",
        address: "ana@example.com",
        customerId: null,
        source: "staff",
        staffId: null,
        createdAt: "2026-11-28T00:00:01.000Z",
      })
      .execute()
      .then(
        () => null,
        (error: unknown) => (isUniqueViolation(error) ? "unique" : String(error)),
      );
    expect(again).toBe("unique");
    await expect(
      db
        .insertInto("doNotContact")
        .values({
          channel: "fax" as never,
          address: "x",
          customerId: null,
          source: "staff",
          staffId: null,
          createdAt: "2026-11-28T00:00:00.000Z",
        })
        .execute(),
    ).rejects.toThrow();
    const financing = await sql<{ name: string }>`SELECT action_taken_at AS name FROM financing_applications`.execute(db);
    expect(financing.rows).toEqual([]);
    const consent = await db.selectFrom("contactConsents").select(["wordingVersion", "clientAddress"]).execute();
    expect(consent).toEqual([]);
    expect(await db.selectFrom("optOutLinks").selectAll().execute()).toEqual([]);
  });
});
