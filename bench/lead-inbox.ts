// npm run bench:lead-inbox — does the lead inbox list in under 100 ms with 50,000 leads?
// Fills a database with 50,000 leads of every kind (and their 50,000 customers, six salespeople), starts
// the production server on it and times GET /api/admin/leads as a signed-in salesperson: the first page
// (200 leads), "mine", "new", a Spanish financing filter, a source filter, searches by name, e-mail and
// phone, and a page far down the list. Each query is sent 5 times to warm up, then 40 times in a row;
// the table gives the median, p95 and slowest, measured by the client over loopback (the whole request).
// Target: p95 under 100 ms for every query.
//   --postgres also runs it on PostgreSQL (a throw-away cluster on this machine).
//   BENCH_LEADS (default 50000), BENCH_NO_BUILD=1 to measure the current build.
import crypto from "node:crypto";
import { sql } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword, SCRYPT_PARAMS } from "../src/server/auth/password-hash.server";
import { insertStaffAccount } from "../src/server/data/staff-accounts.server";
import { migrateToLatest, openDatabase, openPostgres, type Db } from "../src/server/db/database.server";
import { engineOf } from "../src/server/db/dialect.server";
import { leadSearchText } from "../src/shared/leads/lead-search-text";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { signIn } from "../tests/support/staff-sign-in";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { build, machine, median, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const WARM = 5;
const RUNS = 40;
const TARGET_MS = 100;
const TYPES = ["message", "financing", "booking", "trade-in"] as const;
const LOCALES = ["en", "en", "en", "es", "es", "pt"] as const;
const STATUSES = ["new", "contacted", "contacted", "closed", "closed", "closed"] as const;
const FIRST = ["Maria", "Jose", "Ana", "John", "Emily", "Lucas", "Sofia", "Michael", "Camila", "David", "Beatriz", "Carlos"];
const LAST = ["Silva", "Santos", "Garcia", "Smith", "Johnson", "Oliveira", "Martinez", "Brown", "Costa", "Lopez", "Pereira", "Miller"];
const SOURCES = [
  null,
  null,
  '{"utm_source":"google","utm_medium":"cpc","utm_campaign":"fall"}',
  '{"utm_source":"facebook","utm_medium":"vehicle_listings"}',
];
const PASSWORD = "bench sales passphrase 2026";

/** 50,000 customers and leads, spread over six years of minutes, written in batches inside one transaction. */
async function fill(db: Db): Promise<{ email: string }> {
  await migrateToLatest(db);
  const sales: string[] = [];
  for (let i = 0; i < 6; i++) {
    const row = await insertStaffAccount(db, {
      email: `sales${i}@bench.example`,
      name: `Sales ${i}`,
      role: "sales",
      passwordHash: i === 0 ? await hashPassword(PASSWORD, SCRYPT_PARAMS) : null,
    });
    sales.push(row.id);
  }
  const start = Date.parse("2020-11-27T12:00:00Z");
  const step = Math.floor((Date.parse("2026-11-27T12:00:00Z") - start) / LEADS);
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < LEADS; from += 500) {
      const customers = [];
      const leads = [];
      for (let i = from; i < Math.min(LEADS, from + 500); i++) {
        const id = crypto.randomUUID();
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        const email = `${first}.${last}.${i}@example.com`.toLowerCase();
        const phone = `+1978${String(2_000_000 + i).padStart(7, "0")}`;
        const createdAt = new Date(start + i * step).toISOString();
        const locale = LOCALES[i % LOCALES.length]!;
        customers.push({ id, email, phone, firstName: first, lastName: last, locale, mergedIntoId: null, createdAt, updatedAt: createdAt });
        const status = i >= LEADS - 300 ? "new" : STATUSES[i % STATUSES.length]!;
        const lead = {
          type: TYPES[i % TYPES.length]!,
          id: crypto.randomUUID(),
          customerId: id,
          // One in twenty is nobody's; the rest in turn.
          assigneeId: i % 20 === 0 ? null : sales[i % sales.length]!,
          status,
          locale,
          vehicleId: null,
          name: `${first} ${last}`,
          email,
          phone: `(978) ${String(200 + (i % 700)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`,
          createdAt,
          firstResponseAt: status === "new" ? null : new Date(start + i * step + 240_000).toISOString(),
          source: SOURCES[i % SOURCES.length]!,
        };
        // Written as insertLead writes it: the search reads this column.
        leads.push({ ...lead, searchText: leadSearchText(lead) });
      }
      await trx.insertInto("customers").values(customers).execute();
      await trx.insertInto("leads").values(leads).execute();
    }
  });
  // A database that has held its leads for a day has its statistics (autovacuum's analyze); a table
  // loaded a second ago may not yet, and PostgreSQL would plan from guesses. SQLite plans without them.
  if (engineOf(db) === "postgres") await sql`analyze`.execute(db);
  return { email: "sales0@bench.example" };
}

