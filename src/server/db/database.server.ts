import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CamelCasePlugin, Kysely, sql, type PostgresPool } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { PostgresNulSafeDialect, type Engine } from "./dialect.server";
import { migrations } from "./migrations/migrations.server";
import { nodeSqliteDialect } from "./node-sqlite-dialect.server";
import type { Database } from "./schema.server";
import { tightenDatabaseFiles } from "~/server/file-modes.server";

export type Db = Kysely<Database>;

export type OpenedDatabase = { db: Db; file: string; raw: DatabaseSync };

/** Opens (creating if needed) DATA_DIR/dealership.sqlite with the durability settings we rely on. */
export function openDatabase(dataDir: string): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "dealership.sqlite");
  // A file made before under a looser umask is narrowed first: SQLite gives its -wal and -shm the main file's mode.
  tightenDatabaseFiles(file);
  const raw = new DatabaseSync(file, { timeout: 5000 });
  // WAL lets readers run beside the writer; FULL sync makes every committed write
  // survive a power cut or SIGKILL (docs/decisions/003-database-and-query-builder.md).
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = FULL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(raw), plugins: [new CamelCasePlugin()] });
  return { db, file, raw };
}

/**
 * pg hands back 64-bit integers (count(*), sum) and numerics as strings; SQLite gives numbers. Parse
 * them as numbers here, once, so the data layer sees one type (counts never near 2^53).
 */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

const postgresPools = new WeakMap<Db, pg.Pool>();

/** The pool under a PostgreSQL database (its use is a metric, decision 122); undefined on SQLite. */
export const postgresPoolOf = (db: Db): pg.Pool | undefined => postgresPools.get(db);

const autonomousDbs = new WeakMap<Db, () => Db>();

/**
 * The pool beside a process's transactions: each lead in flight has its turn and up to three reads there
 * (settings, its vehicle, its assignee's devices), and turns are no longer taken one at a time per process
 * (decision 162), so two connections made them queue behind one another's reads.
 */
const AUTONOMOUS_CONNECTIONS = 6;

/**
 * Beside `db`'s pool on PostgreSQL, a Kysely over a pool of its own (AUTONOMOUS_CONNECTIONS, opened on
 * first use): for a short statement that commits by itself while one of `db`'s transactions is open, such
 * as taking a salesperson's turn (decision 146) or a read beside a lead's transaction (decision 160). Its
 * own pool, so a transaction that waits for it never waits for a connection that other transactions like
 * it hold. Undefined on SQLite, whose one writer would make such a statement wait for the open transaction.
 */
export const autonomousDbOf = (db: Db): Db | undefined => autonomousDbs.get(db)?.();

const postgresKysely = (pool: PostgresPool) =>
  new Kysely<Database>({
    dialect: new PostgresNulSafeDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });

/** A Kysely over a PostgreSQL pool; connects lazily (see connectDatabase for the start-up check). */
export function openPostgres(url: string, options: { max?: number } = {}): Db {
  const openPool = (max: number) => {
    const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, types: pgTypes });
    // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    return pool;
  };
  const pool = openPool(options.max ?? 10);
  let autonomous: { pool: pg.Pool; db: Db } | undefined;
  // destroy() ends both pools.
  const db = postgresKysely({
    options: pool.options,
    connect: () => pool.connect(),
    end: async () => {
      await Promise.all([pool.end(), autonomous?.pool.end()]);
    },
  });
  autonomousDbs.set(db, () => {
    if (!autonomous) {
      const side = openPool(AUTONOMOUS_CONNECTIONS);
      autonomous = { pool: side, db: postgresKysely(side) };
    }
    return autonomous.db;
  });
  postgresPools.set(db, pool);
  return db;
}

/** The database named in DATABASE_URL could not be reached: a one-line, password-free reason. */
export class DatabaseUnreachableError extends Error {
  // Printed like a configuration error (server.js): one line, no stack.
  override name = "EnvError";
}

/** Where DATABASE_URL points, without its password, for messages. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || "5432"}${u.pathname || "/"}`;
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * The configured database: PostgreSQL when `databaseUrl` is set (checked with one query, so a bad
 * URL stops start-up at once with a clear message), else DATA_DIR/dealership.sqlite.
 */
export async function connectDatabase(config: { dataDir: string; databaseUrl?: string }): Promise<{ db: Db; engine: Engine }> {
  if (!config.databaseUrl) return { db: openDatabase(config.dataDir).db, engine: "sqlite" };
  const db = openPostgres(config.databaseUrl);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    const reason = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
    throw new DatabaseUnreachableError(
      `DATABASE_URL: cannot reach PostgreSQL at ${describePostgresUrl(config.databaseUrl)}: ${reason.split("\n")[0]} (README: Configuration)`,
    );
  }
  return { db, engine: "postgres" };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration; throws if one fails (the server must not start half-migrated).
 * Kysely's Migrator holds a lock while it works (a PostgreSQL advisory lock; a lock row on SQLite),
 * so processes starting together apply each migration once: the others wait, then find nothing to do.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migration numbers were handed out to parallel work, so they may land out of order (002 after 004).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Names of migrations not yet applied (for GET /healthz). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
