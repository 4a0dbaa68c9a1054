import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Deal sheets (decision 070): one row per version sent to a shopper. The vehicle as it was and
 * every input and computed number are frozen here at send time (money in whole cents), so a later
 * price or settings change never alters a sheet already sent. The link's token is stored only as
 * its SHA-256, like a trade-in offer's. A revision is a new row; the old one points at it.
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const dealsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("deals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("version", "integer", (c) => c.notNull())
      // The first version's id: every version of one deal shares it.
      .addColumn("deal_group_id", "text", (c) => c.notNull())
      .addColumn("replaced_by_id", "text")
      .addColumn("replaced_at", "text")
      // Null for the shopper's own request; the staff member's e-mail for a revision.
      .addColumn("sent_by", "text")
      .addColumn("vehicle_id", "text", (c) => c.notNull())
      .addColumn("vehicle_year", "integer", (c) => c.notNull())
      .addColumn("vehicle_make", "text", (c) => c.notNull())
      .addColumn("vehicle_model", "text", (c) => c.notNull())
      .addColumn("vehicle_trim", "text")
      .addColumn("vehicle_vin", "text", (c) => c.notNull())
      .addColumn("vehicle_stock_number", "text")
      .addColumn("vehicle_mileage", "integer", (c) => c.notNull())
      .addColumn("credit_band", "text", (c) => c.notNull().check(sql`credit_band IN ('excellent', 'good', 'fair', 'rebuilding')`))
      .addColumn("term_months", "integer", (c) => c.notNull())
      // Percent × 1,000 (8.9 % → 8,900) and the sales tax rate in millionths (6.25 % → 62,500): integers, exact.
      .addColumn("apr_thousandths", "integer", (c) => c.notNull())
      .addColumn("sales_tax_rate_millionths", "integer", (c) => c.notNull())
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("doc_fee_cents", "integer", (c) => c.notNull())
      .addColumn("down_payment_cents", "integer", (c) => c.notNull())
      .addColumn("trade_in_value_cents", "integer", (c) => c.notNull())
      .addColumn("trade_in_payoff_cents", "integer", (c) => c.notNull())
      .addColumn("taxable_amount_cents", "integer", (c) => c.notNull())
      .addColumn("sales_tax_cents", "integer", (c) => c.notNull())
      .addColumn("title_fee_cents", "integer", (c) => c.notNull())
      .addColumn("registration_fee_cents", "integer", (c) => c.notNull())
      // Negative when the trade is worth more than the purchase.
      .addColumn("out_the_door_cents", "integer", (c) => c.notNull())
      .addColumn("amount_financed_cents", "integer", (c) => c.notNull())
      .addColumn("monthly_payment_cents", "integer", (c) => c.notNull())
      .addColumn("total_of_payments_cents", "integer", (c) => c.notNull())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("consent_at", "text", (c) => c.notNull())
      // The last day the numbers hold, a dealership calendar date (yyyy-MM-dd).
      .addColumn("valid_until", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("lead_status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(sql`lead_status IN ('new', 'contacted', 'closed')`),
      )
      .addColumn("first_status_change_at", "text")
      .execute();
    await db.schema.createIndex("deals_created_at").on("deals").column("created_at").execute();
    await db.schema.createIndex("deals_deal_group_id").on("deals").column("deal_group_id").execute();
  },
};
