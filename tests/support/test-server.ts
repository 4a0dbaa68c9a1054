import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SCRYPT_PARAMS, type PasswordHashParams } from "~/server/auth/password-hash.server";
import { migrateToLatest, openDatabase, openPostgres, type Db } from "~/server/db/database.server";
import { migrations } from "~/server/db/migrations/migrations.server";
import { copyFiles } from "~/server/storage/copy-files.server";
import { createFileStore, type FileStore } from "~/server/storage/file-store.server";
import { createDatabase } from "./postgres-cluster";
import { fileStoreOf, storageEnvFor } from "./test-storage";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The Node flags `npm start` gives the server (package.json), so tests and benchmarks run it as production does. */
const START_FLAGS = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith("--"));
const serverBundle = path.join(root, "build/server/index.js");
const buildHash = fs.existsSync(serverBundle)
  ? crypto.createHash("sha256").update(fs.readFileSync(serverBundle)).update(Object.keys(migrations).join()).digest("hex").slice(0, 12)
  : "none";
/** The seeded copy is made once per build: a change to the seed or the schema makes a new one. */
const SEEDED_TEMPLATE = path.join(os.tmpdir(), `dealership-seeded-template-${process.getuid?.() ?? 0}-${buildHash}`);
/** The empty database with every migration applied, also once per build (and per PostgreSQL cluster). */
const MIGRATED_TEMPLATE = path.join(os.tmpdir(), `dealership-migrated-template-${process.getuid?.() ?? 0}-${buildHash}`);

/**
 * scrypt's cost (PASSWORD_HASH_COST, log2 of N) of a test server: 2^12, a few milliseconds a check, not
 * production's 2^17, about half a second and 128 MiB. The suites sign in and set passwords hundreds of
 * times, and that was over a third of their work (decision 084). Tests of what the cost itself does (the
 * sign-in limits under parallel requests, the unknown e-mail's timing) start their server with
 * `PRODUCTION_PASSWORD_HASH_COST`; the server refuses a lower cost unless NODE_ENV=test.
 */
export const TEST_PASSWORD_HASH_COST = "12";
export const PRODUCTION_PASSWORD_HASH_COST = String(SCRYPT_PARAMS.logN);

/** Set by vitest.postgres.config.ts's global setup: every test server then gets its own PostgreSQL database. */
const postgresAdminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
/** A restarted server (same DATA_DIR, e.g. after a crash) keeps its database. */
const databaseOfDataDir = new Map<string, string>();

export type TestServer = {
  url: string;
  dataDir: string;
  /** The server's PostgreSQL database (vitest.postgres.config.ts); undefined on SQLite. */
  databaseUrl?: string;
  /** The scrypt parameters the server hashes with: a test that writes an account's hash directly uses them too. */
  passwordHashParams: PasswordHashParams;
  /** STORAGE and S3_* as the server got them (none: DATA_DIR). */
  storageEnv: Record<string, string>;
  /** The server's file store (its DATA_DIR or its bucket), opened by the test with the same drivers. */
  files: FileStore;
  /** Every line the server printed (structured JSON logs). */
  logs: string[];
  process: ChildProcess;
  /** Graceful stop (SIGTERM) and wait for exit. */
  stop: () => Promise<void>;
  /** Kill with a signal (e.g. SIGKILL for crash tests) and wait for exit. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export type TestServerOptions = {
  /** Start from a copy of a demo-seeded data directory (seeded once per machine). Default false: empty database. */
  seeded?: boolean;
  /** Reuse an existing data directory (e.g. after a crash). */
  dataDir?: string;
  env?: Record<string, string>;
  /** How long the server may take to listen; default 90 s. A full demo seed on a busy machine takes longer. */
  startTimeoutMs?: number;
};

