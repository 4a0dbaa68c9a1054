import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { civicDataDir } from "../support/civic-data-dir";
import { availableVehiclePath, onPostgres } from "../support/server-database";
import { DEMO_OWNER, postJson } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * GET /metrics (decision 122): what an operator's Prometheus reads, behind a bearer token, with routes
 * by pattern, sign-in failures, the outbox, waiting leads and the process itself.
 */
const TOKEN = "metrics-token-0123456789abcdef";
let server: TestServer;

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${server.url}/metrics`, { headers });
const text = async () => (await scrape()).text();
/** The value of one series, or undefined when it is absent. */
const value = (body: string, series: string) => {
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

beforeAll(async () => {
  const { dir } = await civicDataDir({ prefix: "metrics" });
  server = await startTestServer({
    dataDir: dir,
    env: {
      METRICS_TOKEN: TOKEN,
      TRUST_PROXY: "true",
      TEST_CLOCK: "true",
      // Nothing listens there: every mail fails and waits in the outbox for its next attempt.
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "noreply@dealer.test",
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /metrics", () => {
  it("answers only the bearer token, compared whole; 401 otherwise, with nothing of the metrics", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).toBe("Unauthorized");
    }
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("times requests by route pattern and status class, never by their path", async () => {
    const page = await availableVehiclePath(server);
    // Each answer read to its end: a request is counted once its response is done.
    const status = async (url: string) => {
      const res = await fetch(`${server.url}${url}`);
      await res.arrayBuffer();
      return res.status;
    };
    expect(await status(page)).toBe(200);
    expect(await status(`/es${page}`)).toBe(200);
    expect(await status("/api/vehicles")).toBe(200);
    expect(await status(`/no-such-page-${Date.now()}/x`)).toBe(404);
    const body = await text();
    expect(value(body, 'dealer_http_request_duration_seconds_count{route="page:routes/vehicle",method="GET",status_class="2xx"}')).toBe(1);
    expect(value(body, 'dealer_http_request_duration_seconds_count{route="page:es/vehicle",method="GET",status_class="2xx"}')).toBe(1);
    expect(value(body, 'dealer_http_request_duration_seconds_count{route="/api/vehicles",method="GET",status_class="2xx"}')).toBe(1);
    expect(body).toMatch(/dealer_http_request_duration_seconds_count\{route="page:routes\/not-found",method="GET",status_class="4xx"\} 1/);
    expect(body).toMatch(
      /dealer_http_request_duration_seconds_bucket\{le="0\.1",route="page:routes\/vehicle",method="GET",status_class="2xx"\}/,
    );
    // No path, id or token of a request is ever a label.
    expect(body).not.toContain(page);
    expect(body).not.toContain("no-such-page");
  });

  it("counts failed sign-ins, the lockout they cause and the attempts refused while locked", async () => {
    const before = await text();
    const failures = value(before, 'dealer_staff_sign_in_events_total{event="failure"}') ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postJson(
        server,
        "/api/admin/login",
        { email: DEMO_OWNER.email, password: "not the password at all" },
        {
          headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const after = await text();
    expect(value(after, 'dealer_staff_sign_in_events_total{event="failure"}')).toBe(failures + 5);
    expect(value(after, 'dealer_staff_sign_in_events_total{event="lockout"}')).toBe(1);
    expect(value(after, 'dealer_staff_sign_in_events_total{event="refused"}')).toBe(1);
  });

  it("reports the outbox's waiting mail and its age, and the leads waiting past their due time with the alarm's lag", async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ firstName: "Ana", lastName: "Silva", email: "ana@example.com", phone: "9785550100", message: "Is it there?" }),
    });
    expect(res.status).toBe(201);
    // The mails were tried (nothing listens) and wait for their next attempt.
    await expect.poll(async () => value(await text(), 'dealer_outbox_messages{status="queued"}'), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(value(await text(), "dealer_outbox_oldest_due_age_seconds")).toBeGreaterThan(0);
    // Three days on: the lead is long past its due time, unanswered (the alarm is off in tests), and the
    // mails have failed for good (retried for 24 hours).
    const file = path.join(server.dataDir, "test-clock");
    fs.writeFileSync(`${file}.next`, new Date(Date.now() + 3 * 86_400_000).toISOString());
    fs.renameSync(`${file}.next`, file);
    await expect.poll(async () => value(await text(), "dealer_leads_waiting"), { timeout: 10_000 }).toBe(1);
    const body = await text();
    expect(value(body, "dealer_lead_alarm_lag_seconds")).toBeGreaterThan(86_400);
    expect(
      value(body, 'dealer_outbox_messages{status="queued"}')! + (value(body, 'dealer_outbox_messages{status="sending"}') ?? 0),
    ).toBeGreaterThan(0);
    expect(value(body, "dealer_outbox_oldest_due_age_seconds")).toBeGreaterThan(86_400);
    fs.rmSync(file);
  });

  it("reports image work, open event streams, the database pool (PostgreSQL) and the process: memory, event-loop delay", async () => {
    const body = await text();
    expect(value(body, 'dealer_work_in_progress{kind="image",state="running"}')).toBe(0);
    expect(value(body, 'dealer_work_in_progress{kind="password-hash",state="queued"}')).toBe(0);
    expect(value(body, "dealer_event_streams_open")).toBe(0);
    expect(value(body, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(value(body, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(body).toContain("# TYPE dealer_storage_errors_total counter");
    if (onPostgres) {
      expect(value(body, 'dealer_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      // Read before the scrape's own queries ask for connections: an idle process has nobody waiting.
      expect(value(body, 'dealer_db_pool_connections{state="waiting"}')).toBe(0);
    } else expect(body).not.toContain("dealer_db_pool_connections{");
  });
});
