import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { engineOf } from "~/server/db/dialect.server";
import { leadSearchText } from "~/shared/leads/lead-search-text";

/**
 * The inbox's free-text search through an index (docs/decisions/081-lead-search-index.md). Searching
 * name, e-mail and phone as substrings read every one of 50,000 leads and folded three columns for
 * each: 50–300 ms a search. Each lead now carries `search_text` (its name, e-mail, phone and the
 * phone's digits, lower case without accents, written by insertLead) and a trigram index over it:
 * - SQLite: an FTS5 table `lead_search` with the trigram tokenizer, holding each lead's type, id and
 *   search text, kept by triggers on `leads` so every insert and delete (and any later writer) keeps it;
 * - PostgreSQL: a `pg_trgm` GIN index on the column, and one on the lower-cased source, whose text
 *   filter the planner could not estimate and answered by reading the whole table, and statistics on
 *   status and assignee together. Where the extension cannot be installed the trigram indexes are
 *   left out: searches stay correct, only slower.
 * Every stored lead is filled in here.
 */
export const leadSearchMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("leads")
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    const rows = await db.selectFrom("leads").select(["type", "id", "name", "email", "phone"]).execute();
    for (const row of rows as { type: string; id: string; name: string; email: string; phone: string }[])
      await db
        .updateTable("leads")
        .set({ search_text: leadSearchText(row) })
        .where("type", "=", row.type)
        .where("id", "=", row.id)
        .execute();

    if (engineOf(db) === "postgres") {
      // A trusted extension (a database owner may install it); its absence must not stop the upgrade.
      await sql`savepoint lead_search_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index leads_search_trgm on leads using gin (search_text gin_trgm_ops)`.execute(db);
        await sql`create index leads_source_trgm on leads using gin ((lower(coalesce(source, ''))) gin_trgm_ops)`.execute(db);
        await sql`release savepoint lead_search_trgm`.execute(db);
      } catch {
        await sql`rollback to savepoint lead_search_trgm`.execute(db);
      }
      // "Mine" and "new" go together (each salesperson's new leads are theirs): without knowing it, the
      // planner took a search within them for a handful of rows and read the whole table to find them.
      await sql`create statistics leads_status_assignee (dependencies, mcv) on status, assignee_id from leads`.execute(db);
      return;
    }
    await sql`create virtual table lead_search using fts5(search_text, type unindexed, id unindexed, tokenize = 'trigram')`.execute(db);
    await sql`insert into lead_search (search_text, type, id) select search_text, type, id from leads`.execute(db);
    await sql`create trigger leads_search_insert after insert on leads begin
      insert into lead_search (search_text, type, id) values (new.search_text, new.type, new.id);
    end`.execute(db);
    await sql`create trigger leads_search_delete after delete on leads begin
      delete from lead_search where type = old.type and id = old.id;
    end`.execute(db);
    await sql`create trigger leads_search_update after update of search_text, type, id on leads begin
      delete from lead_search where type = old.type and id = old.id;
      insert into lead_search (search_text, type, id) values (new.search_text, new.type, new.id);
    end`.execute(db);
  },
};
