import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { deleteLead, insertLead, listInboxLeads } from "~/server/data/leads.server";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { migrateToLatest, type Db } from "./database.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 027 (decision 081): leads stored before it are found by the new search, and leads
 * written or deleted after it keep the search index in step. Runs on SQLite under vitest.config.ts
 * and on PostgreSQL under vitest.postgres.config.ts.
 */
const fresh = () => freshDatabase("lead-search-test");

const at = "2026-11-26T10:00:00.000Z";
const ids = async (db: Db, q: string) => (await listInboxLeads(db, { q, limit: 50 })).map((l) => l.id);

describe(`migration 027: the lead search column and index (${engine})`, () => {
  it("fills the search text of stored leads, and later inserts and deletes keep the index", async () => {
    const db = await fresh();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("025-tasks")).error).toBeUndefined();
    await sql`INSERT INTO leads (type, id, customer_id, status, locale, name, email, phone, created_at)
      VALUES ('message', 'old-1', 'c-1', 'new', 'pt', 'João Conceição', 'joao@example.com', '(978) 555-0199', ${at})`.execute(db);
    expect(await migrateToLatest(db)).toContain("027-lead-search");

    expect(await ids(db, "joao conceicao")).toEqual(["old-1"]);
    expect(await ids(db, "JOÃO")).toEqual(["old-1"]);
    expect(await ids(db, "5550199")).toEqual(["old-1"]);

    const lead = { type: "booking", customerId: "c-2", assigneeId: null, locale: "es", vehicleId: null, createdAt: at, source: null };
    await insertLead(db, { ...lead, id: "new-1", name: "Inês Peña", email: "ines@example.com", phone: "617-555-0145" });
    expect(await ids(db, "pena")).toEqual(["new-1"]);
    expect(await ids(db, "617-555")).toEqual(["new-1"]);
    await deleteLead(db, "booking", "new-1");
    expect(await ids(db, "pena")).toEqual([]);
    expect(await ids(db, "example.com")).toEqual(["old-1"]);
  });
});
