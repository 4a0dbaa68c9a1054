import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "~/server/db/dialect.server";

/**
 * What staff learn from saved vehicles and alerts (docs/decisions/115-saved-vehicles-and-alerts-without-accounts.md):
 * - `customers.source`: how a customer record began when no lead made it ("alerts": a shopper who
 *   confirmed alerts and has asked nothing yet); null for the records leads make.
 * - `vehicle_saves`: which device lists (a random id in the shopper's `saved` cookie, never a person)
 *   hold which vehicle, so staff see how many shoppers saved each one.
 * - `alert_visits`: page visits that came from an alert mail's links (`utm_source=alert`), with the
 *   kind of alert (`utm_campaign`); no address, no person. Opens are not tracked.
 */
export const alertSignalsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("customers").addColumn("source", "text").execute();
    await db.schema
      .createTable("vehicle_saves")
      .addColumn("device_id", "text", (c) => c.notNull())
      .addColumn("vehicle_id", "text", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
      .addColumn("saved_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("vehicle_saves_pk", ["device_id", "vehicle_id"])
      .execute();
    await db.schema.createIndex("vehicle_saves_vehicle").on("vehicle_saves").column("vehicle_id").execute();
    await db.schema
      .createTable("alert_visits")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("campaign", "text")
      .execute();
    await db.schema.createIndex("alert_visits_at").on("alert_visits").column("at").execute();
  },
};
