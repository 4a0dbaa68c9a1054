import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { floatType } from "../dialect.server";

/**
 * Core Web Vitals from real visits: one row per metric instance of a page load, keyed by
 * the id the web-vitals library gives it so a later, larger value replaces the earlier one.
 * No personal data: a route pattern (never the URL's ids), a device class and a number.
 */
export const webVitalsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("web_vitals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull())
      .addColumn("value", floatType(db), (c) => c.notNull())
      .addColumn("recorded_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("web_vitals_recorded_at").on("web_vitals").column("recorded_at").execute();
  },
};
