import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "~/shared/staff/staff-roles";
import { engine, freshDatabase } from "../../../tests/support/migration-database";
import { migrateToLatest } from "./database.server";
import { constraintViolation } from "./dialect.server";
import { migrations } from "./migrations/migrations.server";

/**
 * Migration 015 (decision 065): the role CHECK leaves staff_accounts and nothing else does. Runs on
 * SQLite under vitest.config.ts and on PostgreSQL under vitest.postgres.config.ts.
 */
const fresh = () => freshDatabase("roles-test");

const at = "2026-11-26T10:00:00.000Z";
const account = (id: string, email: string, role: string) =>
  sql`INSERT INTO staff_accounts (id, email, name, role, disabled, created_at, updated_at)
    VALUES (${id}, ${email}, ${"Name " + id}, ${role}, 0, ${at}, ${at})`;
const session = (idHash: string, accountId: string) =>
  sql`INSERT INTO staff_sessions (id_hash, account_id, created_at, last_seen_at) VALUES (${idHash}, ${accountId}, ${at}, ${at})`;

async function failure(query: Promise<unknown>) {
  try {
    await query;
  } catch (error) {
    return constraintViolation(error);
  }
  return null;
}

describe(`migration 015: staff roles from one list (${engine})`, () => {
  it("keeps every account, session, recovery code, setup token and audit entry, and the foreign keys and the e-mail index", async () => {
    const db = await fresh();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("014-massachusetts-warranty")).error).toBeUndefined();
    for (const [i, role] of STAFF_ROLES.entries()) await account(`a${i}`, `${role}@example.com`, role).execute(db);
    await session("s0", "a0").execute(db);
    await session("s1", "a1").execute(db);
    await sql`INSERT INTO staff_recovery_codes (code_hash, account_id, created_at) VALUES ('r0', 'a0', ${at})`.execute(db);
    await sql`INSERT INTO staff_setup_tokens (token_hash, account_id, created_at, expires_at) VALUES ('t2', 'a2', ${at}, ${at})`.execute(
      db,
    );
    await sql`INSERT INTO audit_log (at, actor, account_id, action, entity, entity_id) VALUES (${at}, 'owner@example.com', 'a0', 'staff.create', 'staff_account', 'a2')`.execute(
      db,
    );
    // Before: the database repeats the list and refuses a role it does not name.
    expect(await failure(account("x", "x@example.com", "janitor").execute(db))).toBe("check");

    expect(await migrateToLatest(db)).toContain("015-staff-roles-from-one-list");

    const count = async (table: string) =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
    expect(await db.selectFrom("staffAccounts").select(["id", "role"]).orderBy("id").execute()).toEqual(
      STAFF_ROLES.map((role, i) => ({ id: `a${i}`, role })),
    );
    expect(await count("staff_sessions")).toBe(2);
    expect(await count("staff_recovery_codes")).toBe(1);
    expect(await count("staff_setup_tokens")).toBe(1);
    expect(await db.selectFrom("auditLog").select(["accountId", "action"]).execute()).toEqual([
      { accountId: "a0", action: "staff.create" },
    ]);
    if (engine === "sqlite") {
      expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
      expect((await sql`PRAGMA foreign_keys`.execute(db)).rows).toEqual([{ foreignKeys: 1 }]);
    }

    // The foreign keys still hold: no session without an account, and a deleted account takes its sessions.
    expect(await failure(session("s9", "nobody").execute(db))).toBe("foreign-key");
    await db.deleteFrom("staffAccounts").where("id", "=", "a1").execute();
    expect(await db.selectFrom("staffSessions").select("accountId").execute()).toEqual([{ accountId: "a0" }]);
    // The e-mail is still unique, and the other checks are still there.
    expect(await failure(account("y", "owner@example.com", "sales").execute(db))).toBe("unique");
    expect(await failure(account("z", "Upper@Example.com", "sales").execute(db))).toBe("check");

    // After: a new role needs no table rebuild; the app's schemas (staff-roles.test.ts) refuse one not in STAFF_ROLES.
    await account("w", "w@example.com", "warranty").execute(db);
  });

  it("is a no-op for a database that already has it", async () => {
    const db = await fresh();
    await migrateToLatest(db);
    await account("a", "a@example.com", "owner").execute(db);
    await migrations["015-staff-roles-from-one-list"]!.up(db);
    expect(await db.selectFrom("staffAccounts").select("id").execute()).toEqual([{ id: "a" }]);
  });
});
