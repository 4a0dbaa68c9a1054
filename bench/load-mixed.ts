// `npm run bench:load -- --mixed` (decision 134): a fixed rate of shoppers' requests over two
// production processes on one PostgreSQL database (a throw-away cluster) with a shared DATA_DIR and 200
// vehicles, split round-robin over the two: 80 % page and API reads in the three languages, 15 % photos,
// 5 % lead posts (contact messages and trade-ins without photos). Then the vehicle page at saturation.
// Targets: p99 ≤ 50 ms, 0 errors, every lead answered 201 stored once with its mails queued; at saturation
// (50 connections) the vehicle page's p99 within 3× its p50.
//   BENCH_DURATION (s, default 60), BENCH_RATE (requests/s in all, default 1000),
//   BENCH_CONNECTIONS (in all, default 50), BENCH_SATURATION_DURATION (s, default 10),
//   BENCH_ARRIVALS=poisson (decision 165): random arrivals at the same mean rate instead of evenly spaced.
//   BENCH_SERVER_NICE (decision 166, default 5): the niceness of the servers and PostgreSQL in the saturation
//   phase, so that autocannon's closed loop on the same cores is not held back by its own waits for a core;
//   0 shares the cores equally there too.
//   BENCH_LEAD_STATEMENTS=1 (decision 142): PostgreSQL logs every statement during the run, and the bench
//   reads from its log how many round trips each lead's transaction took and how long it was open (the
//   logging itself costs the database some time: compare runs with it on with each other only).
import { sql } from "kysely";
import { openPostgres } from "~/server/db/database.server";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { localizedPath, type Locale } from "~/shared/i18n/locales";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { imageVariantUrl } from "~/server/images/image-urls.server";
import type { TestServer } from "../tests/support/test-server";
import { build, machine, splitLoad, startPostgresServers, writeResults } from "./support";
import {
  histogramQuantile,
  histogramShareWithin,
  readRequestHistogram,
  subtractHistogram,
  type RequestHistogram,
} from "./request-histogram";
import { TRADE_IN_VEHICLE } from "../tests/support/trade-in-request";
import { pacedLoad, type PacedRequest, type PacedResult } from "./paced-load";
import { setNiceness } from "./process-priority";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The lead posts' share of the rate, and their own connections (in all). */
const LEAD_SHARE = 0.05;
const LEAD_CONNECTIONS = Number(process.env.BENCH_LEAD_CONNECTIONS ?? 20);
const LEAD_STATEMENTS = process.env.BENCH_LEAD_STATEMENTS === "1";
/** The servers' /metrics read uncompressed during the run: neither side spends the cores on compressing it. */
const IDENTITY = { "accept-encoding": "identity" };
/** How requests arrive at the fixed rate (bench/paced-load.ts): evenly spaced, or "poisson" at random. */
const ARRIVALS = process.env.BENCH_ARRIVALS === "poisson" ? "poisson" : "even";
const SATURATION_S = Number(process.env.BENCH_SATURATION_DURATION ?? 10);
const SERVER_NICE = Number(process.env.BENCH_SERVER_NICE ?? 5);
const VEHICLES = 200;
const TARGET_P99_MS = 50;
const BROWSER_UA = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
/** Every lead's e-mail starts so: the count afterwards finds exactly this run's leads. */
const LEAD_EMAIL_PREFIX = `mixed-${Date.now().toString(36)}-`;

if (!process.env.BENCH_NO_BUILD) build();
// TRUST_PROXY: each lead comes "from" its own address (X-Forwarded-For), as real shoppers do, so the
// per-client limits of the lead forms do not turn the bench into a rate-limit test. LOG_LEVEL info is
// production's default: the request log is part of the cost. LEADS_TO and ADF_TO: every lead queues
// its staff mail and its ADF record, as at a dealer; no SMTP_URL: mails are written as .eml files.
const postgres = await startPostgresServers(VEHICLES, 2, {
  TRUST_PROXY: "true",
  LOG_LEVEL: "info",
  LEADS_TO: "leads@dealer.test",
  ADF_TO: "crm@dealer.test",
});
const { servers } = postgres;
const db = openPostgres(postgres.databaseUrl, { max: 2 });

