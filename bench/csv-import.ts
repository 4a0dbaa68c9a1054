// CSV import benchmark: `npm run bench:csv-import` (after `npm run build`).
// Posts a 1,000-row CSV to the real server's POST /api/admin/vehicles/import (parse, validate with
// the vehicle form's schema, look up VINs and stock numbers, one transaction): first a dry run,
// then the real import (1,000 new vehicles), then a second file that changes every price (1,000
// updates with price history). Target: <= 5 s for 1,000 rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withCheckDigit } from "../src/shared/lib/vin";
import { staffClient } from "../tests/support/staff-client";
import { startTestServer } from "../tests/support/test-server";
import { BENCH_MODELS, resultsDir, root, STOCK_CSV_HEADER } from "./support";

const ROWS = Number(process.argv[2] ?? 1000);
const TARGET_MS = 5000;

function csv(priceOffset: number): string {
  const lines = [STOCK_CSV_HEADER];
  for (let i = 0; i < ROWS; i++) {
    const [make, model, body] = BENCH_MODELS[i % BENCH_MODELS.length]!;
    const vin = withCheckDigit(`2BNCH${String(i).padStart(12, "0")}`);
    const description = `"One owner, clean history, ${make} ${model}.\nServiced on ""schedule"", new tires."`;
    lines.push(
      [
        vin,
        `B${i}`,
        2012 + (i % 12),
        make,
        model,
        "LX",
        8_000 + (i % 50) * 300 - priceOffset,
        20_000 + i * 97,
        "Silver",
        "Automatic",
        "AWD",
        body,
        '"Bluetooth, Backup Camera, Heated Seats"',
        description,
        "available",
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function main() {
  const server = await startTestServer({ env: { LOG_LEVEL: "warn" } });
  try {
    const staff = await staffClient(server);
    const results: { step: string; rows: number; ms: number; created: number; updated: number; rejected: number; pass: boolean }[] = [];
    const run = async (step: string, body: string, dryRun: boolean) => {
      const start = performance.now();
      const res = await staff.fetch(`/api/admin/vehicles/import?dryRun=${dryRun}`, { method: "POST", body });
      const report = (await res.json()) as { created: unknown[]; updated: unknown[]; rejected: unknown[] };
      const ms = Math.round(performance.now() - start);
      if (res.status !== 200) throw new Error(`${step}: HTTP ${res.status} ${JSON.stringify(report)}`);
      results.push({
        step,
        rows: ROWS,
        ms,
        created: report.created.length,
        updated: report.updated.length,
        rejected: report.rejected.length,
        pass: ms <= TARGET_MS,
      });
    };
    const first = csv(0);
    await run("dry run, 1,000 new", first, true);
    await run("import, 1,000 new", first, false);
    await run("import, 1,000 price changes", csv(100), false);
    console.table(results);
    const out = path.join(resultsDir, "csv-import.json");
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify({ benchmark: "csv-import", date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, targetMs: TARGET_MS, results }, null, 2)}\n`,
    );
    console.log(`wrote ${path.relative(root, out)}`);
    if (!results.every((r) => r.pass && r.rejected === 0)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
