import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { SHARED_STOCK_VERSION_REUSE_MS } from "~/server/data/vehicles.server";
import { openDatabase, openPostgres, type Db } from "~/server/db/database.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";

/** The database engine the API tests run on: PostgreSQL under vitest.postgres.config.ts, else SQLite. */
export const onPostgres = !!process.env.TEST_POSTGRES_ADMIN_URL;

/**
 * A connection to a test server's database, whichever engine it uses (its SQLite file in DATA_DIR,
 * or its PostgreSQL database). Close it with `db.destroy()`.
 */
export function openServerDatabase(server: { dataDir: string; databaseUrl?: string }): { db: Db } {
  return server.databaseUrl ? { db: openPostgres(server.databaseUrl, { max: 2 }) } : { db: openDatabase(server.dataDir).db };
}

/** Runs `run` on a connection to a test server's database and closes it afterwards. */
export async function withServerDatabase<T>(server: { dataDir: string; databaseUrl?: string }, run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openServerDatabase(server);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/**
 * After a test writes vehicles straight into a server's database, as another process would: waits
 * until the server must have re-read the stock version. At once on SQLite, which reads it on every
 * request; PostgreSQL's servers reuse it for up to SHARED_STOCK_VERSION_REUSE_MS (decision 047).
 */
export async function untilStockWriteIsSeen(): Promise<void> {
  if (onPostgres) await new Promise((resolve) => setTimeout(resolve, SHARED_STOCK_VERSION_REUSE_MS + 100));
}

/** Counts a table's rows (a table name from the tests, never from input). */
export async function countRows(server: { dataDir: string; databaseUrl?: string }, table: string): Promise<number> {
  const { db } = openServerDatabase(server);
  try {
    // The table is not a key of today's typed schema here: count through raw SQL with a checked identifier.
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    return Number(row.rows[0]!.n);
  } finally {
    await db.destroy();
  }
}

/**
 * What the database holds, as text, to prove a secret is not stored in the clear. SQLite: the bytes
 * of the database file and its write-ahead log (everything on disk, free pages too). PostgreSQL:
 * every stored value of `table` (its files belong to the database server, not to DATA_DIR).
 */
export async function storedDatabaseText(server: { dataDir: string; databaseUrl?: string }, table: string): Promise<string> {
  if (!server.databaseUrl) {
    const files = fs.readdirSync(server.dataDir).filter((f) => f.startsWith("dealership.sqlite"));
    if (!files.length) throw new Error(`No database file in ${server.dataDir}`);
    return files.map((f) => fs.readFileSync(path.join(server.dataDir, f)).toString("latin1")).join("");
  }
  const { db } = openServerDatabase(server);
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const rows = await (db as any).withoutPlugins().selectFrom(table).selectAll().execute();
    if (!rows.length) throw new Error(`No rows in ${table}`);
    return JSON.stringify(rows);
  } finally {
    await db.destroy();
  }
}

/** The page path of an available demo vehicle in a seeded test server's database. */
export async function availableVehiclePath(server: { dataDir: string; databaseUrl?: string }): Promise<string> {
  const { db } = openServerDatabase(server);
  try {
    const row = await db
      .selectFrom("vehicles")
      .select(["id", "year", "make", "model"])
      .where("status", "=", "available")
      .executeTakeFirstOrThrow();
    return vehiclePath(row);
  } finally {
    await db.destroy();
  }
}

/**
 * Waits until a test server's outbox has nothing left to send now: no mail being sent, none queued
 * and due. Once a test has received the mails it expects, no further one can follow after this, so
 * "exactly these mails" is checked at once, and more surely than after a fixed wait.
 */
export async function untilOutboxSettled(server: { dataDir: string; databaseUrl?: string }, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { db } = openServerDatabase(server);
    let rows: { status: string; nextAttemptAt: string }[];
    try {
      rows = await db.selectFrom("outbox").select(["status", "nextAttemptAt"]).execute();
    } finally {
      await db.destroy();
    }
    if (rows.every((r) => r.status !== "sending" && !(r.status === "queued" && Date.parse(r.nextAttemptAt) <= Date.now()))) return;
    if (Date.now() > deadline) throw new Error("The outbox still had mail to send");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Forgets the mails a test's SMTP capture received so far, once the outbox has sent what it had: a mail
 * the previous test queued (and did not wait for) then cannot arrive after the reset and count as this
 * test's.
 */
export async function forgetMailsOnceSent(server: { dataDir: string; databaseUrl?: string }, smtp: { mails: unknown[] }): Promise<void> {
  await untilOutboxSettled(server);
  smtp.mails.length = 0;
}
