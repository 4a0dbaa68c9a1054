import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { findContactSubmission } from "~/server/data/contact-submissions.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 036 (decision 109): a lead's status is kept once, in `leads`. The kinds' own copies are
 * dropped; `leads.status` (always written last) is kept, and the first response is the earlier of the
 * two. Runs on SQLite under vitest.config.ts and on PostgreSQL under vitest.postgres.config.ts.
 */
const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, "0")}:00.000Z`;

describe(`migration 036: lead status stored once (${engine})`, () => {
  it("keeps the inbox's status, the earliest first response, and drops the copies", async () => {
    const db = await freshDatabase("lead-status-once");
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("035-staff-app-counts")).error).toBeUndefined();
    await db
      .insertInto("customers")
      .values({
        id: "c1",
        email: "ana@example.com",
        phone: null,
        firstName: "Ana",
        lastName: "Lead",
        locale: "en",
        createdAt: at(0),
        updatedAt: at(0),
      })
      .execute();
    // m1 drifted (closed from the inbox, "new" on its own table); m2's own table saw the first response earlier.
    for (const [id, kindStatus, kindFirst] of [
      ["m1", "new", null],
      ["m2", "contacted", at(5)],
      ["m3", "new", null],
    ] as const)
      await sql`insert into contact_submissions (id, first_name, last_name, email, phone, message, has_trade_in, created_at, lead_status, first_status_change_at)
        values (${id}, 'Ana', 'Lead', 'ana@example.com', '', 'Hello', 0, ${at(1)}, ${kindStatus}, ${kindFirst})`.execute(db);
    const lead = (id: string, status: "new" | "contacted" | "closed", firstResponseAt: string | null) => ({
      type: "message" as const,
      id,
      customerId: "c1",
      status,
      locale: "en",
      name: "Ana Lead",
      email: "ana@example.com",
      phone: "",
      createdAt: at(1),
      firstResponseAt,
    });
    await db
      .insertInto("leads")
      .values([lead("m1", "closed", at(9)), lead("m2", "contacted", at(7)), lead("m3", "new", null)])
      .execute();

    expect((await migrator.migrateTo("036-lead-status-once")).error).toBeUndefined();

    const rows = await db.selectFrom("leads").select(["id", "status", "firstResponseAt"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "m1", status: "closed", firstResponseAt: at(9) },
      { id: "m2", status: "contacted", firstResponseAt: at(5) },
      { id: "m3", status: "new", firstResponseAt: null },
    ]);
    // The message's own screen reads that one status; its table has no copy left to disagree.
    expect(await findContactSubmission(db, "m1")).toMatchObject({ leadStatus: "closed", firstStatusChangeAt: at(9) });
    const columns = await db.introspection.getTables();
    for (const table of ["contact_submissions", "financing_applications", "trade_ins", "deals"]) {
      const names = columns.find((t) => t.name === table)!.columns.map((c) => c.name);
      expect(names).not.toContain("lead_status");
      expect(names).not.toContain("first_status_change_at");
    }
  });
});