try {
  const vehicles = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).where("status", "=", "available").execute();
  const images = await db.selectFrom("vehicleImages").select("imageKey").execute();
  const LOCALES: Locale[] = ["en", "es", "pt"];
  const vehiclePages = vehicles.flatMap((v) => LOCALES.map((locale) => localizedPath(vehiclePath(v), locale)));
  const photos = images.flatMap(({ imageKey }) =>
    (["400.webp", "800.webp", "1200.webp", "1200.jpg"] as const).map((variant) => imageVariantUrl(imageKey, variant)),
  );
  const fixedReads = [
    "/",
    "/es",
    "/pt",
    "/inventory",
    "/inventory?make=Honda",
    "/es/inventory?maxPrice=15000&bodyStyle=SUV",
    "/pt/inventory",
    "/api/vehicles",
  ];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  // A real site is warm: every page and photo of the mix once on each process before the clock starts (the
  // photos a process has sent are in its memory, decision 164).
  await Promise.all(servers.map((server) => warmUp(server, [...fixedReads, ...vehiclePages, ...photos])));
  console.log(`${vehiclePages.length} vehicle pages and ${photos.length} photo variants, each read once on each process first`);

  const headers: Record<string, string> = { "accept-encoding": "br, gzip", "user-agent": BROWSER_UA, accept: "text/html,application/json" };
  const leads = { contact: 0, tradeIn: 0, answered: {} as Record<string, number>, stored201: new Set<string>() };
  let leadNumber = 0;
  /** One lead post: a contact message or a trade-in (no photos) in turn, each from its own shopper. */
  function leadRequest(server: TestServer): PacedRequest {
    leadNumber += 1;
    const n = leadNumber;
    const email = `${LEAD_EMAIL_PREFIX}${n}@example.com`;
    // Its own phone too: a customer is found by e-mail or phone, and one shared number would make every
    // post update the same customer row, one after another.
    const phone = `978${200 + (Math.floor(n / 10_000) % 800)}${String(n % 10_000).padStart(4, "0")}`;
    const shopper = { firstName: "Ana", lastName: "Silva", email, phone, locale: pick(LOCALES) };
    const [path, body] =
      n % 2 === 0
        ? ["/api/contact", { ...shopper, message: "Is this vehicle still available?" }]
        : ["/api/trade-ins", { ...shopper, ...TRADE_IN_VEHICLE }];
    if (n % 2 === 0) leads.contact += 1;
    else leads.tradeIn += 1;
    return {
      method: "POST",
      path,
      headers: {
        ...headers,
        "content-type": "application/json",
        accept: "application/json",
        origin: server.url,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify(body),
      onResponse: (status) => {
        leads.answered[status] = (leads.answered[status] ?? 0) + 1;
        if (status === 201) leads.stored201.add(email);
      },
    };
  }
  const read = (choose: () => string) => (): PacedRequest => ({ method: "GET", path: choose(), headers });
  const photo = () => (): PacedRequest => ({
    method: "GET",
    path: pick(photos),
    headers: { ...headers, accept: "image/avif,image/webp,*/*" },
  });
  /** Nineteen requests a round: 16 reads (8 vehicle pages), 3 photos. */
  const browsing: (() => PacedRequest)[] = [
    read(() => fixedReads[0]!),
    read(() => pick(vehiclePages)),
    photo(),
    read(() => fixedReads[1]!),
    read(() => pick(vehiclePages)),
    read(() => fixedReads[3]!),
    photo(),
    read(() => pick(vehiclePages)),
    read(() => fixedReads[2]!),
    read(() => pick(vehiclePages)),
    read(() => fixedReads[4]!),
    read(() => pick(vehiclePages)),
    photo(),
    read(() => fixedReads[5]!),
    read(() => pick(vehiclePages)),
    read(() => fixedReads[6]!),
    read(() => pick(vehiclePages)),
    read(() => fixedReads[7]!),
    read(() => pick(vehiclePages)),
  ];
  /** The browsing round, over and over. */
  const browse = () => {
    let i = 0;
    return () => browsing[i++ % browsing.length]!();
  };

  // Sessions waiting for a lock held by another, sampled through the run, and the statements they wait in.
  const lockWaits: number[] = [];
  const waitingStatements: Record<string, number> = {};
  const sampleLocks = setInterval(() => {
    void sql<{ query: string }>`select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
      .execute(db)
      .then((r) => {
        lockWaits.push(r.rows.length);
        for (const { query } of r.rows) {
          const statement = query.replace(/\s+/g, " ").slice(0, 60);
          waitingStatements[statement] = (waitingStatements[statement] ?? 0) + 1;
        }
      })
      .catch(() => {});
  }, 500);

  // Requests waiting for one of a process's pool connections (its gauge on /metrics), and the longest
  // event-loop delay since the last scrape (prom-client resets it at each), sampled every second.
  const poolWaits: number[] = [];
  const loopDelayMaxima: number[] = [];
  const samplePools = setInterval(() => {
    for (const server of servers)
      void fetch(`${server.url}/metrics`, { headers: IDENTITY })
        .then((res) => res.text())
        .then((text) => {
          const waiting = /^dealer_db_pool_connections\{state="waiting"\} (\d+)/m.exec(text);
          if (waiting) poolWaits.push(Number(waiting[1]));
          const loopMax = /^nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text);
          if (loopMax) loopDelayMaxima.push(Number(loopMax[1]) * 1000);
        })
        .catch(() => {});
  }, 1_000);
  // Garbage collections of 10 ms and longer over the run, by kind (prom-client's cumulative histogram).
  const gcBefore = await Promise.all(servers.map(readLongCollections));
  const logMark = postgres.clusterLog().length;
  if (LEAD_STATEMENTS) await setStatementLogging(true);

  const before = await Promise.all(servers.map(readRequestHistogram));
  const logMarks = servers.map((s) => s.logs.length);
  // Shoppers who post are not the ones browsing: the posts have their own connections, so a slow post
  // holds no reads back (one connection's requests go one after another).
  // Each generator is paced on its own (bench/paced-load.ts, decision 165): every request is measured from
  // when it was due, so the client's figures include any wait for a connection.
  const [browseResults, leadResults] = await Promise.all([
    Promise.all(
      servers.map((server) =>
        pacedLoad({
          url: server.url,
          connections: CONNECTIONS / servers.length,
          rate: (RATE * (1 - LEAD_SHARE)) / servers.length,
          durationS: DURATION_S,
          arrivals: ARRIVALS,
          next: browse(),
        }),
      ),
    ),
    Promise.all(
      servers.map((server) =>
        pacedLoad({
          url: server.url,
          connections: LEAD_CONNECTIONS / servers.length,
          rate: (RATE * LEAD_SHARE) / servers.length,
          durationS: DURATION_S,
          arrivals: ARRIVALS,
          next: () => leadRequest(server),
        }),
      ),
    ),
  ]);
  clearInterval(sampleLocks);
  clearInterval(samplePools);
  if (LEAD_STATEMENTS) await setStatementLogging(false);
  const results = [...browseResults, ...leadResults];
  const after = await Promise.all(servers.map(readRequestHistogram));
  const gcAfter = await Promise.all(servers.map(readLongCollections));
  const longCollections: Record<string, number> = {};
  gcAfter.forEach((counts, i) => {
    for (const [kind, n] of Object.entries(counts)) longCollections[kind] = (longCollections[kind] ?? 0) + n - (gcBefore[i]![kind] ?? 0);
  });
  const sortedLoopMaxima = [...loopDelayMaxima].sort((a, b) => a - b);
  const loopDelay = {
    samples: sortedLoopMaxima.length,
    medianMs: Math.round(sortedLoopMaxima[Math.floor(sortedLoopMaxima.length / 2)] ?? 0),
    p90Ms: Math.round(sortedLoopMaxima[Math.floor(sortedLoopMaxima.length * 0.9)] ?? 0),
    maxMs: Math.round(sortedLoopMaxima.at(-1) ?? 0),
  };

  // The servers' own clocks: their histograms (decision 122) over the run, and their request logs' `ms`.
  const histograms = after.map((h, i) => subtractHistogram(h, before[i]!));
  const serverSide = (filter: (series: RequestHistogram["series"][number]) => boolean) => {
    const merged = histograms.flatMap((h) => h.series.filter(filter));
    return {
      requests: merged.reduce((sum, s) => sum + s.count, 0),
      p50Ms: histogramQuantile(0.5, merged),
      p99Ms: histogramQuantile(0.99, merged),
      // The share within TARGET_P99_MS, exact where the quantiles are interpolated within their buckets: the
      // p99 target holds when it is at least 99 %.
      withinTarget: `${(histogramShareWithin(TARGET_P99_MS, merged) * 100).toFixed(2)} %`,
    };
  };
  const byGroup = {
    all: serverSide(() => true),
    "pages and API reads": serverSide((s) => s.method === "GET" && s.route !== "/images/:file"),
    photos: serverSide((s) => s.route === "/images/:file"),
    "lead posts": serverSide((s) => s.method === "POST"),
  };
  const logTimes = servers
    .flatMap((s, i) => s.logs.slice(logMarks[i]))
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => (JSON.parse(line) as { ms: number }).ms)
    .sort((a, b) => a - b);
  const at = (q: number) => logTimes[Math.min(logTimes.length - 1, Math.floor(q * logTimes.length))] ?? 0;
  // What the servers logged as errors during the run (level 50 and above), by message and error code.
  const serverErrors: Record<string, number> = {};
  for (const line of servers.flatMap((s, i) => s.logs.slice(logMarks[i]))) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; code?: string } };
    if ((entry.level ?? 0) < 50) continue;
    const key = `${entry.msg ?? ""}: ${entry.err?.code ?? ""} ${entry.err?.message ?? ""}`.slice(0, 160);
    serverErrors[key] = (serverErrors[key] ?? 0) + 1;
  }

  // No lead lost: every post answered 201 is stored once, and has its staff mail and its ADF record queued.
  // The clock stops with requests in flight: a post stored but not answered before the end is counted apart,
  // and `prepared` counts every post the generator built.
  // Posts cut off by the end of the run may still be in the servers: count once the number stops moving.
  const countStored = async () =>
    Number(
      (
        await db
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("email", "like", `${LEAD_EMAIL_PREFIX}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (let last = -1, now = await countStored(), tries = 0; now !== last && tries < 30; tries++) {
    await new Promise((r) => setTimeout(r, 1_000));
    [last, now] = [now, await countStored()];
  }
  const stored = await db
    .selectFrom("leads")
    .select(["id", "type", "email", "assigneeId"])
    .where("email", "like", `${LEAD_EMAIL_PREFIX}%`)
    .execute();
  const storedEmails = new Map<string, number>();
  for (const lead of stored) storedEmails.set(lead.email, (storedEmails.get(lead.email) ?? 0) + 1);
  const lost = [...leads.stored201].filter((email) => !storedEmails.has(email)).length;
  const storedTwice = [...storedEmails.values()].filter((n) => n > 1).length;
  // Each lead is given to a salesperson in turn as it is stored (decision 089): none should be left without.
  const unassigned = stored.filter((lead) => lead.assigneeId === null).length;
  const storedWithout201 = [...storedEmails.keys()].filter((email) => !leads.stored201.has(email)).length;
  const mailRows = await db
    .selectFrom("outbox")
    .select(["relatedId", "kind", "status"])
    .where("relatedId", "in", db.selectFrom("leads").select("id").where("email", "like", `${LEAD_EMAIL_PREFIX}%`))
    .execute();
  const mailKinds: Record<string, number> = {};
  const mailStatuses: Record<string, number> = {};
  const kindsOf = new Map<string, string[]>();
  for (const row of mailRows) {
    mailKinds[row.kind] = (mailKinds[row.kind] ?? 0) + 1;
    mailStatuses[row.status] = (mailStatuses[row.status] ?? 0) + 1;
    kindsOf.set(row.relatedId, [...(kindsOf.get(row.relatedId) ?? []), row.kind]);
  }
  const missingMails = stored.filter((lead) => {
    const kind = lead.type === "trade-in" ? LEAD_KINDS["trade-in"] : LEAD_KINDS.message;
    const queued = kindsOf.get(lead.id) ?? [];
    return [kind.mails.staff, kind.mails.adf].some((expected) => queued.filter((k) => k === expected).length !== 1);
  }).length;

  const clientRow = (what: string, targetRate: number, rs: PacedResult[]) => {
    const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
    return {
      what,
      targetRate,
      requestsPerSec: rs.reduce((sum, r) => sum + r.requestsPerSec, 0),
      requests: latencies.length,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
      withinTarget: `${((latencies.filter((ms) => ms <= TARGET_P99_MS).length / Math.max(1, latencies.length)) * 100).toFixed(2)} %`,
      // How late the generator itself sent its requests (its own event loop on the same machine), worst instance.
      sendLagP99Ms: Math.max(...rs.map((r) => r.sendLag.p99)),
      sendLagMaxMs: Math.max(...rs.map((r) => r.sendLag.max)),
      errors: rs.reduce((sum, r) => sum + r.errors, 0),
      non2xx: rs.reduce((sum, r) => sum + r.non2xx, 0),
    };
  };
  const clientRows = [
    clientRow("reads and photos", RATE * (1 - LEAD_SHARE), browseResults),
    clientRow("lead posts", RATE * LEAD_SHARE, leadResults),
  ];
  const client = clientRow("all", RATE, results);
  const poolWait = {
    samples: poolWaits.length,
    max: Math.max(0, ...poolWaits),
    mean: Math.round((poolWaits.reduce((a, b) => a + b, 0) / Math.max(1, poolWaits.length)) * 10) / 10,
  };
  const leadTransactions = LEAD_STATEMENTS ? leadTransactionsIn(postgres.clusterLog().slice(logMark)) : null;
  const lockWait = {
    samples: lockWaits.length,
    max: Math.max(0, ...lockWaits),
    mean: Math.round((lockWaits.reduce((a, b) => a + b, 0) / Math.max(1, lockWaits.length)) * 10) / 10,
    statements: waitingStatements,
  };
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, count] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  // A post answered anything but 201 was not taken: the shopper's lead is lost unless they try again.
  const refused = Object.entries(leads.answered).reduce((sum, [status, n]) => sum + (status === "201" ? 0 : n), 0);
  const leadCheck = {
    prepared: leads.contact + leads.tradeIn,
    contact: leads.contact,
    tradeIn: leads.tradeIn,
    answered: leads.answered,
    answered201: leads.stored201.size,
    refused,
    storedRows: stored.length,
    lost,
    storedTwice,
    unassigned,
    storedWithout201,
    mailRows: mailRows.length,
    leadsMissingStaffOrAdfMail: missingMails,
  };
  const noLeadLost = lost === 0 && refused === 0 && storedTwice === 0 && missingMails === 0 && leads.stored201.size > 0;

  // Saturation: the vehicle page, as many requests as 50 connections keep in flight, over the two processes.
  // autocannon sends a connection's next request only once it has read the last answer, so when it waits for
  // a core the whole loop slows: below it in priority, the servers and the database still compete equally
  // with each other and still lose what it spends, but it no longer limits the rate (decision 166). The
  // fixed-rate phase above shares the cores equally: there the same priority made the client's p99 no better.
  const nicedThreads = SERVER_NICE > 0 ? setNiceness([...servers.map((s) => s.process.pid!), postgres.postmasterPid], SERVER_NICE) : 0;
  const saturation = await splitLoad(servers, vehiclePages[0]!, 50, SATURATION_S);

  console.log(
    `Mixed load: ${RATE} req/s (${ARRIVALS === "even" ? "evenly spaced" : "Poisson arrivals"}) × ${DURATION_S} s over 2 processes on PostgreSQL, ${CONNECTIONS} connections, ${VEHICLES} vehicles — ${machine()}`,
  );
  console.table(clientRows);
  console.log(`Status codes: ${JSON.stringify(statusCodes)}`);
  console.log("The servers' own time (their request histograms, /metrics; interpolated within the 5/10/25/50 ms buckets):");
  console.table(byGroup);
  console.log(`The servers' request logs: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${logTimes.length} requests`);
  console.table([leadCheck]);
  console.log(
    `Database sessions waiting for a lock (sampled every 0.5 s): mean ${lockWait.mean}, max ${lockWait.max} over ${lockWait.samples} samples, ` +
      `in ${JSON.stringify(waitingStatements)}`,
  );
  console.log(
    `Requests waiting for a pool connection (per process, sampled every 1 s): mean ${poolWait.mean}, max ${poolWait.max} over ${poolWait.samples} samples`,
  );
  console.log(
    `The servers' longest event-loop delay in each second (per process): median ${loopDelay.medianMs} ms, ` +
      `p90 ${loopDelay.p90Ms} ms, max ${loopDelay.maxMs} ms over ${loopDelay.samples} seconds; ` +
      `garbage collections of 10 ms or more, by kind: ${JSON.stringify(longCollections)}`,
  );
  if (leadTransactions)
    console.log(
      `Lead transactions in PostgreSQL's log: ${leadTransactions.count}, round trips each (begin to commit) ` +
        `median ${leadTransactions.roundTrips.p50}, max ${leadTransactions.roundTrips.max}; open p50 ${leadTransactions.openMs.p50} / ` +
        `p99 ${leadTransactions.openMs.p99} ms`,
    );
  console.log(`Errors the servers logged: ${JSON.stringify(serverErrors)}`);
  // PostgreSQL explains a deadlock in its log: the first one, with the statements of both sides.
  const clusterLog = postgres.clusterLog().split("\n");
  const deadlockAt = clusterLog.findIndex((line) => line.includes("deadlock detected"));
  if (deadlockAt >= 0)
    console.log(`The first deadlock, from PostgreSQL's log:\n${clusterLog.slice(deadlockAt, deadlockAt + 12).join("\n")}`);
  console.log(`Mails of this run's leads by kind ${JSON.stringify(mailKinds)}, by status ${JSON.stringify(mailStatuses)}`);
  console.log(
    `p99 ${client.p99Ms} ms as the client saw it, ${byGroup.all.p99Ms} ms by the servers' histograms, ${byGroup.all.withinTarget} ` +
      `within ${TARGET_P99_MS} ms (target: p99 ≤ ${TARGET_P99_MS} ms, 99 % within it); ` +
      `${client.errors} errors, ${client.non2xx} non-2xx; ${noLeadLost ? "no lead lost" : "LEADS LOST OR MAILS MISSING"}`,
  );
  console.log(
    SERVER_NICE > 0
      ? `In the saturation phase the servers and PostgreSQL ran at niceness ${SERVER_NICE} (${nicedThreads} threads), autocannon at its own`
      : "In the saturation phase the servers, PostgreSQL and autocannon shared the cores equally (BENCH_SERVER_NICE=0)",
  );
  console.log(
    `Saturation, vehicle page, 50 connections × ${SATURATION_S} s: ${saturation.requestsPerSec} req/s, p50 ${saturation.p50Ms} ms, ` +
      `p99 ${saturation.p99Ms} ms (${(saturation.p99Ms / Math.max(1, saturation.p50Ms)).toFixed(1)}× p50; target ≤ 3×), ${saturation.errors} errors`,
  );
  console.log(
    `Results: ${writeResults("load-mixed", {
      durationSeconds: DURATION_S,
      arrivals: ARRIVALS,
      saturationServerNiceness: SERVER_NICE,
      connections: CONNECTIONS,
      vehicles: VEHICLES,
      client,
      clientRows,
      statusCodes,
      lockWait,
      poolWait,
      loopDelay,
      longCollections,
      leadTransactions,
      serverErrors,
      server: byGroup,
      serverLog: { p50Ms: at(0.5), p99Ms: at(0.99), requests: logTimes.length },
      leads: { ...leadCheck, noLeadLost, mailKinds, mailStatuses },
      saturation,
    })}`,
  );
} finally {
  await db.destroy();
  await postgres.stop();
}

/** How many garbage collections of a server took 10 ms or more so far, by kind (`nodejs_gc_duration_seconds`). */
async function readLongCollections(server: TestServer): Promise<Record<string, number>> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: IDENTITY })).text();
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(
    /^nodejs_gc_duration_seconds_bucket\{le="0\.01",kind="(\w+)"\} (\d+)\n[^]*?^nodejs_gc_duration_seconds_count\{kind="\1"\} (\d+)/gm,
  ))
    counts[m[1]!] = Number(m[3]) - Number(m[2]);
  return counts;
}

