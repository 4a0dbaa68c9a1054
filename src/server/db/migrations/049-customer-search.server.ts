import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { engineOf } from "~/server/db/dialect.server";

/**
 * The customers' search through indexes (docs/decisions/140-customer-search-index.md). `searchCustomers`
 * matched a name, e-mail or phone as a substring by reading every customer and sorting the matches:
 * about 21 ms of server time a search at 50,000 customers, the heaviest part of the Customers screen
 * and of the staff search. Its rules stay as they were; what changes is how the rows are found:
 * - both engines: an index on (created_at, id), so a search whose matches are many walks the customers
 *   newest first and stops at the page's 20;
 * - SQLite: an FTS5 table `customer_search` with the trigram tokenizer holding each customer's name,
 *   e-mail and phone (joined by U+001F) and id, kept by triggers on `customers` so every writer, present
 *   or future (a lead's upsert, a merge filling a contact), keeps it in step (through
 *   `customer_search_keys`, which numbers its rows); the search reads the ids of the few matches from it;
 * - PostgreSQL: `pg_trgm` GIN indexes on the three expressions the search compares. Where the extension
 *   cannot be installed they are left out (as in migration 027): searches stay correct, only slower.
 * Every stored customer is entered here.
 */
export const customerSearchMigration: Migration = {
  // A migration sees the schema as it was then, not as schema.server.ts describes it now.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex("customers_created_at").on("customers").columns(["created_at", "id"]).execute();

    if (engineOf(db) === "postgres") {
      // A trusted extension (a database owner may install it); its absence must not stop the upgrade.
      await sql`savepoint customer_search_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        // The same expressions as the search's `like`s, so the planner can answer each from its index.
        // Without fastupdate: customers arrive one lead at a time, and a GIN index's pending list (where
        // fastupdate gathers new entries until a vacuum) would be read in full by every search meanwhile.
        const trigramIndex = (name: string, expression: string) =>
          sql`create index ${sql.raw(name)} on customers using gin (${sql.raw(expression)} gin_trgm_ops) with (fastupdate = off)`.execute(
            db,
          );
        await trigramIndex("customers_name_trgm", "(lower(first_name || ' ' || last_name))");
        await trigramIndex("customers_email_trgm", "email");
        await trigramIndex("customers_phone_trgm", "phone");
        await sql`release savepoint customer_search_trgm`.execute(db);
      } catch {
        await sql`rollback to savepoint customer_search_trgm`.execute(db);
      }
      return;
    }
    // The text the table holds for one customer row (`r`: a trigger's `new`, or the backfill's alias of `customers`).
    const text = (r: string) =>
      sql.raw(`${r}.first_name || ' ' || ${r}.last_name || char(31) || coalesce(${r}.email, '') || char(31) || coalesce(${r}.phone, '')`);
    // An FTS5 table finds a row by its rowid only; `customer_search_keys` gives each customer's row a rowid
    // of its own (an integer primary key: VACUUM INTO, the backup, keeps it, as it may not keep the
    // customers' implicit rowids), so a trigger updates or deletes one row instead of scanning them all.
    await sql`create table customer_search_keys (fts_rowid integer primary key, customer_id text not null unique)`.execute(db);
    await sql`create virtual table customer_search using fts5(search_text, id unindexed, tokenize = 'trigram')`.execute(db);
    await sql`insert into customer_search_keys (customer_id) select id from customers order by created_at, id`.execute(db);
    await sql`insert into customer_search (rowid, search_text, id)
      select k.fts_rowid, ${text("c")}, c.id from customers c join customer_search_keys k on k.customer_id = c.id`.execute(db);
    const rowOf = (r: string) => sql.raw(`(select fts_rowid from customer_search_keys where customer_id = ${r}.id)`);
    await sql`create trigger customers_search_insert after insert on customers begin
      insert into customer_search_keys (customer_id) values (new.id);
      insert into customer_search (rowid, search_text, id) values (${rowOf("new")}, ${text("new")}, new.id);
    end`.execute(db);
    await sql`create trigger customers_search_delete after delete on customers begin
      delete from customer_search where rowid = ${rowOf("old")};
      delete from customer_search_keys where customer_id = old.id;
    end`.execute(db);
    // Only when the text changes: a lead from a known customer rewrites their name, mostly to the same.
    await sql`create trigger customers_search_update after update of first_name, last_name, email, phone, id on customers
      when old.first_name is not new.first_name or old.last_name is not new.last_name or old.email is not new.email
        or old.phone is not new.phone or old.id is not new.id
    begin
      update customer_search_keys set customer_id = new.id where customer_id = old.id;
      update customer_search set search_text = ${text("new")}, id = new.id where rowid = ${rowOf("new")};
    end`.execute(db);
  },
};
