import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { AppContext } from "~/server/context.server";
import { pendingMigrations } from "~/server/db/database.server";

/** DATA_DIR could not be written: photos and documents would be lost, so the server does not start. */
export class DataDirNotWritableError extends Error {
  // Printed like a configuration error (server.js): one line, no stack.
  override name = "EnvError";
}

/**
 * Creates, flushes and removes a small file in DATA_DIR. Several processes share DATA_DIR (README:
 * several processes), so the name is unique per process and attempt.
 */
export function assertDataDirWritable(dataDir: string): void {
  const probe = path.join(dataDir, `.write-check-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const fd = fs.openSync(probe, "wx", 0o600);
    try {
      fs.writeSync(fd, "ok");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new DataDirNotWritableError(`DATA_DIR ${dataDir} is not writable (${code}) (README: Configuration)`);
  }
}

export type Health = {
  ok: boolean;
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  dataDir: "writable" | "not writable";
};

/** What GET /healthz reports to a load balancer: no versions, paths or error texts (it is public). */
export async function checkHealth(ctx: Pick<AppContext, "db" | "env">): Promise<Health> {
  let database: Health["database"] = "ok";
  let migrations: Health["migrations"] = "unknown";
  try {
    await sql`select 1`.execute(ctx.db);
    migrations = (await pendingMigrations(ctx.db)).length === 0 ? "current" : "pending";
  } catch {
    database = "unreachable";
  }
  let dataDir: Health["dataDir"] = "writable";
  try {
    assertDataDirWritable(ctx.env.dataDir);
  } catch {
    dataDir = "not writable";
  }
  return { ok: database === "ok" && migrations === "current" && dataDir === "writable", database, migrations, dataDir };
}
