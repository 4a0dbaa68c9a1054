// npm run bench:lighthouse-floor — how much of a page's Lighthouse figure is this machine, how much
// the document, and how much its JavaScript. Lighthouse's mobile preset (performance only) on:
// - a page with a heading, a paragraph and nothing else: the floor the browser puts under any page;
// - each public page as served, and the same document with its scripts taken out (JSON-LD kept):
//   what parsing, styling, layout and painting the HTML costs without hydration.
// Both versions of a page pass through the same loopback proxy, compressed alike, so only the scripts differ.
// BENCH_VARIANTS=without-stylesheet,main-only adds documents stripped further (scripts out as well):
// - without-stylesheet: no inlined stylesheet and no stylesheet link;
// - main-only: no site header and no footer.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { build, firstVehiclePath, launchLighthouseChrome, machine, median, pageLabel, startBenchServer, writeResults } from "./support";

if (!process.env.BENCH_NO_BUILD) build();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const server = await startBenchServer(200);
const vehicle = await firstVehiclePath(server);
const pages = process.env.BENCH_PAGES?.split(",") ?? ["/", "/inventory", vehicle, "/financing", "/booking", "/contact"];

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
};
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
async function measure(page: string, version: string, url: string) {
  const performance: number[] = [];
  const tbt: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const lhr = (await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }))!.lhr;
    performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    tbt.push(Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN));
  }
  rows.push({
    page: pageLabel(page),
    version,
    performance: performance.join(" / "),
    tbtMs: tbt.join(" / "),
    tbtMedianMs: median(tbt),
  });
}
try {
  await measure("(a heading and a paragraph)", "floor", `${base}${FLOOR_PATH}`);
  for (const page of pages) {
    await fetch(`${server.url}${page}`).then((r) => r.text());
    await measure(page, "as served", `${base}${page}`);
    for (const version of ["without-scripts", ...extraVersions]) await measure(page, version, strippedUrl(version, page));
  }
} finally {
  chrome.kill();
  proxy.close();
  await server.stop();
}
console.log(`Lighthouse mobile (performance), ${RUNS} runs each — ${machine()}`);
console.table(rows);
console.log(`Results: ${writeResults("lighthouse-floor", { runs: RUNS, rows })}`);
