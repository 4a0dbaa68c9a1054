import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The inbox lists newest first and breaks equal times by type and id, so a page link (the last
 * lead's place) continues exactly where the page stopped (docs/behaviour.md §17). Indexes that end
 * at `created_at` left the database sorting every matching lead for each page: with 50,000 leads
 * the first page took half a second on SQLite. Each index now carries the whole order, so a page
 * is a walk of 200 index entries, for no filter, for "mine", for a status and for a type.
 * A search for a whole e-mail address finds its leads by `lower(email)` instead of reading every lead.
 */
export const leadInboxOrderIndexesMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    for (const name of ["leads_created_at", "leads_assignee_created_at", "leads_status_created_at"])
      await db.schema.dropIndex(name).execute();
    await db.schema.createIndex("leads_inbox_order").on("leads").columns(["created_at", "type", "id"]).execute();
    await db.schema.createIndex("leads_assignee_order").on("leads").columns(["assignee_id", "created_at", "type", "id"]).execute();
    await db.schema.createIndex("leads_status_order").on("leads").columns(["status", "created_at", "type", "id"]).execute();
    await db.schema.createIndex("leads_type_order").on("leads").columns(["type", "created_at", "id"]).execute();
    await db.schema
      .createIndex("leads_email_lower")
      .on("leads")
      .expression(sql`lower(email)`)
      .execute();
  },
};
