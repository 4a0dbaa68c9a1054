// npm run bench:staff-events — how fast does a lead reach a staff screen on another process, and what do open streams cost?
// Starts a throw-away PostgreSQL cluster and two production servers on one database (decision 110), then:
//   1. with a stream held on server B, posts BENCH_LEADS (default 200) contact messages to server A, one at a
//      time, and times each from just before the POST to the lead.created event arriving on B's stream
//      (target: p99 ≤ 1 s);
//   2. opens BENCH_STREAMS (default 500) streams on B (six per person, as many people as that needs) and
//      measures B's resident memory before and while they are open (target: + ≤ 50 MB), and the time of
//      ordinary pages (the home page and /contact, 100 requests each) before and while they are open.
// BENCH_NO_BUILD=1 measures the current build.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertStaffAccount } from "../src/server/data/staff-accounts.server";
import { insertStaffSession } from "../src/server/data/staff-sessions.server";
import { openPostgres } from "../src/server/db/database.server";
import { openEventStream, type EventStreamClient } from "../tests/support/event-stream-client";
import { createDatabase, startPostgresCluster } from "../tests/support/postgres-cluster";
import { signInOwner } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";
import { build, machine, median, writeResults } from "./support";

const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const PAGES = 100;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const round = (n: number) => Math.round(n * 10) / 10;
const rssMb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D+/g, "")) / 1024;
};

async function pageTimes(url: string): Promise<{ medianMs: number; p99Ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { medianMs: round(median(times)), p99Ms: round(percentile(times, 99)) };
}

if (!process.env.BENCH_NO_BUILD) build();
const cluster = await startPostgresCluster();
try {
  const databaseUrl = await createDatabase(cluster.adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-staff-events-"));
  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: "true" };
  const a = await startTestServer({ dataDir, env });
  const b = await startTestServer({ dataDir, env });
  try {
    const owner = await signInOwner(a);
    // 1. A lead posted to A, heard on B.
    const stream = await openEventStream(b.url, { cookie: owner.cookie });
    await stream.next((e) => e.event === "ready");
    const latencies: number[] = [];
    for (let i = 0; i < LEADS; i++) {
      const seen = stream.events.filter((e) => e.event === "lead.created").length;
      const started = performance.now();
      const res = await fetch(`${a.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({
          firstName: `Bench${i}`,
          lastName: "Lead",
          email: `bench.${i}.${Date.now()}@example.com`,
          phone: `(978) 555-${String(i).padStart(4, "0")}`,
          message: "Still available?",
          locale: "en",
        }),
      });
      if (res.status !== 201) throw new Error(`contact answered ${res.status}: ${await res.text()}`);
      await stream.next(() => stream.events.filter((e) => e.event === "lead.created").length > seen, 10_000);
      latencies.push(performance.now() - started);
    }
    stream.close();

    // 2. Open streams on B: memory and ordinary pages.
    const pagesBefore = { home: await pageTimes(`${b.url}/`), contact: await pageTimes(`${b.url}/contact`) };
    const rssBefore = rssMb(b.process.pid!);
    const db = openPostgres(databaseUrl, { max: 2 });
    const cookies: string[] = [];
    try {
      for (let person = 0; person * 6 < STREAMS; person++) {
        const account = await insertStaffAccount(db, {
          email: `bench.stream.${person}@example.com`,
          name: `Stream ${person}`,
          role: "sales",
        });
        const token = crypto.randomBytes(32).toString("base64url");
        await insertStaffSession(db, crypto.createHash("sha256").update(token).digest("hex"), account.id);
        cookies.push(`staff_session=${token}`);
      }
    } finally {
      await db.destroy();
    }
    const open: EventStreamClient[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const s = await openEventStream(b.url, { cookie: cookies[Math.floor(i / 6)]! });
      if (s.status !== 200) throw new Error(`stream ${i} answered ${s.status}`);
      open.push(s);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssOpen = rssMb(b.process.pid!);
    const pagesOpen = { home: await pageTimes(`${b.url}/`), contact: await pageTimes(`${b.url}/contact`) };
    for (const s of open) s.close();

    const loadAverage = os.loadavg().map(round);
    const result = {
      leads: LEADS,
      contactToEventOnOtherProcess: {
        medianMs: round(median(latencies)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(Math.max(...latencies)),
      },
      streams: STREAMS,
      rssMb: { before: round(rssBefore), withStreams: round(rssOpen), added: round(rssOpen - rssBefore) },
      pages: { before: pagesBefore, withStreams: pagesOpen },
      loadAverage,
    };
    console.log(`Staff events on PostgreSQL, two processes — ${machine()}, load average ${loadAverage.join(" ")}`);
    console.log(JSON.stringify(result, null, 2));
    console.log(`Results: ${writeResults("staff-events", result)}`);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
} finally {
  cluster.stop();
}
