import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { upsertCustomerForLead } from "~/server/data/customers.server";
import { migrateToLatest } from "./database.server";
import { isUniqueViolation } from "./dialect.server";
import { migrations } from "./migrations/migrations.server";
import { inTransaction } from "./transaction.server";

/**
 * Migration 026 (decision 080): customers that share an e-mail or a phone join the oldest of them
 * before the unique indexes are built. Runs on SQLite under vitest.config.ts and on PostgreSQL
 * under vitest.postgres.config.ts.
 */
const fresh = () => freshDatabase("customers-test");

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

describe(`a lead's customer under the unique indexes (${engine})`, () => {
  it("fills a known customer's missing phone only when no other live customer has it, without failing the lead's transaction", async () => {
    const db = await fresh();
    await migrateToLatest(db);
    await db
      .insertInto("customers")
      .values([
        customer("c-a", "a@example.com", null, "2026-11-01T00:00:00.000Z"),
        customer("c-b", "b@example.com", "+19785550134", "2026-11-02T00:00:00.000Z"),
      ])
      .execute();
    const lead = (email: string, phone: string) => ({ firstName: "Ana", lastName: "Lead", email, phone, locale: "es" });
    // Found by e-mail; the phone is the other customer's, so it stays with them, and the transaction goes on.
    const kept = await inTransaction(db, async (trx) => {
      const found = await upsertCustomerForLead(trx, lead("A@Example.com", "(978) 555-0134"));
      await trx.updateTable("customers").set({ lastName: "Still usable" }).where("id", "=", "c-b").execute();
      return found;
    });
    expect([kept.id, kept.phone, kept.locale]).toEqual(["c-a", null, "es"]);
    // A phone nobody has is filled in.
    const filled = await inTransaction(db, (trx) => upsertCustomerForLead(trx, lead("a@example.com", "978-555-0199")));
    expect([filled.id, filled.phone]).toEqual(["c-a", "+19785550199"]);
    const rows = await db.selectFrom("customers").select(["id", "phone", "lastName"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "c-a", phone: "+19785550199", lastName: "Lead" },
      { id: "c-b", phone: "+19785550134", lastName: "Still usable" },
    ]);
    // A new shopper whose phone is known joins that customer rather than failing on the index.
    const byPhone = await inTransaction(db, (trx) => upsertCustomerForLead(trx, lead("new@example.com", "+1 978 555 0134")));
    expect(byPhone.id).toBe("c-b");
  });

  // Two writers at once exist only on PostgreSQL (SQLite takes one writer at a time).
  it.runIf(engine === "postgres")(
    "losing the race for a phone to another transaction's new customer leaves the lead's transaction usable",
    async () => {
      const db = await fresh();
      await migrateToLatest(db);
      await db
        .insertInto("customers")
        .values(customer("c-a", "a@example.com", null, "2026-11-01T00:00:00.000Z"))
        .execute();
      // Another lead's transaction has inserted a customer with the phone and not committed yet.
      // eslint-disable-next-line no-restricted-syntax -- a transaction left open on purpose, as another process's would be.
      const other = await db.startTransaction().execute();
      await other
        .insertInto("customers")
        .values(customer("c-other", "other@example.com", "+19785550177", "2026-11-02T00:00:00.000Z"))
        .execute();
      const lead = inTransaction(db, async (trx) => {
        const found = await upsertCustomerForLead(trx, {
          firstName: "Ana",
          lastName: "Lead",
          email: "a@example.com",
          phone: "978-555-0177",
          locale: "en",
        });
        await trx.updateTable("customers").set({ lastName: "Committed" }).where("id", "=", "c-a").execute();
        return found;
      });
      // The lead's guarded update now waits on the other's index entry; the other commits, the update loses.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.commit().execute();
      const found = await lead;
      expect([found.id, found.phone]).toEqual(["c-a", null]);
      const rows = await db.selectFrom("customers").select(["id", "phone", "lastName"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: "c-a", phone: null, lastName: "Committed" },
        { id: "c-other", phone: "+19785550177", lastName: "c-other" },
      ]);
    },
  );
});
