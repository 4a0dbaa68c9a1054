import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { AppContext } from "~/server/context.server";
import { pendingMigrations } from "~/server/db/database.server";
import { fileStoreFor } from "~/server/storage/file-store.server";

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
  /** The file store: DATA_DIR (then the same as dataDir) or the bucket (decision 123). */
  storage: "ok" | "unreachable";
};

/**
 * What GET /healthz reports to a load balancer: no versions, paths or error texts (it is public). A
 * bucket out of reach is reported but does not fail the check (`ok` stays true): every process shares
 * the one bucket, so failing them all would take the whole site off the balancer while its pages still
 * work; uploads answer 503 meanwhile and /metrics counts the errors (decision 123). DATA_DIR is this
 * machine's own disk, so a process that cannot write it is taken out.
 */
export async function checkHealth(ctx: Pick<AppContext, "db" | "env" | "logger">): Promise<Health> {
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
  let storage: Health["storage"] = dataDir === "writable" ? "ok" : "unreachable";
  if (ctx.env.storage.driver === "s3") {
    storage = await fileStoreFor(ctx)
      .probe()
      .then(
        () => "ok" as const,
        () => "unreachable" as const,
      );
  }
  return { ok: database === "ok" && migrations === "current" && dataDir === "writable", database, migrations, dataDir, storage };
}
