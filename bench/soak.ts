// npm run bench:soak — a steady mixed browse load at a fixed rate plus leads being posted, against the
// production server with 200 vehicles, sampling the server's resident memory every 10 s: does it level off?
// The browse load is evenly spaced and each request timed from when it was due (bench/paced-load.ts,
// decision 168); autocannon's `overallRate`, used until then, sent each second's requests in a burst.
//   BENCH_SOAK_MINUTES (default 10), BENCH_SOAK_RATE (requests/s, default 200), BENCH_SOAK_CONNECTIONS (20),
//   BENCH_SOAK_VEHICLES (default 200), BENCH_SOAK_SERVER_FLAGS (Node flags for the server beside `npm start`'s).
//   BENCH_SOAK_HEAP_SNAPSHOTS=1: the server writes a V8 heap snapshot every BENCH_SOAK_SNAPSHOT_MINUTES
//   (default 10) under the load, and the bench prints what grew between them (bench/heap-snapshot-diff.ts).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import { openDatabase } from "~/server/db/database.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { compareHeapSummaries, summarizeHeapSnapshot, type HeapSnapshot } from "./heap-snapshot-summary";
import { pacedLoad, type PacedRequest, type PacedResult } from "./paced-load";
import { build, machine, resultsDir, startBenchServer, writeResults } from "./support";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 200);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 20);
const VEHICLES = Number(process.env.BENCH_SOAK_VEHICLES ?? 200);
const SAMPLE_MS = 10_000;
/** A contact message every 2 s and a financing application every 20 s: a very busy dealership. */
const CONTACT_EVERY_MS = 2_000;
const FINANCING_EVERY_MS = 20_000;
const TARGET_RSS_MB = 300;
const HEAP_SNAPSHOTS = process.env.BENCH_SOAK_HEAP_SNAPSHOTS === "1";
const SNAPSHOT_EVERY_MS = Number(process.env.BENCH_SOAK_SNAPSHOT_MINUTES ?? 10) * 60_000;
const BROWSER_UA = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";

if (!process.env.BENCH_NO_BUILD) build();
// TRUST_PROXY: each lead comes "from" its own address (X-Forwarded-For), as real leads do, so the
// per-client rate limits of the lead forms do not turn the soak into a rate-limit test.
// LOG_LEVEL info, production's default: the request log is part of the cost, and its `ms` field gives
// the server's own latency beside the client's.
// Heap snapshots: Node writes one into the folder on each SIGUSR2 (--heapsnapshot-signal), so the server
// runs as `npm start` runs it, with no code of its own for this.
const snapshotDir = HEAP_SNAPSHOTS ? path.join(resultsDir, `soak-heap-${new Date().toISOString().replace(/[:.]/g, "-")}`) : undefined;
if (snapshotDir) fs.mkdirSync(snapshotDir, { recursive: true });
// The memory probe (bench/server-memory-probe.ts) is preloaded into the server: the heap against native memory.
fs.mkdirSync(resultsDir, { recursive: true });
const probeFile = path.join(resultsDir, `soak-memory-probe-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`);
const nodeOptions = [
  process.env.NODE_OPTIONS ?? "",
  // To measure other V8 settings than `npm start`'s without editing package.json (e.g. --max-old-space-size=512).
  process.env.BENCH_SOAK_SERVER_FLAGS ?? "",
  `--import=${path.join(import.meta.dirname, "server-memory-probe.ts")}`,
  snapshotDir ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` : "",
];
const server = await startBenchServer(VEHICLES, {
  TRUST_PROXY: "true",
  LOG_LEVEL: "info",
  NODE_OPTIONS: nodeOptions.join(" ").trim(),
  BENCH_MEMORY_PROBE_FILE: probeFile,
  BENCH_MEMORY_PROBE_MS: String(SAMPLE_MS),
});
const pid = server.process.pid!;

/**
 * Resident memory of the server process in MB, split as the kernel reports it, and the anonymous part by
 * mapping (/proc/PID/smaps): V8's heap pages are anonymous mappings of exactly 256 KB each, so their
 * resident sum is what V8 holds from the system (its pooled free pages included), beside glibc's heap
 * (`[heap]`, the main arena) and the other anonymous mappings (threads' malloc arenas, stacks, libvips).
 */
function memory(): { rssMb: number; anonMb: number; fileMb: number; v8PagesMb: number; mallocHeapMb: number; otherAnonMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  const mb = (n: number) => Math.round(n / 102.4) / 10;
  const byKind = { v8: 0, heap: 0, other: 0 };
  let kind: keyof typeof byKind | undefined;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const sizeKb = (parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16)) / 1024;
      const name = mapping[3]!.trim();
      kind = name === "[heap]" ? "heap" : name !== "" ? undefined : sizeKb === 256 ? "v8" : "other";
    } else if (kind && line.startsWith("Rss:")) {
      byKind[kind] += Number(line.split(/\s+/)[1]);
    }
  }
  return {
    rssMb: mb(kb("VmRSS")),
    anonMb: mb(kb("RssAnon")),
    fileMb: mb(kb("RssFile")),
    v8PagesMb: mb(byKind.v8),
    mallocHeapMb: mb(byKind.heap),
    otherAnonMb: mb(byKind.other),
  };
}

const { db } = openDatabase(server.dataDir);
const vehicles = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).limit(40).execute();
await db.destroy();
const vehiclePaths = vehicles.map(vehiclePath);

// The browse mix: requests walk this list in turn, so its shares are the list's shares; the vehicle pages
// rotate through all 40 vehicles over time, not only the first ones.
const paths = [
  "/",
  "/inventory",
  "/inventory?make=Honda",
  "/inventory?maxPrice=15000&bodyStyle=SUV",
  "/api/vehicles",
  "/booking",
  "/contact",
  "/financing",
  "/sitemap.xml",
  ...vehiclePaths.slice(0, 11),
];
const browseHeaders = { "accept-encoding": "br, gzip", "user-agent": BROWSER_UA, accept: "text/html,application/json" };
let browsed = 0;
const browse = (): PacedRequest => {
  const i = browsed++ % paths.length;
  const path = i < 9 ? paths[i]! : vehiclePaths[Math.floor(Math.random() * vehiclePaths.length)]!;
  return { method: "GET", path, headers: browseHeaders };
};

const signature = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><text x="30" y="120" font-size="56" font-style="italic" font-family="serif">Jane Applicant</text></svg>`,
  ),
)
  .png()
  .toBuffer();
