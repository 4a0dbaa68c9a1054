import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { engineOf } from "../dialect.server";

/**
 * The staff roles live in one list, src/shared/staff/staff-roles.ts, checked by the app's zod
 * schemas (docs/decisions/065-staff-roles-from-one-list.md). Migration 002 also wrote them into
 * a CHECK on staff_accounts.role, which SQLite cannot alter: every new role would have meant
 * rebuilding the table that sessions, recovery codes and setup tokens reference. This drops it.
 *
 * PostgreSQL drops the constraint in place. SQLite rebuilds staff_accounts once, by its documented
 * procedure: foreign keys off (outside any transaction), then in one transaction a copy of the
 * table's own CREATE statement without the role CHECK, every row copied, the old table dropped,
 * the copy renamed, its indexes re-created, and `PRAGMA foreign_key_check` must find nothing.
 * With foreign keys off, dropping the old table deletes no session (no ON DELETE CASCADE runs),
 * and the child tables keep naming `staff_accounts`, which the renamed copy now is.
 */
export const staffRolesFromOneListMigration: Migration = {
  // A migration sees the schema as it was then, not today's Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    if (engineOf(db) === "postgres") {
      // Migration 002's column CHECK got PostgreSQL's default name, <table>_<column>_check.
      await sql`ALTER TABLE staff_accounts DROP CONSTRAINT IF EXISTS staff_accounts_role_check`.execute(db);
      return;
    }
    const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'staff_accounts'`.execute(db);
    const create = table.rows[0]?.sql;
    if (!create) throw new Error("015: staff_accounts is missing");
    const roleCheck = /\s+check\s*\(\s*"?role"?\s+IN\s*\([^)]*\)\s*\)/i;
    if (!roleCheck.test(create)) return; // already without it
    const createCopy = create.replace(roleCheck, "").replace(/^CREATE TABLE\s+"?staff_accounts"?/i, 'CREATE TABLE "staff_accounts_015"');
    const indexes = await sql<{
      sql: string;
    }>`SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'staff_accounts' AND sql IS NOT NULL`.execute(db);

    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await sql`BEGIN IMMEDIATE`.execute(db);
      try {
        await sql.raw(createCopy).execute(db);
        await sql`INSERT INTO staff_accounts_015 SELECT * FROM staff_accounts`.execute(db);
        await sql`DROP TABLE staff_accounts`.execute(db);
        await sql`ALTER TABLE staff_accounts_015 RENAME TO staff_accounts`.execute(db);
        for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
        const broken = await sql`PRAGMA foreign_key_check`.execute(db);
        if (broken.rows.length > 0) throw new Error(`015: ${broken.rows.length} rows would lose their staff account`);
        await sql`COMMIT`.execute(db);
      } catch (error) {
        await sql`ROLLBACK`.execute(db);
        throw error;
      }
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
  },
};
