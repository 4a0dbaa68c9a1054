// npm run bench:lighthouse — Lighthouse (mobile preset) on six public pages with 200 vehicles in stock.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "../tests/support/browser";
import { build, firstVehiclePath, machine, startBenchServer, writeResults } from "./support";

if (!process.env.BENCH_NO_BUILD) build();
const server = await startBenchServer(200);
const vehicle = await firstVehiclePath(server);
// BENCH_PAGES=/,/contact measures a subset while iterating on one page.
const pages = process.env.BENCH_PAGES?.split(",") ?? ["/", "/inventory", vehicle, "/financing", "/booking", "/contact"];
const chrome = await launch({
  chromePath: chromiumPath(),
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKbGzip: number;
};
const rows: Row[] = [];
try {
  for (const page of pages) {
    // Warm the server's caches once, then measure.
    await fetch(`${server.url}${page}`).then((r) => r.text());
    const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result!.lhr;
    if (lhr.runtimeError) console.error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const scripts = (
      (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? []
    )
      .filter((i) => i.resourceType === "Script")
      .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    rows.push({
      page: page.length > 40 ? `${page.slice(0, 37)}...` : page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
      jsKbGzip: Math.round((scripts / 1024) * 10) / 10,
    });
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log(`Lighthouse mobile, 200 vehicles — ${machine()}`);
console.table(rows);
console.log(`Results: ${writeResults("lighthouse", { vehicles: 200, rows })}`);
