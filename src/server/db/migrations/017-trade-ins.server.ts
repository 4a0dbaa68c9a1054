import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Trade-in appraisals (decision 067): what the shopper says about their car, its photos (keys of
 * the image files, never the bytes), the lead's status like every lead, and the offer staff send
 * back. The offer link's token is stored only as its SHA-256, like a booking's manage token.
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const tradeInsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("trade_ins")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("vin", "text")
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("make", "text", (c) => c.notNull())
      .addColumn("model", "text", (c) => c.notNull())
      .addColumn("trim", "text")
      // What the offline decoder read from the VIN (body, engine, drive…), as JSON; null without a VIN.
      .addColumn("decoded", "text")
      .addColumn("mileage", "integer", (c) => c.notNull())
      .addColumn("zip", "text", (c) => c.notNull())
      .addColumn("accidents", "integer", (c) => c.notNull())
      .addColumn("warning_lights", "integer", (c) => c.notNull())
      .addColumn("tires", "text", (c) => c.notNull().check(sql`tires IN ('good', 'fair', 'poor')`))
      .addColumn("keys", "integer", (c) => c.notNull())
      .addColumn("smoked_in", "integer", (c) => c.notNull())
      .addColumn("title_status", "text", (c) => c.notNull().check(sql`title_status IN ('clean', 'salvage', 'rebuilt')`))
      .addColumn("payoff", "integer")
      .addColumn("lender", "text")
      // JSON array of { key, width, height }: the files live under DATA_DIR/images.
      .addColumn("photos", "text", (c) => c.notNull())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("consent_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("lead_status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(sql`lead_status IN ('new', 'contacted', 'closed')`),
      )
      .addColumn("first_status_change_at", "text")
      // The latest offer; a new one replaces it (and its link).
      .addColumn("offer_low", "integer")
      .addColumn("offer_high", "integer")
      .addColumn("offer_note", "text")
      .addColumn("offer_valid_until", "text")
      .addColumn("offer_sent_at", "text")
      .addColumn("offer_token_hash", "text", (c) => c.unique())
      .execute();
    await db.schema.createIndex("trade_ins_created_at").on("trade_ins").column("created_at").execute();
  },
};
