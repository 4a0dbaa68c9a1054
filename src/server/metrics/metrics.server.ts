import client from "prom-client";
import type { Pool } from "pg";
import { WorkSlots } from "~/server/work-slots.server";

/**
 * What an operator's Prometheus scrapes from each process at GET /metrics (decision 122). One registry
 * per process: counters count this process's events; the database gauges (outbox, leads) are the same
 * on every process, so alerting rules take their max across instances (README: Metrics).
 */
export const metricsRegistry = new client.Registry();

const requestDuration = new client.Histogram({
  name: "dealer_http_request_duration_seconds",
  help: "Time to answer a request, by route pattern (never the raw path), method and status class.",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const signIns = new client.Counter({
  name: "dealer_staff_sign_in_events_total",
  help: "Staff sign-in checks that failed (failure), failures that locked an account, device or client (lockout), and attempts refused while locked (refused).",
  labelNames: ["event"] as const,
  registers: [metricsRegistry],
});

const storageErrors = new client.Counter({
  name: "dealer_storage_errors_total",
  help: "Operations on the file store (the DATA_DIR folder or the bucket) that failed, by driver and operation.",
  labelNames: ["driver", "operation"] as const,
  registers: [metricsRegistry],
});

let openEventStreams = 0;
new client.Gauge({
  name: "dealer_event_streams_open",
  help: "Staff event streams (Server-Sent Events) open on this process.",
  registers: [metricsRegistry],
  collect() {
    this.set(openEventStreams);
  },
});

new client.Gauge({
  name: "dealer_work_in_progress",
  help: "CPU-heavy work (image decoding, password hashing, page renders) holding a slot (running) or waiting for one (queued).",
  labelNames: ["kind", "state"] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [kind, slots] of WorkSlots.named) {
      this.set({ kind, state: "running" }, slots.running);
      this.set({ kind, state: "queued" }, slots.queued);
    }
  },
});

/** What the database gauges read at each scrape; set once by the server (watchDatabase). */
export type DatabaseReadings = {
  outbox(): Promise<{ byStatus: Record<string, number>; oldestDueAt: string | null }>;
  leads(): Promise<{ waiting: number; oldestUnraisedDueAt: string | null }>;
  pool: Pool | undefined;
  now(): Date;
};
let readings: Readings | undefined;

const ageSeconds = (iso: string | null, now: Date) => (iso ? Math.max(0, (now.getTime() - Date.parse(iso)) / 1000) : 0);

// Before the gauges that query the database: a scrape calls every gauge's collect in the order they were
// registered, and the queries of those started earlier would be counted here as requests waiting for a
// connection (an idle process read "waiting 3" at every scrape).
new client.Gauge({
  name: "dealer_db_pool_connections",
  help: "PostgreSQL pool connections of this process: total, idle, and requests waiting for one (absent on SQLite).",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = readings?.pool;
    if (!pool) return;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

new client.Gauge({
  name: "dealer_outbox_messages",
  help: "Mails in the outbox by state (queued, sending, failed…); the same on every process.",
  labelNames: ["status"] as const,
  registers: [metricsRegistry],
  async collect() {
    const outbox = await readings?.outbox();
    if (!outbox) return;
    const { byStatus } = outbox;
    for (const [status, count] of Object.entries(byStatus)) if (status !== "sent") this.set({ status }, count);
  },
});
new client.Gauge({
  name: "dealer_outbox_oldest_due_age_seconds",
  help: "How long the oldest mail that is due has waited to be sent (0 when none waits).",
  registers: [metricsRegistry],
  async collect() {
    const outbox = await readings?.outbox();
    if (outbox) this.set(ageSeconds(outbox.oldestDueAt, readings!.now()));
  },
});
new client.Gauge({
  name: "dealer_leads_waiting",
  help: "New leads past their first-response due time with no response yet.",
  registers: [metricsRegistry],
  async collect() {
    const leads = await readings?.leads();
    if (leads) this.set(leads.waiting);
  },
});
new client.Gauge({
  name: "dealer_lead_alarm_lag_seconds",
  help: "How far past its due time the oldest overdue lead is whose alarm has not been raised (0 when the alarm keeps up).",
  registers: [metricsRegistry],
  async collect() {
    const leads = await readings?.leads();
    if (leads) this.set(ageSeconds(leads.oldestUnraisedDueAt, readings!.now()));
  },
});

/**
 * Gives the database gauges their readings and turns on the process metrics (memory, CPU, event-loop
 * delay, garbage collection, prefixed `dealer_process_`/`nodejs_`). Called once by the server at start.
 */
export function watchDatabase(source: DatabaseReadings): void {
  if (!readings) client.collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });
  readings = memoizedPerScrape(source);
}

type Readings = {
  outbox(): Promise<Awaited<ReturnType<DatabaseReadings["outbox"]>> | null>;
  leads(): Promise<Awaited<ReturnType<DatabaseReadings["leads"]>> | null>;
  pool: Pool | undefined;
  now(): Date;
};

/**
 * One outbox and one leads query per scrape, however many gauges read them. A database that does not
 * answer leaves those gauges out of the scrape (Prometheus then alerts on their absence or on `up`),
 * never fails the whole scrape: the process metrics still come.
 */
function memoizedPerScrape(source: DatabaseReadings): Readings {
  const once = <T>(read: () => Promise<T>) => {
    let last: { at: number; value: Promise<T | null> } | undefined;
    return () => {
      if (!last || Date.now() - last.at >= 1000) last = { at: Date.now(), value: read().catch(() => null) };
      return last.value;
    };
  };
  return { pool: source.pool, now: source.now, outbox: once(source.outbox), leads: once(source.leads) };
}

/** Records one answered request (the HTTP layer's `requestMetrics`). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requestDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

/** A failed sign-in check, a failure that locked, or an attempt refused while locked. */
export function countSignIn(event: "failure" | "lockout" | "refused"): void {
  signIns.inc({ event });
}

/** A file-store operation that failed (the store's guard calls it). */
export function countStorageError(driver: string, operation: string): void {
  storageErrors.inc({ driver, operation });
}

/**
 * The staff event stream's hook (GET /podium/events, the hub counts each stream it holds): call when a
 * stream opens; call what it returns when it closes. `dealer_event_streams_open` reads the count.
 */
export function eventStreamOpened(): () => void {
  openEventStreams += 1;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    openEventStreams -= 1;
  };
}

/** The text a scrape gets, in the Prometheus exposition format. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
