import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { markCustomerMerged, searchCustomers, upsertCustomerForLead } from "~/server/data/customers.server";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { migrateToLatest, type Db } from "./database.server";
import { inTransaction } from "./transaction.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 049 (decision 140): the customers' search through indexes finds what the scan found, by
 * the same rules: customers stored before it (the backfill), and customers created, changed, merged or
 * deleted after it (the index kept in step). Runs on SQLite under vitest.config.ts and on PostgreSQL
 * under vitest.postgres.config.ts.
 */
const fresh = () => freshDatabase("customer-search-test");
const ids = async (db: Db, q: string) => (await searchCustomers(db, q)).map((c) => c.id);

/** A database at migration 048 holding customers written as the code before 049 wrote them, then migrated. */
async function migratedWithOldCustomers(): Promise<Db> {
  const db = await fresh();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  expect((await migrator.migrateTo("048-contact-submissions-created-at-index")).error).toBeUndefined();
  const customer = (
    id: string,
    first: string,
    last: string,
    email: string | null,
    phone: string | null,
    createdAt: string,
    mergedIntoId: string | null = null,
  ) =>
    sql`INSERT INTO customers (id, email, phone, first_name, last_name, locale, merged_into_id, created_at, updated_at)
      VALUES (${id}, ${email}, ${phone}, ${first}, ${last}, 'en', ${mergedIntoId}, ${createdAt}, ${createdAt})`.execute(db);
  await customer("old-joao", "João", "Conceição", "joao@example.com", "+19785550199", "2026-11-01T10:00:00.000Z");
  await customer("old-maria", "MARIA", "Silva", "maria.silva@example.com", "+16175550145", "2026-11-02T10:00:00.000Z");
  await customer("old-merged", "Maria", "Silva", "maria.old@example.com", "+16175550146", "2026-11-03T10:00:00.000Z", "old-maria");
  await customer("old-ana", "Ana", "Costa", null, null, "2026-11-04T10:00:00.000Z");
  await customer("old-obrien", "Sean", "O'Brien", "o_brien@example.com", null, "2026-11-05T10:00:00.000Z");
  expect(await migrateToLatest(db)).toContain("049-customer-search");
  return db;
}

