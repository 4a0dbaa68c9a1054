import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The five-minute alarm (docs/decisions/076-lead-alarm-and-after-hours-reply.md):
 * - `leads.response_due_at`: when the lead must have had its first response, counted in opening
 *   hours from its arrival; `leads.escalated_at`: when the alarm was raised (set once, by the one
 *   process that claims it).
 * - `lead_settings`: the owner's lead settings (the minutes allowed), one row as JSON text like
 *   `deal_settings`.
 * Leads stored before the alarm existed that still wait are shown waiting from now on but are not
 *   mailed about: their alarm counts as raised, or the first run after an upgrade would mail the
 *   owner once for every old unanswered lead.
 */
export const leadAlarmMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable("leads").addColumn("response_due_at", "text").execute();
    await db.schema.alterTable("leads").addColumn("escalated_at", "text").execute();
    // Only the leads the alarm may still raise, so the job's query stays small however many leads there are.
    await db.schema
      .createIndex("leads_alarm_due")
      .on("leads")
      .column("response_due_at")
      .where(sql.ref("escalated_at"), "is", null)
      .where(sql.ref("first_response_at"), "is", null)
      .execute();
    const now = new Date().toISOString();
    await db
      .updateTable("leads")
      .set({ responseDueAt: sql.ref("created_at"), escalatedAt: now })
      .where("firstResponseAt", "is", null)
      .where("status", "=", "new")
      .execute();

    await db.schema
      .createTable("lead_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .execute();
  },
};