type Row = { engine: string; query: string; listed: number; medianMs: number; p95Ms: number; maxMs: number; met: string };

async function measure(engine: string, server: TestServer, cookie: string): Promise<Row[]> {
  const get = (query: string) => fetch(`${server.url}/api/admin/leads${query}`, { headers: { cookie, origin: server.url } });
  // A page far down: follow the page links ten pages in.
  let before: string | null = null;
  for (let i = 0; i < 10; i++) before = (await get(before ? `?before=${encodeURIComponent(before)}` : "")).headers.get("x-next-before");
  const queries: [string, string][] = [
    ["first page (200 newest)", ""],
    ["mine", "?assignee=me"],
    ["status new", "?status=new"],
    ["unassigned", "?assignee=none"],
    ["financing in Spanish", "?type=financing&language=es"],
    ["source google", "?source=google"],
    ["search a name", "?q=beatriz%20costa"],
    // Lead 43,200 is a Maria Silva (every 144th lead is); lead 1,234's customer has the phone +1 978 200 1234.
    ["search an e-mail", `?q=${encodeURIComponent("maria.silva.43200@example.com")}`],
    ["search a phone (one customer)", `?q=${encodeURIComponent("978-200-1234")}`],
    ["mine, new, search", "?assignee=me&status=new&q=silva"],
    ["11th page", `?before=${encodeURIComponent(before ?? "")}`],
  ];
  const rows: Row[] = [];
  for (const [label, query] of queries) {
    let listed = 0;
    for (let i = 0; i < WARM; i++) {
      const res = await get(query);
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      listed = ((await res.json()) as unknown[]).length;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await get(query);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
    const round = (ms: number) => Math.round(ms * 10) / 10;
    rows.push({
      engine,
      query: label,
      listed,
      medianMs: round(median(times)),
      p95Ms: round(p95),
      maxMs: round(sorted.at(-1)!),
      met: p95 < TARGET_MS ? "yes" : "NO",
    });
  }
  return rows;
}

async function run(engine: string, dataDir: string, db: Db, env: Record<string, string>): Promise<Row[]> {
  const t0 = performance.now();
  const { email } = await fill(db);
  await db.destroy();
  console.log(`${engine}: ${LEADS.toLocaleString("en-US")} leads written in ${Math.round((performance.now() - t0) / 1000)} s`);
  const server = await startTestServer({ dataDir, env: { LOG_LEVEL: "warn", ...env } });
  try {
    const { cookie } = await signIn(server, email, PASSWORD);
    return await measure(engine, server, cookie);
  } finally {
    await server.stop();
  }
}

if (!process.env.BENCH_NO_BUILD) build();
const rows: Row[] = [];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-inbox-"));
rows.push(...(await run("SQLite", sqliteDir, openDatabase(sqliteDir).db, {})));
if (process.argv.includes("--postgres")) {
  const cluster = await startPostgresCluster();
  try {
    const databaseUrl = await createDatabase(cluster.adminUrl);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-inbox-pg-"));
    rows.push(...(await run("PostgreSQL", dir, openPostgres(databaseUrl, { max: 2 }), { DATABASE_URL: databaseUrl })));
  } finally {
    cluster.stop();
  }
}
// The machine's load while measuring: on a shared machine, wall times grow with it.
const loadAverage = os.loadavg().map((n) => Math.round(n * 10) / 10);
console.log(
  `Lead inbox: ${LEADS.toLocaleString("en-US")} leads, ${RUNS} requests per query after ${WARM} warm-up — ${machine()}, load average ${loadAverage.join(" ")}`,
);
console.table(rows);
console.log(`Results: ${writeResults("lead-inbox", { leads: LEADS, runs: RUNS, targetMs: TARGET_MS, loadAverage, rows })}`);
