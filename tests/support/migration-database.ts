import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { openDatabase, openPostgres, type Db } from "~/server/db/database.server";
import { createDatabase } from "./postgres-cluster";

/**
 * For the migration tests under src/server/db: each runs on SQLite under vitest.config.ts and on
 * PostgreSQL under vitest.postgres.config.ts, whose global setup names the throw-away cluster.
 */
const postgresAdminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
export const engine = postgresAdminUrl ? "postgres" : "sqlite";

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy().catch(() => {});
});

/** An empty database of the run's engine, not migrated, closed after the test. */
export async function freshDatabase(prefix: string): Promise<Db> {
  const db = postgresAdminUrl
    ? openPostgres(await createDatabase(postgresAdminUrl), { max: 4 })
    : openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))).db;
  opened.push(db);
  return db;
}
