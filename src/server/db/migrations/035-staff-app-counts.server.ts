import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The staff app's live counts (docs/decisions/100-staff-pages-are-route-modules.md): every staff page
 * counts the person's leads still waiting for a first response (and the overdue ones among them) and
 * the financing applications still new. Two partial indexes hold only those leads, so the counts read
 * a handful of index entries instead of a person's whole history, on SQLite and PostgreSQL alike.
 */
export const staffAppCountsMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex("leads_waiting")
      .on("leads")
      .columns(["assignee_id", "response_due_at", "escalated_at"])
      .where(sql.ref("status"), "=", "new")
      .where(sql.ref("first_response_at"), "is", null)
      .execute();
    await db.schema.createIndex("leads_new_by_type").on("leads").column("type").where(sql.ref("status"), "=", "new").execute();
  },
};
