// `npm run bench:load -- --postgres`: GET /api/vehicles and SSR /inventory at 200 vehicles,
// served by two processes on one PostgreSQL database (a throw-away cluster) with a shared DATA_DIR,
// against the same load on one SQLite process. Target: PostgreSQL ≥ 80 % of SQLite's requests per second.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { build, machine, root, startBenchServer, writeResults } from "./support";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const VEHICLES = 200;
const TARGETS = [
  ["GET /api/vehicles", "/api/vehicles"],
  ["SSR /inventory", "/inventory"],
] as const;
const PRODUCTION = {
  NODE_ENV: "production",
  ADMIN_EMAIL: "bench-owner@example.com",
  ADMIN_PASSWORD: "bench owner passphrase 2026",
  LOG_LEVEL: "warn",
};

type Row = { engine: string; target: string; requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

/** The same total load split evenly over the servers (a round-robin balancer), one autocannon per server. */
async function measure(engine: string, servers: TestServer[], target: string, urlPath: string): Promise<Row> {
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `${s.url}${urlPath}`,
        connections: CONNECTIONS / servers.length,
        duration: DURATION_S,
        workers: 2 / servers.length,
        headers: { "accept-encoding": "gzip" },
      }),
    ),
  );
  return {
    engine,
    target,
    requestsPerSec: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

build();
const rows: Row[] = [];

const sqlite = await startBenchServer(VEHICLES);
try {
  for (const [target, urlPath] of TARGETS) rows.push(await measure("SQLite, 1 process", [sqlite], target, urlPath));
} finally {
  await sqlite.stop();
}

const cluster = await startPostgresCluster();
try {
  const databaseUrl = await createDatabase(cluster.adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pg-"));
  const env = { ...PRODUCTION, DATABASE_URL: databaseUrl };
  // Demo data (32 vehicles with photos), then generated vehicles up to 200, as bench:load does on SQLite.
  const seeding = await startTestServer({ dataDir, env: { ...env, SEED_DEMO: "true" } });
  await seeding.stop();
  execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed.ts", "--vehicles", String(VEHICLES - 32)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: "inherit",
  });
  const servers = await Promise.all([startTestServer({ dataDir, env }), startTestServer({ dataDir, env })]);
  try {
    for (const [target, urlPath] of TARGETS) rows.push(await measure("PostgreSQL, 2 processes", servers, target, urlPath));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
} finally {
  cluster.stop();
}

const ratios = TARGETS.map(([target]) => {
  const base = rows.find((r) => r.target === target && r.engine.startsWith("SQLite"))!;
  const pg = rows.find((r) => r.target === target && r.engine.startsWith("PostgreSQL"))!;
  return { target, postgresVsSqlite: `${Math.round((pg.requestsPerSec / base.requestsPerSec) * 100)} %` };
});
console.log(`Load: ${CONNECTIONS} connections × ${DURATION_S} s each, ${VEHICLES} vehicles — ${machine()}`);
console.table(rows);
console.table(ratios);
console.log(
  `Results: ${writeResults("load-postgres", { connections: CONNECTIONS, durationSeconds: DURATION_S, vehicles: VEHICLES, rows, ratios })}`,
);
