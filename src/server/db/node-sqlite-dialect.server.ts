import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase } from "kysely";

/**
 * Kysely's SqliteDialect speaks better-sqlite3's interface; this adapts Node's built-in
 * `node:sqlite` to it, so no native addon has to compile at install
 * (docs/decisions/003-database-and-query-builder.md).
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const adapter: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      // node:sqlite binds no booleans or Dates: store them as 0/1 and ISO text.
      const params = (p: ReadonlyArray<unknown>) =>
        p.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v)) as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (p) => statement.all(...params(p)),
        run: (p) => statement.run(...params(p)),
        iterate: (p) => statement.iterate(...params(p)),
      };
    },
  };
  return new SqliteDialect({ database: adapter });
}
