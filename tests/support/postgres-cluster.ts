import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A throw-away PostgreSQL cluster for tests: initdb into a temporary directory, listening on a
 * free port of 127.0.0.1 only, trust authentication for its one user, dropped afterwards. It runs
 * as the `postgres` system user when the tests run as root (postgres refuses root).
 */
export type PostgresCluster = { dir: string; port: number; adminUrl: string; stop: () => void };

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin), or PATH's. */
export function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const majors = fs
      .readdirSync(base)
      .filter((d) => fs.existsSync(path.join(base, d, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return path.join(base, majors[0], "bin");
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  return found ? path.dirname(found) : null;
}

/** A TCP port on 127.0.0.1 nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (Debian: apt-get install postgresql; .ci/run does this)");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-pg-"));
  if (asRoot) execFileSync("chown", ["-R", "postgres:", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  // C collation: text sorts by code point, as SQLite's BINARY does, so ordered lists agree on both engines.
  run("initdb", ["-D", data, "-U", "app", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  // Durability off: a test cluster lives for one run; speed matters more than a power cut here.
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { dir, port, adminUrl: `postgres://app@127.0.0.1:${port}/postgres`, stop };
}

/** Creates an empty database (or a copy of `template`) in the cluster; returns its URL. */
export async function createDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
  return urlOf(adminUrl, name);
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  return withAdmin(adminUrl, async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1);
}

export async function renameDatabase(adminUrl: string, from: string, to: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`ALTER DATABASE ${from} RENAME TO ${to}`));
}

export const urlOf = (adminUrl: string, database: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
};

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
