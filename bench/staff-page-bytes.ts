// npm run bench:staff-page-bytes — what a staff list's HTML is made of, row by row (decision 130: a staff page within 50 ms).
// Fills a SQLite database as bench/staff-pages.ts does (fewer leads by default: a page's size does not
// depend on how many rows wait behind it), starts the production server, saves the documents of the lot's
// first page, the inbox's first page and the Messages list to bench/results/html/, and counts their bytes by
// kind: inline SVG, class attributes, forms and hidden inputs, the list's items (each page's one list: a vehicle's
// list item, an inbox row, a message's card; how many, their bytes and the bytes of one), the scripts (React
// Router's manifest and the loader data it streams into the page); and the whole, as sent and gzipped.
//   BENCH_LEADS (default 5000), BENCH_VEHICLES (default 500), BENCH_NO_BUILD=1 to measure the current build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { openDatabase } from "../src/server/db/database.server";
import { signIn } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";
import { fillLeads, fillVehicles, PASSWORD } from "./lead-fill";
import { build, resultsDir, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 5_000);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 500);

/**
 * Each page's list, one markup at every width since decisions 130 and 132: the element of one item (`tag`) and
 * what its opening tag starts with (`item`). A page whose markup no longer has them fails the run rather than
 * printing 0.
 */
const PAGES = [
  { label: "vehicles, first page", url: "/podium/vehicles", as: "sales", file: "vehicles.html", tag: "li", item: /<li class="lot-item"/g },
  { label: "inbox, first page", url: "/podium/leads", as: "sales", file: "leads.html", tag: "tr", item: /<tr data-lead="/g },
  { label: "messages", url: "/podium/messages", as: "owner", file: "messages.html", tag: "li", item: /<li [^>]*data-message="/g },
] as const;

/** Total length of every match of `pattern` in `html` (what the kind costs). */
const bytesOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].reduce((sum, m) => sum + m[0].length, 0);
const countOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

/** The length of each element named `tag` whose opening tag matches `open`, nested ones included once. */
function elementBytes(html: string, tag: string, open: RegExp): number {
  let total = 0;
  for (const match of html.matchAll(open)) {
    let depth = 0;
    const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
    re.lastIndex = match.index;
    for (let m = re.exec(html); m; m = re.exec(html)) {
      depth += m[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        total += re.lastIndex - match.index;
        break;
      }
    }
  }
  return total;
}

function breakdown(html: string, list: { label: string; tag: string; item: RegExp }) {
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  const scripts = bytesOf(html, /<script\b[^>]*>[\s\S]*?<\/script>/g);
  const items = countOf(html, list.item);
  if (items === 0)
    throw new Error(`${list.label}: no item of its list (${String(list.item)}) in the page: the bench no longer matches its markup`);
  const itemBytes = elementBytes(html, list.tag, list.item);
  return {
    totalKb: kb(Buffer.byteLength(html)),
    gzipKb: kb(zlib.gzipSync(html).length),
    svgKb: kb(bytesOf(html, /<svg\b[\s\S]*?<\/svg>/g)),
    svgCount: countOf(html, /<svg\b/g),
    classAttributesKb: kb(bytesOf(html, /\sclass="[^"]*"/g)),
    formsKb: kb(bytesOf(html, /<form\b[\s\S]*?<\/form>/g)),
    formCount: countOf(html, /<form\b/g),
    hiddenInputsKb: kb(bytesOf(html, /<input type="hidden"[^>]*>/g)),
    optionsKb: kb(bytesOf(html, /<option\b[^>]*>[^<]*<\/option>/g)),
    listItems: items,
    listItemsKb: kb(itemBytes),
    bytesAnItem: Math.round(itemBytes / items),
    scriptsKb: kb(scripts),
  };
}

if (!process.env.BENCH_NO_BUILD) build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-staff-page-bytes-"));
const { db } = openDatabase(dataDir);
const fill = await fillLeads(db, LEADS);
await fillVehicles(db, VEHICLES);
await db.destroy();
const server = await startTestServer({ dataDir, env: { NODE_ENV: "production", LOG_LEVEL: "warn" } });
const rows = [];
try {
  const cookies = {
    sales: (await signIn(server, fill.email, PASSWORD)).cookie,
    owner: (await signIn(server, fill.ownerEmail, PASSWORD)).cookie,
  };
  const out = path.join(resultsDir, "html");
  fs.mkdirSync(out, { recursive: true });
  for (const page of PAGES) {
    const res = await fetch(`${server.url}${page.url}`, { headers: { cookie: cookies[page.as], "sec-fetch-site": "same-origin" } });
    if (res.status !== 200) throw new Error(`${page.label}: ${res.status}`);
    const html = await res.text();
    fs.writeFileSync(path.join(out, page.file), html);
    const data = await fetch(`${server.url}${page.url}.data`, { headers: { cookie: cookies[page.as], "sec-fetch-site": "same-origin" } });
    rows.push({ page: page.label, ...breakdown(html, page), dataKb: Math.round((await data.arrayBuffer()).byteLength / 102.4) / 10 });
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);
console.log(`Results: ${writeResults("staff-page-bytes", { leads: LEADS, vehicles: VEHICLES, rows })}`);
