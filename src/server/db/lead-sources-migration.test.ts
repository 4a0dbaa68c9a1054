import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { migrateToLatest } from "./database.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 029 (decision 087): a lead source stored before keeps its campaign, click ids and the
 * referring site's host, never the landing page (a deal's or an offer's address with its token).
 * Runs on SQLite under vitest.config.ts and on PostgreSQL under vitest.postgres.config.ts.
 */
describe(`migration 029: lead sources without page addresses (${engine})`, () => {
  it("drops stored landing pages, keeps the campaign, and reads a stored referrer origin as its host", async () => {
    const db = await freshDatabase("lead-sources-test");
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("028-device-generation")).error).toBeUndefined();
    const insert = (id: string, source: string | null) =>
      sql`INSERT INTO leads (type, id, customer_id, status, locale, name, email, phone, created_at, source)
        VALUES ('message', ${id}, 'c-1', 'new', 'en', 'Ana Silva', 'ana@example.com', '9785550100', '2026-11-26T10:00:00.000Z', ${source})`.execute(
        db,
      );
    await insert(
      "token",
      JSON.stringify({ landingPage: "/deal/dZvfA1b2C3d4E5f6G7h8?utm_source=x", referrer: "https://evil.example", utmSource: "x" }),
    );
    await insert("page-only", JSON.stringify({ landingPage: "/trade-in/offer/49W_abc" }));
    await insert("campaign", JSON.stringify({ utmSource: "google", gclid: "Cj0_a" }));
    await insert("none", null);
    expect(await migrateToLatest(db)).toContain("029-lead-sources-without-pages");
    const rows = await db.selectFrom("leads").select(["id", "source"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.source ? JSON.parse(r.source) : null]))).toEqual({
      campaign: { utmSource: "google", gclid: "Cj0_a" },
      none: null,
      "page-only": null,
      token: { referrer: "evil.example", utmSource: "x" },
    });
  });
});