const license = await sharp({ create: { width: 1200, height: 760, channels: 3, background: "#cbd5e1" } })
  .jpeg({ quality: 85 })
  .toBuffer();
const documents = {
  signature: `data:image/png;base64,${signature.toString("base64")}`,
  driverLicense: `data:image/jpeg;base64,${license.toString("base64")}`,
};

let leadNumber = 0;
const leads = { sent: 0, failed: 0, statuses: {} as Record<string, number> };
async function postLead(path: string, body: unknown) {
  leadNumber += 1;
  const address = `10.${(leadNumber >> 16) & 255}.${(leadNumber >> 8) & 255}.${leadNumber & 255}`;
  try {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": BROWSER_UA, "x-forwarded-for": address, origin: server.url },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    leads.sent += 1;
    leads.statuses[res.status] = (leads.statuses[res.status] ?? 0) + 1;
    if (res.status >= 400) leads.failed += 1;
  } catch {
    leads.failed += 1;
  }
}

const samples: ({ atS: number } & ReturnType<typeof memory>)[] = [];
const started = Date.now();
let serverGone = false;
const sample = () => {
  if (serverGone) return;
  try {
    samples.push({ atS: Math.round((Date.now() - started) / 1000), ...memory() });
  } catch (error) {
    // The server is gone (killed from outside, or crashed): say so with its last words, not with a
    // stack from reading /proc, and let the run end with what it measured until then.
    if (fs.existsSync(`/proc/${pid}`)) throw error;
    serverGone = true;
    process.exitCode = 1;
    console.error(`The server (pid ${pid}) exited during the run; its last log lines:\n${server.logs.slice(-20).join("\n")}`);
  }
};
sample();
const timers: NodeJS.Timeout[] = [
  setInterval(sample, SAMPLE_MS),
  setInterval(
    () =>
      void postLead("/api/contact", {
        firstName: "Ana",
        lastName: "Silva",
        email: `ana${leadNumber}@example.com`,
        phone: "9785550100",
        message: "Is this vehicle still available?",
      }),
    CONTACT_EVERY_MS,
  ),
  setInterval(() => void postLead("/api/financing", validApplicationInput(documents)), FINANCING_EVERY_MS),
];

/** A snapshot every SNAPSHOT_EVERY_MS, the last one 15 s before the end so that every one is taken under load. */
const snapshots: { atS: number; file: string; writeMs: number }[] = [];
const pendingSnapshots: Promise<void>[] = [];
async function takeSnapshot(): Promise<void> {
  const atS = Math.round((Date.now() - started) / 1000);
  const t0 = Date.now();
  const known = new Set(fs.readdirSync(snapshotDir!));
  process.kill(pid, "SIGUSR2");
  // Node writes it synchronously; the file is complete when its size stops changing.
  for (let last = -1; ;) {
    await new Promise((r) => setTimeout(r, 1_000));
    const file = fs.readdirSync(snapshotDir!).find((f) => f.endsWith(".heapsnapshot") && !known.has(f));
    if (!file) continue;
    const size = fs.statSync(path.join(snapshotDir!, file)).size;
    if (size > 0 && size === last) {
      snapshots.push({ atS, file: path.join(snapshotDir!, file), writeMs: Date.now() - t0 - 1_000 });
      return;
    }
    last = size;
  }
}
if (snapshotDir) {
  const ends = MINUTES * 60_000;
  for (let at = SNAPSHOT_EVERY_MS; at <= ends; at += SNAPSHOT_EVERY_MS) {
    timers.push(setTimeout(() => pendingSnapshots.push(takeSnapshot()), Math.min(at, ends - 15_000)));
  }
}

