import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 094: consent to calls and texts, and opting out.
 * - `contact_consents`: each optional consent a shopper gave on a form: the lead it came with, its
 *   customer, the channels, the wording's version and language, the number it covers, the client
 *   address it was given from and when.
 * - `do_not_contact`: a customer's "do not contact me" per channel (e-mail, phone calls, texts), kept
 *   by the address it is about (a lower-cased e-mail or an E.164 phone), so it holds whatever
 *   customer record that address later belongs to (a merge, a new lead). The primary key makes a
 *   second opt-out of the same address a no-op.
 * - `opt_out_links`: the secret link every customer mail carries (its SHA-256 only; the token is in
 *   the mail), naming the e-mail address it was sent to.
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const contactConsentAndOptOutMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("contact_consents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("customer_id", "text", (c) => c.notNull())
      .addColumn("lead_type", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull())
      // Comma-separated channels the consent covers: "phone,text".
      .addColumn("channels", "text", (c) => c.notNull())
      .addColumn("wording_version", "text", (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull())
      // The number it covers, as E.164 (or as typed when it is not a US number).
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("client_address", "text")
      .addColumn("given_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("contact_consents_customer").on("contact_consents").columns(["customer_id", "given_at"]).execute();
    await db.schema
      .createTable("do_not_contact")
      .addColumn("channel", "text", (c) => c.notNull().check(sql`channel IN ('email', 'phone', 'text')`))
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("customer_id", "text")
      // "opt-out-link" (the shopper) or "staff".
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("staff_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("do_not_contact_pk", ["channel", "address"])
      .execute();
    await db.schema
      .createTable("opt_out_links")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
};
