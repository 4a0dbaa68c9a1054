import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 046: a lead's outbox mails now go with the lead (staff delete, retention
 * purge). Before, deleting a message or an application left its mails behind — copies of the
 * shopper's name, contacts and words with no record to answer for them. This removes those
 * already left. Lead status itself needs no schema change: migration 003 added it.
 * Kysely's builders only, so it runs on SQLite and PostgreSQL alike.
 */
export const leadOutboxCleanupMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    for (const [relatedType, table] of [
      ["contact", "contact_submissions"],
      ["financing", "financing_applications"],
      ["booking", "bookings"],
    ] as const) {
      await db
        .deleteFrom("outbox")
        .where("related_type", "=", relatedType)
        .where("related_id", "not in", db.selectFrom(table).select("id"))
        .execute();
    }
  },
};