/**
 * Starts the real production server (`node server.js`, built by `npm run build`) on a
 * free port with its own temporary DATA_DIR (and, under vitest.postgres.config.ts, its own PostgreSQL
 * database in the run's throw-away cluster).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(serverBundle)) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
  let dataDir = options.dataDir;
  let template: string | undefined;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-test-"));
    // A new server's empty database starts as a copy of one already migrated: a run starts some 270 test
    // servers, and each applied every migration afresh, a third of its start-up's work. The start-up still
    // checks the migrations, and the tests of migrating itself open an empty database (openDatabaseForDataDir).
    const copied = options.seeded ? await ensureSeededTemplate() : await ensureMigratedTemplate();
    fs.cpSync(copied.dir, dataDir, { recursive: true, filter: (source) => path.basename(source) !== TEMPLATE_MARKER });
    template = copied.database;
  }
  // The lead alarm and the after-hours reply depend on the hour: off unless a test turns them on
  // (tests/api/lead-alarm.test.ts, with its own clock), so other tests' mail counts hold day and night.
  // A production server refuses the test cost, and the production tests are about production's settings.
  const cost: Record<string, string> = options.env?.NODE_ENV === "production" ? {} : { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST };
  const env: Record<string, string> = { SEED_DEMO: "false", LEAD_ALARM: "false", ...cost, ...options.env };
  // The files: a bucket of its own under vitest.s3.config.ts, unless the test names its storage itself.
  if (env.STORAGE === undefined) Object.assign(env, await storageEnvFor(dataDir));
  if (options.seeded && !options.dataDir) await seededPhotosToStore(dataDir, env);
  if (postgresAdminUrl && env.DATABASE_URL === undefined) {
    let databaseUrl = databaseOfDataDir.get(dataDir);
    if (!databaseUrl) {
      databaseUrl = await createDatabase(postgresAdminUrl, template);
      databaseOfDataDir.set(dataDir, databaseUrl);
    }
    env.DATABASE_URL = databaseUrl;
  }
  return spawnServer(dataDir, env, options.startTimeoutMs);
}

/**
 * A seeded DATA_DIR is a copy of the template folder, photos included. A server on a bucket finds them
 * in its bucket instead (copied as `npm run storage` would), and the folder's copy goes so that nothing
 * is served from it by mistake.
 */
async function seededPhotosToStore(dataDir: string, env: Record<string, string>): Promise<void> {
  if (env.STORAGE !== "s3") return;
  const folder = createFileStore({ driver: "local" }, dataDir);
  await copyFiles(folder, fileStoreOf({ dataDir, storageEnv: storageEnvOf(env) }), { removeSource: true });
}

const storageEnvOf = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name === "STORAGE" || name.startsWith("S3_")));

/**
 * The database a test server started with this DATA_DIR will use, opened for a test to fill first:
 * the SQLite file in it, or (vitest.postgres.config.ts) a new PostgreSQL database kept for that server.
 */
export async function openDatabaseForDataDir(dataDir: string): Promise<{ db: Db }> {
  if (!postgresAdminUrl) return { db: openDatabase(dataDir).db };
  const databaseUrl = databaseOfDataDir.get(dataDir) ?? (await createDatabase(postgresAdminUrl));
  databaseOfDataDir.set(dataDir, databaseUrl);
  return { db: openPostgres(databaseUrl, { max: 2 }) };
}

/** Written last into a finished template; not copied into a server's DATA_DIR. */
const TEMPLATE_MARKER = ".complete";
/** Rendering the 32 demo vehicles' photos on two cores that other work shares can take minutes. */
const TEMPLATE_START_MS = 300_000;

/**
 * A DATA_DIR to copy (and, on PostgreSQL, a database to copy with CREATE DATABASE … TEMPLATE), made once
 * by `make` at `base` (per PostgreSQL cluster on PostgreSQL). `make` fills the folder and answers the
 * database's URL on PostgreSQL.
 */
