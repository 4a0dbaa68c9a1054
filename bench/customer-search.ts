// npm run bench:customer-search — what does the customers' search cost in the database at 50,000 customers?
// Fills a database as bench:staff-pages does (bench/lead-fill.ts: 50,000 leads, one customer each, 144
// name pairs, so "costa" matches 4,167 and "beatriz costa" 347) and times searchCustomers (decision 140:
// the indexes of migration 049) in this process, beside the scan it replaced (the same conditions, with
// the new indexes kept out of it: SQLite `NOT INDEXED`, PostgreSQL without index or bitmap scans), the
// two taking turns so both see the same load. SQLite runs in this process (its time is CPU time);
// PostgreSQL's is a round trip to its server on loopback. Each query 5 times to warm up, then 40 times.
//   --postgres also runs it on PostgreSQL (a throw-away cluster on this machine). BENCH_LEADS (default 50000).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { searchCustomers } from "../src/server/data/customers.server";
import { openDatabase, openPostgres, type Db } from "../src/server/db/database.server";
import { engineOf } from "../src/server/db/dialect.server";
import { inTransaction } from "../src/server/db/transaction.server";
import { phoneE164 } from "../src/shared/leads/customer-match";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { fillLeads } from "./lead-fill";
import { machine, median, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const WARM = 5;
const RUNS = 40;
type Row = {
  engine: string;
  query: string;
  found: number;
  indexedMedianMs: number;
  indexedP95Ms: number;
  scanMedianMs: number;
  scanP95Ms: number;
};

/** The search as it was before migration 049: every customer read, the matches sorted (same conditions as searchCustomers). */
async function scan(db: Db, q: string): Promise<number> {
  const text = `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = q.replace(/\D/g, "");
  const phone = digits.length >= 7 ? phoneE164(q) : null;
  const postgres = engineOf(db) === "postgres";
  const query = (trx: Db) =>
    sql<{ id: string }>`select * from customers ${postgres ? sql`` : sql`not indexed`} where merged_into_id is null and (
      lower(first_name || ' ' || last_name) like ${text} escape '\\' or email like ${text} escape '\\'
      ${digits.length >= 3 ? sql`or phone like ${`%${digits}%`}` : sql``} ${phone ? sql`or phone = ${phone}` : sql``})
      order by created_at desc, id desc limit 20`.execute(trx);
  if (!postgres) return (await query(db)).rows.length;
  return inTransaction(db, async (trx) => {
    await sql`set local enable_indexscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return (await query(trx)).rows.length;
  });
}

async function measure(engine: string, db: Db): Promise<Row[]> {
  const queries: [string, string][] = [
    ["a frequent name (4,167 match)", "costa"],
    ["first and last name (347 match)", "beatriz costa"],
    ["a whole e-mail (1)", "maria.silva.43200@example.com"],
    ["part of an e-mail (11)", "silva.4320"],
    ["a phone, typed (1)", "978-200-1234"],
    ["the e-mail domain (all)", "example.com"],
    ["nothing matches", "zephyrine"],
    ["two characters", "co"],
  ];
  const rows: Row[] = [];
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;
  for (const [label, q] of queries) {
    const found = (await searchCustomers(db, q)).length;
    if ((await scan(db, q)) !== found) throw new Error(`${label}: the search and the scan disagree`);
    for (let i = 0; i < WARM; i++) await Promise.all([searchCustomers(db, q), scan(db, q)]);
    const indexed: number[] = [];
    const scanned: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      await searchCustomers(db, q);
      indexed.push(performance.now() - t0);
      t0 = performance.now();
      await scan(db, q);
      scanned.push(performance.now() - t0);
    }
    rows.push({
      engine,
      query: `${label}: ${q}`,
      found,
      indexedMedianMs: round(median(indexed)),
      indexedP95Ms: round(p95(indexed)),
      scanMedianMs: round(median(scanned)),
      scanP95Ms: round(p95(scanned)),
    });
  }
  return rows;
}

async function run(engine: string, db: Db): Promise<Row[]> {
  const t0 = performance.now();
  await fillLeads(db, LEADS);
  console.log(
    `${engine}: ${LEADS.toLocaleString("en-US")} leads and customers written in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
  try {
    return await measure(engine, db);
  } finally {
    await db.destroy();
  }
}

const rows: Row[] = [];
rows.push(...(await run("SQLite", openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), "bench-customer-search-"))).db)));
if (process.argv.includes("--postgres")) {
  const cluster = await startPostgresCluster();
  try {
    rows.push(...(await run("PostgreSQL", openPostgres(await createDatabase(cluster.adminUrl), { max: 2 }))));
  } finally {
    cluster.stop();
  }
}
// The machine's load while measuring: on a shared machine, times grow with it.
const loadAverage = os.loadavg().map((n) => Math.round(n * 10) / 10);
console.log(
  `Customers' search: ${LEADS.toLocaleString("en-US")} customers, ${RUNS} runs per query after ${WARM} warm-up — ${machine()}, load average ${loadAverage.join(" ")}`,
);
console.table(rows);
console.log(`Results: ${writeResults("customer-search", { leads: LEADS, runs: RUNS, loadAverage, rows })}`);
