import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CamelCasePlugin, Kysely } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import { migrations } from "./migrations/migrations.server";
import { nodeSqliteDialect } from "./node-sqlite-dialect.server";
import type { Database } from "./schema.server";

export type Db = Kysely<Database>;

export type OpenedDatabase = { db: Db; file: string; raw: DatabaseSync };

/** Opens (creating if needed) DATA_DIR/dealership.sqlite with the durability settings we rely on. */
export function openDatabase(dataDir: string): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "dealership.sqlite");
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

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws if one fails (the server must not start half-migrated). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migration numbers were handed out to parallel work, so they may land out of order (002 after 004).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
