import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase } from "kysely";

/** How many prepared statements a database keeps: a page's dozen queries, every screen's, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SqliteDialect speaks better-sqlite3's interface; this adapts Node's built-in
 * `node:sqlite` to it, so no native addon has to compile at install
 * (docs/decisions/003-database-and-query-builder.md).
 * Each SQL text is prepared once and its statement kept (least recently used dropped first): preparing
 * anew on every query was a tenth of a staff page's database time (decision 131). node:sqlite runs a
 * statement to its end in one synchronous call (`all`, `run`), so two queries never share one half-read;
 * an `iterate` (a stream, which nothing uses today) gets a statement of its own.
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepared = (sql: string) => {
    let entry = statements.get(sql);
    if (entry) {
      // Most recently used last: the Map's first key is the one to drop.
      statements.delete(sql);
    } else {
      const statement = database.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, entry);
    return entry;
  };
  const adapter: SqliteDatabase = {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql) {
      const { statement, reader } = prepared(sql);
      // node:sqlite binds no booleans or Dates: store them as 0/1 and ISO text.
      const params = (p: ReadonlyArray<unknown>) =>
        p.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v)) as SQLInputValue[];
      return {
        reader,
        all: (p) => statement.all(...params(p)),
        run: (p) => statement.run(...params(p)),
        iterate: (p) => database.prepare(sql).iterate(...params(p)),
      };
    },
  };
  return new SqliteDialect({ database: adapter });
}
