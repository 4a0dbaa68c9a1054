// npm run bench:load — autocannon against the vehicles API, the server-rendered inventory and a vehicle page,
// with 200 and with 2,000 vehicles in stock.
import autocannon from "autocannon";
import { build, firstVehiclePath, machine, startBenchServer, writeResults } from "./support";

// `-- --postgres`: two processes on PostgreSQL against one on SQLite instead.
if (process.argv.includes("--postgres")) {
  await import("./load-postgres");
  process.exit(0);
}
// `-- --mixed`: a fixed rate of reads, photos and lead posts over two processes on PostgreSQL.
if (process.argv.includes("--mixed")) {
  await import("./load-mixed");
  process.exit(0);
}

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
build();
type Row = { vehicles: number; target: string; requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };
const rows: Row[] = [];
for (const vehicles of [200, 2000]) {
  const server = await startBenchServer(vehicles);
  try {
    const vehicle = await firstVehiclePath(server);
    for (const [target, path] of [
      ["GET /api/vehicles", "/api/vehicles"],
      ["SSR /inventory", "/inventory"],
      ["SSR vehicle page", vehicle],
    ] as const) {
      // Two autocannon workers: one JavaScript client thread saturates before the server does.
      const result = await autocannon({
        url: `${server.url}${path}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        workers: 2,
        headers: { "accept-encoding": "gzip" },
      });
      rows.push({
        vehicles,
        target,
        requestsPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    }
  } finally {
    await server.stop();
  }
}
console.log(`Load: ${CONNECTIONS} connections × ${DURATION_S} s each — ${machine()}`);
console.table(rows);
console.log(`Results: ${writeResults("load", { connections: CONNECTIONS, durationSeconds: DURATION_S, rows })}`);