let result: PacedResult;
try {
  result = await pacedLoad({ url: server.url, connections: CONNECTIONS, rate: RATE, durationS: MINUTES * 60, next: browse });
  sample();
  await Promise.all(pendingSnapshots);
} finally {
  for (const timer of timers) clearTimeout(timer);
  await server.stop();
}

/** The server's own time per request (arrival to last byte handed to the kernel), from its request log. */
function serverLatency(): { p50Ms: number; p99Ms: number; count: number } {
  const times = server.logs
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => (JSON.parse(line) as { ms: number }).ms)
    .sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99), count: times.length };
}
const serverSide = serverLatency();

// Levelled off: the last third of the run grew by less than 5 % (and 10 MB) over the middle third's peak.
const third = Math.max(1, Math.floor(samples.length / 3));
const middlePeak = Math.max(...samples.slice(third, 2 * third).map((s) => s.rssMb));
const lastPeak = Math.max(...samples.slice(2 * third).map((s) => s.rssMb));
const growthMb = Math.round((lastPeak - middlePeak) * 10) / 10;
const levelledOff = growthMb < Math.max(10, middlePeak * 0.05);
const peak = Math.max(...samples.map((s) => s.rssMb));
const summary = {
  minutes: MINUTES,
  targetRate: RATE,
  connections: CONNECTIONS,
  requestsPerSec: result.requestsPerSec,
  requests: result.requests,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  sendLagP99Ms: result.sendLag.p99,
  serverP50Ms: serverSide.p50Ms,
  serverP99Ms: serverSide.p99Ms,
  errors: result.errors,
  non2xx: result.non2xx,
  leadsSent: leads.sent,
  leadsFailed: leads.failed,
  rssStartMb: samples[0]!.rssMb,
  rssPeakMb: peak,
  rssEndMb: samples.at(-1)!.rssMb,
  lastThirdGrowthMb: growthMb,
  levelledOff,
  underTarget: peak < TARGET_RSS_MB,
};
console.log(`Soak: ${MINUTES} min at ${RATE} req/s, ${CONNECTIONS} connections, ${VEHICLES} vehicles — ${machine()}`);
console.table(samples);
type ProbeLine = Record<string, number>;
const probe: ProbeLine[] = fs.existsSync(probeFile)
  ? fs
      .readFileSync(probeFile, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ProbeLine)
  : [];
console.log("The server's own view (process.memoryUsage, V8's old space, garbage collections in each interval; MB):");
console.table(probe);
console.table([summary]);
console.log(
  `RSS ${levelledOff ? "levelled off" : "still growing"} (last third +${growthMb} MB), peak ${peak} MB (target < ${TARGET_RSS_MB} MB); ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (server's own: p50 ${serverSide.p50Ms} ms, p99 ${serverSide.p99Ms} ms over ${serverSide.count} requests), ${summary.errors} errors, ${summary.non2xx} non-2xx; leads ${leads.sent} sent, ${leads.failed} failed`,
);
console.log(`Lead answers by status: ${JSON.stringify(leads.statuses)}`);
if (snapshots.length > 0) {
  console.log(`Heap snapshots (written in ${snapshots.map((s) => `${s.writeMs} ms`).join(", ")}): ${snapshotDir}`);
  const summaries = snapshots.map((s) => summarizeHeapSnapshot(JSON.parse(fs.readFileSync(s.file, "utf8")) as HeapSnapshot));
  for (let i = 1; i < snapshots.length; i++) {
    const growth = compareHeapSummaries(summaries[i - 1]!, summaries[i]!).slice(0, 12);
    console.log(`What grew from ${snapshots[i - 1]!.atS} s to ${snapshots[i]!.atS} s (retained size, KB):`);
    console.table(
      growth.map((g) => ({
        class: g.name.slice(0, 60),
        count: g.count,
        "+count": g.countDelta,
        "retained KB": Math.round(g.retainedSize / 1024),
        "+retained KB": Math.round(g.retainedSizeDelta / 1024),
      })),
    );
  }
  console.log(`More: npx tsx bench/heap-snapshot-diff.ts ${snapshots.map((s) => s.file).join(" ")}`);
}
console.log(`Results: ${writeResults("soak", { ...summary, leadStatuses: leads.statuses, samples, probe, heapSnapshots: snapshots })}`);
