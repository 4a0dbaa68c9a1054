import {
  PostgresAdapter,
  PostgresDialect,
  PostgresQueryCompiler,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Kysely,
  type QueryCompiler,
} from "kysely";

/**
 * The few places where SQLite and PostgreSQL differ, each behind one small helper, so queries
 * and features stay dialect-neutral (docs/decisions/047-postgresql-and-several-processes.md).
 * Nothing outside src/server/db and src/server/data may ask which engine it runs on.
 */
export type Engine = "sqlite" | "postgres";

// Migrations see a Kysely of an older schema: any database type will do here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Which engine a Kysely instance (or a transaction or migration handle of it) talks to. */
export function engineOf(db: AnyDb): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

export type ConstraintKind = "unique" | "foreign-key" | "check" | "not-null";

/**
 * Which constraint an error from either driver reports, or null when it is not a constraint
 * violation. node:sqlite puts it in the message ("UNIQUE constraint failed: …"); pg gives the
 * SQLSTATE code (23505 and friends).
 */
export function constraintViolation(error: unknown): ConstraintKind | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^23/.test(code)) {
    const byCode: Record<string, ConstraintKind> = { "23505": "unique", "23503": "foreign-key", "23514": "check", "23502": "not-null" };
    return byCode[code] ?? null;
  }
  const match = /\b(UNIQUE|FOREIGN KEY|CHECK|NOT NULL) constraint failed/i.exec(error.message);
  if (!match) return null;
  const kind = match[1]!.toUpperCase();
  return kind === "UNIQUE" ? "unique" : kind === "FOREIGN KEY" ? "foreign-key" : kind === "CHECK" ? "check" : "not-null";
}

/** True when the error is a unique-index violation (a race lost to another insert, a taken e-mail). */
export const isUniqueViolation = (error: unknown) => constraintViolation(error) === "unique";

type ColumnBuild = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * `addColumn("id", ...autoIncrementId(db))`: an integer primary key the database numbers.
 * SQLite: INTEGER PRIMARY KEY AUTOINCREMENT (never reuses a number); PostgreSQL: an identity
 * column (Kysely's autoIncrement() would print MySQL/SQLite syntax there).
 */
export function autoIncrementId(db: AnyDb): [ColumnDataType, ColumnBuild] {
  return engineOf(db) === "postgres"
    ? ["integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()]
    : ["integer", (c) => c.primaryKey().autoIncrement()];
}

/**
 * A floating-point column type: SQLite's REAL is 8 bytes, PostgreSQL's `real` only 4 (about six
 * significant digits, too few for a monthly income), so PostgreSQL gets `double precision`.
 */
export function floatType(db: AnyDb): ColumnDataType {
  return engineOf(db) === "postgres" ? "double precision" : "real";
}

/** PostgreSQL advisory-lock key of the start-up tasks (any constant other than Kysely's migration lock). */
const STARTUP_LOCK_KEY = 160_016;

/**
 * Runs `task` while holding the start-up lock, so processes starting together do the one-time work
 * (first owner, demo data) one after the other: the second then finds it done. PostgreSQL: a
 * session advisory lock on one pooled connection (the task may use any other); SQLite serves one
 * process, so it just runs.
 */
export async function withStartupLock<T>(db: AnyDb, task: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== "postgres") return task();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    }
  });
}

/** U+FFFD, the replacement character: what PostgreSQL stores where the input held a NUL. */
const REPLACEMENT = "\uFFFD";
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", REPLACEMENT) : value);

/** PostgreSQL's compiler, binding every string with NUL replaced (`PostgresNulSafeDialect`). */
class NulSafeQueryCompiler extends PostgresQueryCompiler {
  override addParameter(parameter: unknown): void {
    super.addParameter(withoutNul(parameter));
  }

  protected override appendStringLiteral(value: string): void {
    super.appendStringLiteral(withoutNul(value) as string);
  }
}

/**
 * PostgreSQL's text cannot hold a NUL character (SQLite's can): a shopper's form with one would fail
 * with a server error there. This dialect binds every string with NUL replaced by U+FFFD, so the same
 * input is stored (or, in a WHERE, matches nothing stored) on both engines. It does so as it compiles
 * each value, where a plugin (as before) copied every statement's whole operation tree first: about 1.5 %
 * of a lead server's main thread (docs/performance.md).
 */
export class PostgresNulSafeDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new NulSafeQueryCompiler();
  }
}
