import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 059: a vehicle's fuel type, which Google's and Meta's vehicle feeds ask
 * for. Nullable: the stock already on the lot has no recorded fuel type, and guessing one from the
 * model would put a wrong value in front of shoppers; staff (or the VIN decoder) fill it in. No CHECK
 * constraint: every write goes through the vehicle schema's list, and a later value (hydrogen, say)
 * would otherwise need a table rebuild on SQLite. Kysely's builders only, so it runs on SQLite and
 * PostgreSQL alike.
 */
export const vehicleFuelTypeMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("vehicles").addColumn("fuel_type", "text").execute();
  },
};