async function ensureTemplate(
  base: string,
  make: (dir: string, databaseUrl: string | undefined) => Promise<void>,
): Promise<{ dir: string; database?: string }> {
  const dir = postgresAdminUrl ? `${base}-pg-${new URL(postgresAdminUrl).port}` : base;
  const marker = path.join(dir, TEMPLATE_MARKER);
  const done = () => ({ dir, database: fs.readFileSync(marker, "utf8") || undefined });
  if (fs.existsSync(marker)) return done();
  const lock = `${dir}.lock`;
  // Several test files may ask at once: the first creates it, the others wait.
  try {
    fs.mkdirSync(lock);
  } catch {
    for (let i = 0; i < TEMPLATE_START_MS / 250 && !fs.existsSync(marker); i++) await new Promise((r) => setTimeout(r, 250));
    if (fs.existsSync(marker)) return done();
    throw new Error(`Timed out waiting for ${dir}`);
  }
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const databaseUrl = postgresAdminUrl ? await createDatabase(postgresAdminUrl) : undefined;
    await make(dir, databaseUrl);
    // The marker names the template database (empty on SQLite, whose data is the copied file).
    fs.writeFileSync(marker, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : "");
    return done();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The demo inventory the existing suites were written against, seeded by the built server itself. */
function ensureSeededTemplate(): Promise<{ dir: string; database?: string }> {
  return ensureTemplate(SEEDED_TEMPLATE, async (dir, databaseUrl) => {
    // Only the inventory: the demo's staff and leads (tests/api/demo-seed.test.ts) would take leads from
    // the owner they expect (decision 118).
    const server = await spawnServer(
      dir,
      { SEED_DEMO: "inventory", PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      TEMPLATE_START_MS,
    );
    await server.stop();
  });
}

/** An empty database with every migration applied, by the same `migrateToLatest` the server runs at start-up. */
function ensureMigratedTemplate(): Promise<{ dir: string; database?: string }> {
  return ensureTemplate(MIGRATED_TEMPLATE, async (dir, databaseUrl) => {
    // Closed before it is copied: SQLite folds its write-ahead log into the file, and PostgreSQL copies
    // a template only while nobody is connected to it.
    const db = databaseUrl ? openPostgres(databaseUrl, { max: 1 }) : openDatabase(dir).db;
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * Node's own on-disk code cache (NODE_COMPILE_CACHE, read by Node, not by the app): a run starts a test server
 * about 80 times in the API suite alone, and each compiled the same 4.8 MB bundle afresh. Node keys each entry by the file's content
 * and its own version, so a new build or Node compiles anew; it changes nothing the server does.
 */
const COMPILE_CACHE = path.join(os.tmpdir(), `dealership-node-compile-cache-${process.getuid?.() ?? 0}`);

function spawnServer(dataDir: string, env: Record<string, string>, startTimeoutMs = 90_000): Promise<TestServer> {
  const child = spawn(process.execPath, [...START_FLAGS, path.join(root, "server.js"), "--no-build-check"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill("SIGKILL");
      reject(new Error(`Server did not start:\n${logs.join("\n")}`));
    }, startTimeoutMs);
    const onLine = (line: string) => {
      logs.push(line);
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(line);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!.replace("localhost", "127.0.0.1");
        const kill = async (signal: NodeJS.Signals) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        };
        const passwordHashParams = { ...SCRYPT_PARAMS, logN: Number(env.PASSWORD_HASH_COST ?? SCRYPT_PARAMS.logN) };
        const storageEnv = storageEnvOf(env);
        resolve({
          url,
          dataDir,
          storageEnv,
          files: fileStoreOf({ dataDir, storageEnv }),
          databaseUrl: env.DATABASE_URL,
          passwordHashParams,
          logs,
          process: child,
          stop: () => kill("SIGTERM"),
          kill,
        });
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = "";
      stream.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        lines.forEach(onLine);
      });
    }
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${logs.join("\n")}`));
    });
  });
}