describe(`migration 049: the customers' search through indexes (${engine})`, () => {
  it("finds the customers stored before it by name, e-mail and phone, any case, merged records left out", async () => {
    const db = await migratedWithOldCustomers();
    // Name parts, across first and last name, in any case.
    expect(await ids(db, "conceição")).toEqual(["old-joao"]);
    expect(await ids(db, "JOÃO")).toEqual(["old-joao"]);
    expect(await ids(db, "o conc")).toEqual(["old-joao"]);
    expect(await ids(db, "maria sil")).toEqual(["old-maria"]);
    expect(await ids(db, "Costa")).toEqual(["old-ana"]);
    // E-mail, a part or whole.
    expect(await ids(db, "silva@example")).toEqual(["old-maria"]);
    expect(await ids(db, "JOAO@EXAMPLE.COM")).toEqual(["old-joao"]);
    // Phone digits contained, in any format, and a number typed so that only its E.164 form matches.
    expect(await ids(db, "5550199")).toEqual(["old-joao"]);
    expect(await ids(db, "(978) 555-0199")).toEqual(["old-joao"]);
    expect(await ids(db, "+1 978 555 0199")).toEqual(["old-joao"]);
    expect(await ids(db, "011 1 978 555 0199")).toEqual(["old-joao"]);
    // The merged record is found by nothing of its own; its twin, newest first, by what they share.
    expect(await ids(db, "maria.old")).toEqual([]);
    expect(await ids(db, "6175550146")).toEqual([]);
    expect(await ids(db, "example.com")).toEqual(["old-obrien", "old-maria", "old-joao"]);
    // Two characters (no trigram) and text holding a wildcard character: the same rules, literally.
    expect(await ids(db, "jo")).toEqual(["old-joao"]);
    expect(await ids(db, "o_b")).toEqual(["old-obrien"]);
    expect(await ids(db, "o%b")).toEqual([]);
    expect(await ids(db, "nobody here")).toEqual([]);
  });

  it("keeps the index in step with customers created, changed, merged and deleted after it", async () => {
    const db = await migratedWithOldCustomers();
    const lead = { locale: "es", email: "ines@example.com", phone: "617-555-0177", firstName: "Inês", lastName: "Peña" };
    const ines = await upsertCustomerForLead(db, lead, new Date("2026-11-20T10:00:00.000Z"));
    expect(await ids(db, "peña")).toEqual([ines.id]);
    expect(await ids(db, "ines@")).toEqual([ines.id]);
    expect(await ids(db, "6175550177")).toEqual([ines.id]);

    // Her next lead says another name: found by it, no longer by the old one.
    await upsertCustomerForLead(db, { ...lead, lastName: "Ribeiro" }, new Date("2026-11-21T10:00:00.000Z"));
    expect(await ids(db, "ribeiro")).toEqual([ines.id]);
    expect(await ids(db, "peña")).toEqual([]);

    // A customer who gains a phone is found by it.
    const rui = await upsertCustomerForLead(db, {
      locale: "pt",
      email: "rui@example.com",
      phone: null,
      firstName: "Rui",
      lastName: "Alves",
    });
    expect(await ids(db, "5085550111")).toEqual([]);
    await upsertCustomerForLead(db, { locale: "pt", email: "rui@example.com", phone: "508-555-0111", firstName: "Rui", lastName: "Alves" });
    expect(await ids(db, "5085550111")).toEqual([rui.id]);

    // Merged away: found no more; the one it joined is, also by the phone it took over.
    expect(await markCustomerMerged(db, "old-ana", rui.id)).toBe(true);
    expect(await ids(db, "rui alves")).toEqual([]);
    expect(await ids(db, "508-555-0111")).toEqual(["old-ana"]);

    await sql`DELETE FROM customers WHERE id = ${ines.id}`.execute(db);
    expect(await ids(db, "ribeiro")).toEqual([]);
    expect(await ids(db, "6175550177")).toEqual([]);
  });

  it("lists the newest 20 of many matches, as the scan did", async () => {
    const db = await migratedWithOldCustomers();
    // More matches than SQLite reads from its trigram table (500): the newest-first walk answers.
    const rows = Array.from({ length: 620 }, (_, i) => {
      const createdAt = new Date(Date.parse("2026-10-01T00:00:00.000Z") + i * 60_000).toISOString();
      return {
        id: `many-${String(i).padStart(3, "0")}`,
        email: `many.${i}@example.net`,
        phone: `+1508555${String(1000 + i)}`,
        firstName: "Zed",
        lastName: i % 2 ? "Manyfold" : "Manyway",
        locale: "en",
        mergedIntoId: i % 7 ? null : "old-ana",
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto("customers")
        .values(rows.slice(i, i + 100))
        .execute();
    const newest = (keep: (row: (typeof rows)[number]) => boolean, limit = 20) =>
      rows
        .filter((row) => row.mergedIntoId === null && keep(row))
        .map((row) => row.id)
        .reverse()
        .slice(0, limit);
    expect(await ids(db, "zed many")).toEqual(newest(() => true));
    // Fewer than 500: read from the trigram table.
    expect(await ids(db, "manyfold")).toEqual(newest((row) => row.lastName === "Manyfold"));
    expect(await ids(db, "example.net")).toEqual(newest(() => true));
    expect((await searchCustomers(db, "@example.net", 1000)).map((c) => c.id)).toEqual(newest(() => true, 1000));
    expect(await ids(db, "many.61")).toEqual(newest((row) => row.email.startsWith("many.61")));
    expect(await ids(db, "15085551")).toEqual(newest(() => true));
    expect(await ids(db, "1508-555-1619")).toEqual(newest((row) => row.phone === "+15085551619"));
  });

  it.runIf(engine === "sqlite")("holds one row of the trigram table for each customer", async () => {
    const db = await migratedWithOldCustomers();
    await upsertCustomerForLead(db, { locale: "en", email: "new@example.com", phone: null, firstName: "New", lastName: "One" });
    const count = async (table: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    expect(await count("customer_search")).toBe(6);
    expect(await count("customer_search_keys")).toBe(6);
    expect(await count("customers")).toBe(6);
  });

  it.runIf(engine === "postgres")("answers the search's likes from the trigram indexes", async () => {
    const db = await migratedWithOldCustomers();
    const scans = await inTransaction(db, async (trx) => {
      // Without a scan of the table, a walk of an index, or the partial indexes that list every live
      // customer (dropped in this throw-away database), only the trigram indexes can answer the likes: a
      // search whose expressions did not match theirs would still read the whole table (the last resort).
      await sql`drop index customers_live_email, customers_live_phone`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      expect(await ids(trx, "silva@example")).toEqual(["old-maria"]);
      expect(await ids(trx, "5550199")).toEqual(["old-joao"]);
      // This transaction's scans of each index of the table (not yet flushed to the statistics views).
      const { rows } = await sql<{ name: string; scans: string }>`select c.relname as name, pg_stat_get_xact_numscans(c.oid) as scans
        from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'customers'::regclass`.execute(trx);
      return Object.fromEntries(rows.map((row) => [row.name, Number(row.scans)]));
    });
    expect(scans.customers_name_trgm).toBeGreaterThan(0);
    expect(scans.customers_email_trgm).toBeGreaterThan(0);
    expect(scans.customers_phone_trgm).toBeGreaterThan(0);
  });
});
