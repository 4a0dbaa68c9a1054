import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../../tests/support/postgres-cluster";
import { migrateToLatest, openDatabase, openPostgres, type Db } from "./database.server";
import { isUniqueViolation } from "./dialect.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 026 (decision 080): customers that share an e-mail or a phone join the oldest of them
 * before the unique indexes are built. Runs on SQLite under vitest.config.ts and on PostgreSQL
 * under vitest.postgres.config.ts.
 */
const postgresAdminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
const engine = postgresAdminUrl ? "postgres" : "sqlite";

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy().catch(() => {});
});

async function fresh(): Promise<Db> {
  const db = postgresAdminUrl
    ? openPostgres(await createDatabase(postgresAdminUrl), { max: 4 })
    : openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), "customers-test-"))).db;
  opened.push(db);
  return db;
}

const customer = (id: string, email: string | null, phone: string | null, createdAt: string, mergedIntoId: string | null = null) => ({
  id,
  email,
  phone,
  firstName: "Name",
  lastName: id,
  locale: "en",
  mergedIntoId,
  createdAt,
  updatedAt: createdAt,
});
const lead = (id: string, customerId: string) => ({
  type: "message" as const,
  id,
  customerId,
  status: "new" as const,
  locale: "en",
  name: "Name",
  email: "x@example.com",
  phone: "",
  createdAt: "2026-11-01T00:00:00.000Z",
});

async function failure(query: Promise<unknown>) {
  try {
    await query;
  } catch (error) {
    return isUniqueViolation(error) ? "unique" : String(error);
  }
  return null;
}

describe(`migration 026: one live customer per e-mail and per phone (${engine})`, () => {
  it("joins duplicates to the oldest, moving their leads, timeline and tasks, then refuses new duplicates", async () => {
    const db = await fresh();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("025-tasks")).error).toBeUndefined();
    // maria (oldest), its e-mail twin, a phone twin of the twin (joined through it), one merged by hand before.
    await db
      .insertInto("customers")
      .values([
        customer("c-twin", "maria@example.com", null, "2026-11-02T00:00:00.000Z"),
        customer("c-maria", "maria@example.com", null, "2026-11-01T00:00:00.000Z"),
        customer("c-phone", "other@example.com", "+19785550134", "2026-11-03T00:00:00.000Z"),
        customer("c-twin-b", "maria@example.com", "+19785550134", "2026-11-04T00:00:00.000Z"),
        customer("c-old", "maria@example.com", "+19785550134", "2026-10-01T00:00:00.000Z", "c-twin"),
        customer("c-alone", "alone@example.com", "+16175550100", "2026-11-05T00:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("leads")
      .values([lead("l1", "c-maria"), lead("l2", "c-twin"), lead("l3", "c-phone"), lead("l4", "c-alone")])
      .execute();
    await db
      .insertInto("leadEvents")
      .values({ id: "e1", customerId: "c-phone", kind: "note", data: "{}", createdAt: "2026-11-03T00:00:00.000Z" })
      .execute();
    await db
      .insertInto("tasks")
      .values({
        id: "t1",
        customerId: "c-twin",
        kind: "call",
        dueAt: "2026-11-03T00:00:00.000Z",
        assigneeId: "s1",
        note: "",
        createdBy: "s1",
        createdAt: "2026-11-03T00:00:00.000Z",
      })
      .execute();

    expect(await migrateToLatest(db)).toContain("026-unique-customer-contacts");

    const rows = await db.selectFrom("customers").select(["id", "email", "phone", "mergedIntoId"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "c-alone", email: "alone@example.com", phone: "+16175550100", mergedIntoId: null },
      // The oldest live one keeps its e-mail and gains the phone of the group.
      { id: "c-maria", email: "maria@example.com", phone: "+19785550134", mergedIntoId: null },
      { id: "c-old", email: "maria@example.com", phone: "+19785550134", mergedIntoId: "c-maria" },
      { id: "c-phone", email: "other@example.com", phone: "+19785550134", mergedIntoId: "c-maria" },
      { id: "c-twin", email: "maria@example.com", phone: null, mergedIntoId: "c-maria" },
      { id: "c-twin-b", email: "maria@example.com", phone: "+19785550134", mergedIntoId: "c-maria" },
    ]);
    const leads = await db.selectFrom("leads").select(["id", "customerId"]).orderBy("id").execute();
    expect(leads).toEqual([
      { id: "l1", customerId: "c-maria" },
      { id: "l2", customerId: "c-maria" },
      { id: "l3", customerId: "c-maria" },
      { id: "l4", customerId: "c-alone" },
    ]);
    expect((await db.selectFrom("tasks").select("customerId").executeTakeFirstOrThrow()).customerId).toBe("c-maria");
    const events = await db.selectFrom("leadEvents").select(["customerId", "kind", "data"]).orderBy("kind").execute();
    expect(events.filter((e) => e.kind === "note")).toEqual([{ customerId: "c-maria", kind: "note", data: "{}" }]);
    const merged = events.filter((e) => e.kind === "merged");
    expect(merged.map((e) => [e.customerId, JSON.parse(e.data).otherId]).sort()).toEqual([
      ["c-maria", "c-phone"],
      ["c-maria", "c-twin"],
      ["c-maria", "c-twin-b"],
    ]);

    // From now on a live duplicate is refused; a merged record may keep its old e-mail and phone.
    expect(
      await failure(
        db
          .insertInto("customers")
          .values(customer("c-new", "maria@example.com", null, "2026-11-06T00:00:00.000Z"))
          .execute(),
      ),
    ).toBe("unique");
    expect(
      await failure(
        db
          .insertInto("customers")
          .values(customer("c-new", null, "+16175550100", "2026-11-06T00:00:00.000Z"))
          .execute(),
      ),
    ).toBe("unique");
    expect(
      await failure(
        db
          .insertInto("customers")
          .values(customer("c-new", "alone@example.com", "+16175550100", "2026-11-06T00:00:00.000Z", "c-alone"))
          .execute(),
      ),
    ).toBeNull();
  });
});
