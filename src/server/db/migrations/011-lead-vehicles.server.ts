import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 057: leads name their vehicles exactly.
 * - A financing application keeps the id of the stock vehicle whose page opened the form, so the
 *   ADF lead, the staff mail and the dashboard name that vehicle instead of guessing one from the
 *   shopper's free text. No foreign key: a vehicle may be deleted later, the application stays.
 * - A service booking keeps the customer's own vehicle (year, make, model, mileage, VIN), all
 *   optional, which the service desk needs before the car arrives.
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const leadVehiclesMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("financing_applications").addColumn("vehicle_id", "text").execute();
    await db.schema.alterTable("bookings").addColumn("vehicle_year", "integer").execute();
    await db.schema.alterTable("bookings").addColumn("vehicle_make", "text").execute();
    await db.schema.alterTable("bookings").addColumn("vehicle_model", "text").execute();
    await db.schema.alterTable("bookings").addColumn("vehicle_mileage", "integer").execute();
    await db.schema.alterTable("bookings").addColumn("vehicle_vin", "text").execute();
  },
};
