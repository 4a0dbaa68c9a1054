import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Decision 128: the Messages screen pages the contact messages newest first (created, then id). Without
 * an index on `created_at` every page sorted the whole table: 12,500 messages at 50,000 leads, a median of
 * 63–93 ms a data request (bench:staff-pages). Trade-ins, deals and financing applications have theirs
 * since their tables began. (Numbered 048: 046 and 047 went to parallel work.)
 */
export const contactSubmissionsCreatedAtIndexMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex("contact_submissions_created_at").on("contact_submissions").column("created_at").execute();
  },
};