/** Every statement into PostgreSQL's log with its time and backend, or back to the default (superuser: the bench's cluster is its own). */
async function setStatementLogging(on: boolean): Promise<void> {
  if (on) {
    await sql`alter system set log_statement = 'all'`.execute(db);
    await sql`alter system set log_line_prefix = '%m [%p] '`.execute(db);
  } else {
    await sql`alter system reset log_statement`.execute(db);
    await sql`alter system reset log_line_prefix`.execute(db);
  }
  await sql`select pg_reload_conf()`.execute(db);
  // The new settings reach each backend at its next command.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/**
 * The lead transactions (those that insert into "leads") in PostgreSQL's statement log: how many round trips
 * each took from its BEGIN to its COMMIT, both counted, and how long it was open between the two.
 */
function leadTransactionsIn(log: string) {
  const open = new Map<string, { startMs: number; statements: number; lead: boolean }>();
  const roundTrips: number[] = [];
  const openMs: number[] = [];
  for (const line of log.split("\n")) {
    const match = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \w+ \[(\d+)\] LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (!match) continue;
    const [, stamp, pid, statement] = match as unknown as [string, string, string, string];
    const at = Date.parse(`${stamp.replace(" ", "T")}Z`);
    const verb = statement.trim().toLowerCase();
    if (verb === "begin" || verb.startsWith("begin ") || verb.startsWith("start transaction")) {
      open.set(pid, { startMs: at, statements: 1, lead: false });
      continue;
    }
    const transaction = open.get(pid);
    if (!transaction) continue;
    transaction.statements += 1;
    if (verb.startsWith('insert into "leads"')) transaction.lead = true;
    if (verb === "commit" || verb === "rollback") {
      open.delete(pid);
      if (!transaction.lead || verb === "rollback") continue;
      roundTrips.push(transaction.statements);
      openMs.push(at - transaction.startMs);
    }
  }
  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  return {
    count: roundTrips.length,
    roundTrips: { p50: quantile(roundTrips, 0.5), max: Math.max(0, ...roundTrips) },
    openMs: { p50: quantile(openMs, 0.5), p99: quantile(openMs, 0.99) },
  };
}

/** Each path once, four at a time. */
async function warmUp(server: TestServer, paths: string[]): Promise<void> {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
        const res = await fetch(`${server.url}${p}`, { headers: { "accept-encoding": "br, gzip", "user-agent": BROWSER_UA } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`Warm-up: ${p} answered ${res.status}`);
      }
    }),
  );
}
