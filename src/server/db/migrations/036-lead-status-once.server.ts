import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * A lead's status is stored once, in `leads` (docs/decisions/109-lead-status-stored-once.md). Until now
 * each kind's own table kept a copy (`lead_status`, `first_status_change_at`) beside `leads.status` and
 * `leads.first_response_at`, and the copies had drifted: a deal closed from the inbox stayed "new" on
 * its own table. Every write went through `leads` (the old `setLeadStatus` wrote both, the inbox and a
 * reply wrote `leads` alone), so `leads.status` is the latest word and is kept; the first response is
 * the earlier of the two times, so no lead loses the answer it had. Then the copies go.
 *
 * The kinds and their tables are written out here as they were at this version, not read from the
 * registry (src/shared/leads/lead-kinds.ts), which will change after this migration has shipped.
 */
const KIND_TABLES = [
  { type: "message", table: "contact_submissions", leadId: "id" },
  { type: "financing", table: "financing_applications", leadId: "id" },
  { type: "trade-in", table: "trade_ins", leadId: "id" },
  // Every version of a deal sheet is a row; the lead is the deal, named by its first version's id.
  { type: "deal", table: "deals", leadId: "deal_group_id" },
] as const;

export const leadStatusOnceMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    for (const { type, table, leadId } of KIND_TABLES) {
      // The earliest first response either copy knew (ISO-8601 UTC text compares in time order). One
      // statement per kind, on both engines: no row-by-row loop in JS.
      const earliest = sql`(select min(k.first_status_change_at) from ${sql.table(table)} k
        where k.${sql.ref(leadId)} = leads.id and k.first_status_change_at is not null)`;
      await sql`update leads set first_response_at = ${earliest}
        where leads.type = ${type}
          and ${earliest} is not null
          and (leads.first_response_at is null or ${earliest} < leads.first_response_at)`.execute(db);
      await db.schema.alterTable(table).dropColumn("lead_status").execute();
      await db.schema.alterTable(table).dropColumn("first_status_change_at").execute();
    }
  },
};
