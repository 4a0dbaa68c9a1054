// npm run bench:lighthouse-floor — how much of a page's Lighthouse figure is this machine, how much
// the document, and how much its JavaScript. Lighthouse's mobile preset (performance only) on:
// - a page with a heading, a paragraph and nothing else: the floor the browser puts under any page;
// - each public page as served, and the same document with its scripts taken out (JSON-LD kept):
//   what parsing, styling, layout and painting the HTML costs without hydration.
// Both versions of a page pass through the same loopback proxy, compressed alike, so only the scripts differ.
// BENCH_PAGES picks the pages ("{vehicle}" for the newest vehicle's page: `/es/{vehicle}`; "{deal-sheet}" for a
// stored deal sheet's token: `/pt/deal/{deal-sheet}`).
// BENCH_VARIANTS=without-stylesheet,main-only adds documents stripped further (scripts out as well):
// - without-stylesheet: no inlined stylesheet and no stylesheet link;
// - main-only: no site header and no footer;
// - without-opener-policy: scripts out and the Cross-Origin-Opener-Policy header dropped, nothing else changed.
//   A page that sends the header (/financing, decision 052) is committed in a new renderer process; without
//   it, in the blank tab's own. The difference from "without-scripts" is what that process costs (decision 141).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { benchPagePaths, build, launchLighthouseChrome, machine, median, pageLabel, startBenchServer, writeResults } from "./support";

if (!process.env.BENCH_NO_BUILD) build();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const server = await startBenchServer(200);
const pages = await benchPagePaths(process.env.BENCH_PAGES ?? "/,/inventory,/{vehicle},/financing,/booking,/contact", server);

const FLOOR_PATH = "/__floor";
const floorPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title><meta name="description" content="A page with a heading and a paragraph."></head>
<body style="font-family:sans-serif"><main><h1>A heading</h1><p>A paragraph of text and nothing else: no script, no image, no web font.</p></main></body></html>`;
const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, (s) => (s.includes("application/ld+json") ? s : ""));
const versions: Record<string, (html: string) => string> = {
  "without-scripts": withoutScripts,
  "without-stylesheet": (html) =>
    withoutScripts(html)
      .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "")
      .replace(/<link\b[^>]*rel="stylesheet"[^>]*>/g, ""),
  "main-only": (html) =>
    withoutScripts(html)
      .replace(/<header\b[\s\S]*?<\/header>/, "")
      .replace(/<footer\b[\s\S]*<\/footer>/, ""),
  "without-opener-policy": withoutScripts,
};
/** Versions whose response leaves out the Cross-Origin-Opener-Policy header. */
const withoutOpenerPolicy = new Set(["without-opener-policy"]);
const extraVersions = process.env.BENCH_VARIANTS?.split(",") ?? [];
for (const version of extraVersions) if (!versions[version]) throw new Error(`Unknown BENCH_VARIANTS entry: ${version}`);
/** `/__stripped/<version>/<page path>`: the page's document with `versions[version]` applied. */
const STRIPPED = /^\/__stripped\/([^/]+)(\/.*)$/;

const proxy = createServer((request, response) => {
  void (async () => {
    const url = request.url ?? "/";
    if (url === FLOOR_PATH) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
      return response.end(gzipSync(floorPage));
    }
    const stripped = STRIPPED.exec(url);
    const upstream = await fetch(`${server.url}${stripped ? stripped[2] : url}`, {
      headers: { "accept-encoding": "identity" },
      redirect: "manual",
    });
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!["content-encoding", "content-length", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    if (stripped && withoutOpenerPolicy.has(stripped[1]!)) delete headers["cross-origin-opener-policy"];
    let body = Buffer.from(await upstream.arrayBuffer());
    if (stripped && headers["content-type"]?.startsWith("text/html")) body = Buffer.from(versions[stripped[1]!]!(body.toString("utf8")));
    if (/^(text\/|application\/(json|javascript))/.test(headers["content-type"] ?? "")) {
      body = gzipSync(body);
      headers["content-encoding"] = "gzip";
    }
    response.writeHead(upstream.status, headers);
    response.end(body);
  })().catch((error: unknown) => {
    console.error(error);
    response.destroy();
  });
}).listen(0, "127.0.0.1");
await new Promise((resolve) => proxy.once("listening", resolve));
const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const strippedUrl = (version: string, page: string) => `${base}/__stripped/${version}${page}`;

const chrome = await launchLighthouseChrome();
type Row = { page: string; version: string; performance: string; tbtMs: string; tbtMedianMs: number };
const rows: Row[] = [];
/**
 * One Lighthouse run: Performance score and TBT, or the run's error. A page that changes renderer process on
 * the way (the opener policy) sometimes ends in NO_NAVSTART here: no figure, and not counted in the median.
 */
async function run(url: string) {
  const lhr = (await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }))!.lhr;
  const tbt = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
  if (lhr.runtimeError || Number.isNaN(tbt)) return { performance: lhr.runtimeError?.code ?? "no TBT", tbt: undefined };
  return { performance: String(Math.round((lhr.categories.performance?.score ?? 0) * 100)), tbt };
}
/**
 * RUNS runs of each of a page's versions, taken in turn (as served, without scripts, …, then again), so a
 * change in the machine's load during the page's runs falls on all its versions alike.
 */
async function measure(page: string, versions: { version: string; url: string }[]) {
  const results = versions.map(() => ({ performance: [] as string[], tbt: [] as (number | undefined)[] }));
  for (let r = 0; r < RUNS; r++) {
    for (const [i, { url }] of versions.entries()) {
      const { performance, tbt } = await run(url);
      results[i]!.performance.push(performance);
      results[i]!.tbt.push(tbt);
    }
  }
  versions.forEach(({ version }, i) =>
    rows.push({
      page: pageLabel(page),
      version,
      performance: results[i]!.performance.join(" / "),
      tbtMs: results[i]!.tbt.map((tbt) => tbt ?? "–").join(" / "),
      tbtMedianMs: median(results[i]!.tbt.filter((tbt) => tbt !== undefined)),
    }),
  );
}
try {
  await measure("(a heading and a paragraph)", [{ version: "floor", url: `${base}${FLOOR_PATH}` }]);
  for (const page of pages) {
    await fetch(`${server.url}${page}`).then((r) => r.text());
    await measure(page, [
      { version: "as served", url: `${base}${page}` },
      ...["without-scripts", ...extraVersions].map((version) => ({ version, url: strippedUrl(version, page) })),
    ]);
  }
} finally {
  chrome.kill();
  proxy.close();
  await server.stop();
}
console.log(`Lighthouse mobile (performance), ${RUNS} runs each — ${machine()}`);
console.table(rows);
console.log(`Results: ${writeResults("lighthouse-floor", { runs: RUNS, rows })}`);
