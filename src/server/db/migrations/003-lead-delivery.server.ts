import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { autoIncrementId } from "../dialect.server";

/**
 * Lead delivery (docs/behaviour.md §12): the durable mail outbox, the booking manage link and
 * its reminder, the shopper's locale on every lead, and lead status with the time of the
 * first change (response time).
 */
export const leadDeliveryMigration: Migration = {
  // A migration runs against the schema as it was then, not today's Database type (Kysely's advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("outbox")
      .addColumn("id", ...autoIncrementId(db))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("to_address", "text", (c) => c.notNull())
      .addColumn("reply_to", "text")
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("text_body", "text", (c) => c.notNull())
      .addColumn("html_body", "text")
      // JSON array of { filename, contentType, content } (text content, e.g. the .ics).
      .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("queued")
          .check(sql`status IN ('queued', 'sending', 'sent', 'written', 'failed', 'cancelled')`),
      )
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      // When the mail is first due (a reminder is due a day before its appointment); the 24 h give-up counts from here.
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("last_attempt_at", "text")
      .addColumn("last_error", "text")
      .addColumn("claimed_by", "text")
      .addColumn("claimed_until", "text")
      .addColumn("related_type", "text", (c) => c.notNull())
      .addColumn("related_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("sent_at", "text")
      .execute();
    await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("outbox_related").on("outbox").columns(["related_type", "related_id"]).execute();

    await db.schema.alterTable("bookings").addColumn("manage_token_hash", "text").execute();
    await db.schema
      .createIndex("bookings_manage_token_hash")
      .on("bookings")
      .column("manage_token_hash")
      .unique()
      .where(sql.ref("manage_token_hash"), "is not", null)
      .execute();
    await db.schema.alterTable("bookings").addColumn("cancelled_at", "text").execute();
    await db.schema
      .alterTable("bookings")
      .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
      .execute();

    for (const table of ["contact_submissions", "financing_applications"]) {
      await db.schema
        .alterTable(table)
        .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn("lead_status", "text", (c) =>
          c
            .notNull()
            .defaultTo("new")
            .check(sql`lead_status IN ('new', 'contacted', 'closed')`),
        )
        .execute();
      await db.schema.alterTable(table).addColumn("first_status_change_at", "text").execute();
    }
  },
};
