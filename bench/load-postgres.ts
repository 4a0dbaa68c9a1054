// `npm run bench:load -- --postgres`: GET /api/vehicles and SSR /inventory at 200 vehicles,
// served by two processes on one PostgreSQL database (a throw-away cluster) with a shared DATA_DIR,
// against the same load on one SQLite process. Target: PostgreSQL ≥ 80 % of SQLite's requests per second.
import type { TestServer } from "../tests/support/test-server";
import { build, machine, splitLoad, startBenchServer, startPostgresServers, writeResults } from "./support";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const VEHICLES = 200;
const TARGETS = [
  ["GET /api/vehicles", "/api/vehicles"],
  ["SSR /inventory", "/inventory"],
] as const;

type Row = { engine: string; target: string; requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };

async function measure(engine: string, servers: TestServer[], target: string, urlPath: string): Promise<Row> {
  return { engine, target, ...(await splitLoad(servers, urlPath, CONNECTIONS, DURATION_S)) };
}

build();
const rows: Row[] = [];

const sqlite = await startBenchServer(VEHICLES);
try {
  for (const [target, urlPath] of TARGETS) rows.push(await measure("SQLite, 1 process", [sqlite], target, urlPath));
} finally {
  await sqlite.stop();
}

const postgres = await startPostgresServers(VEHICLES, 2);
try {
  for (const [target, urlPath] of TARGETS) rows.push(await measure("PostgreSQL, 2 processes", postgres.servers, target, urlPath));
} finally {
  await postgres.stop();
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
