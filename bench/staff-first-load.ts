// npm run bench:staff-first-load — a salesperson's first load of the inbox and the lot on a phone.
// Fills a database with 50,000 leads and 5,000 vehicles (bench/lead-fill.ts), starts the production server
// on it, signs in as a salesperson and runs Lighthouse's mobile preset (its slow 4G: 150 ms round trip,
// 1.6 Mb/s down; its CPU slowed 4×; simulated, as Lighthouse's mobile scores are) on /podium/leads and
// /podium/vehicles with a 390 × 844 px phone screen and the session's cookie, with an empty cache.
// The table gives what travelled (HTML, JavaScript, CSS, compressed, as Lighthouse counts transfer sizes),
// the first and largest contentful paint, the total blocking time and the main thread's long tasks.
//   BENCH_LEADS (default 50000), BENCH_VEHICLES (default 5000), BENCH_NO_BUILD=1 to measure the current build,
//   BENCH_RUNS (default 1) runs each page that many times and gives each figure's median.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { openDatabase } from "../src/server/db/database.server";
import { signIn } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";
import { fillLeads, fillVehicles, PASSWORD } from "./lead-fill";
import { build, launchLighthouseChrome, machine, median, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PAGES = ["/podium/leads", "/podium/vehicles"];
/** A phone of today (iPhone 12 to 15: 390 × 844 CSS px, 3 device pixels a CSS pixel). */
const PHONE = { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false } as const;

type Row = {
  page: string;
  htmlKb: number;
  jsKb: number;
  cssKb: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  longTasks: number;
  longestTaskMs: number;
};

type ResourceSummary = { items?: { resourceType: string; transferSize: number; requestCount: number }[] };
type LongTasks = { items?: { duration: number }[] };

if (!process.env.BENCH_NO_BUILD) build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-staff-first-load-"));
const { db } = openDatabase(dataDir);
const fill = await fillLeads(db, LEADS);
await fillVehicles(db, VEHICLES);
await db.destroy();
// As `npm start` runs in production (React's production build, production's checks).
const server = await startTestServer({ dataDir, env: { NODE_ENV: "production", LOG_LEVEL: "warn" } });
const chrome = await launchLighthouseChrome();
const rows: Row[] = [];
try {
  const { cookie } = await signIn(server, fill.email, PASSWORD);
  for (const page of PAGES) {
    // Warm the server once: the figures are the phone's, not a cold process's.
    await fetch(`${server.url}${page}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(
        `${server.url}${page}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          formFactor: "mobile",
          screenEmulation: PHONE,
          extraHeaders: { Cookie: cookie },
        },
        undefined,
      );
      const lhr = result!.lhr;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // Signed out, the page would be the sign-in form: measure the screen itself or nothing.
      if (new URL(lhr.finalDisplayedUrl).pathname !== page) throw new Error(`${page}: ended at ${lhr.finalDisplayedUrl}`);
      const summary = (lhr.audits["resource-summary"]?.details as ResourceSummary | undefined)?.items ?? [];
      const kb = (type: string) => Math.round(((summary.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024) * 10) / 10;
      const tasks = (lhr.audits["long-tasks"]?.details as LongTasks | undefined)?.items ?? [];
      const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      rows.push({
        page,
        htmlKb: kb("document"),
        jsKb: kb("script"),
        cssKb: kb("stylesheet"),
        requests: summary.find((i) => i.resourceType === "total")?.requestCount ?? 0,
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        longTasks: tasks.length,
        longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      });
      const last = rows.at(-1)!;
      console.log(`${page} (run ${run + 1}): FCP ${last.fcpMs} ms, LCP ${last.lcpMs} ms, TBT ${last.tbtMs} ms`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
const loadAverage = os.loadavg().map((n) => Math.round(n * 10) / 10);
console.log(
  `Staff first load on a phone (Lighthouse mobile, 390 px): ${LEADS.toLocaleString("en-US")} leads, ${VEHICLES.toLocaleString("en-US")} vehicles, ${RUNS} run(s) a page — ${machine()}, load average ${loadAverage.join(" ")}`,
);
console.table(rows);
const medians = PAGES.map((page) => {
  const runs = rows.filter((r) => r.page === page);
  const of = (key: keyof Omit<Row, "page">) => median(runs.map((r) => r[key]));
  return { page, runs: runs.length, htmlKb: of("htmlKb"), jsKb: of("jsKb"), fcpMs: of("fcpMs"), lcpMs: of("lcpMs"), tbtMs: of("tbtMs") };
});
if (RUNS > 1) console.table(medians);
console.log(`Results: ${writeResults("staff-first-load", { leads: LEADS, vehicles: VEHICLES, runs: RUNS, loadAverage, rows, medians })}`);
