import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream, type EventStreamClient, type ReceivedEvent } from "../support/event-stream-client";
import { financingApplicationBody } from "../support/lead-delivery-helpers";
import { openServerDatabase } from "../support/server-database";
import { createAccount, postJson, signIn, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import type { StaffRole } from "~/shared/staff/staff-roles";

/**
 * The staff app's live stream, GET /podium/events (docs/decisions/110-staff-events-stored-with-the-change.md),
 * on the real server: what it sends, to whom, how it resumes, and when it ends.
 */
const METRICS = "metrics-token-for-the-event-streams";

describe("GET /podium/events", () => {
  let server: TestServer;
  let owner: StaffClient;
  const streams: EventStreamClient[] = [];
  let shopper = 0;

  beforeAll(async () => {
    // TEST_CLOCK: heartbeats every second instead of fifteen (the clock itself stays the system's).
    server = await startTestServer({ env: { TEST_CLOCK: "true", METRICS_TOKEN: METRICS } });
    owner = await signInOwner(server);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.stop();
  });

  const open = async (options: { cookie?: string; lastEventId?: string }) => {
    const stream = await openEventStream(server.url, options);
    streams.push(stream);
    return stream;
  };
  const ip = () => `198.51.100.${(shopper % 250) + 1}`;

  async function postContact(firstName: string): Promise<void> {
    shopper += 1;
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip() },
      body: JSON.stringify({
        firstName,
        lastName: "Live",
        email: `live.${shopper}.${Date.now()}@example.com`,
        phone: `(978) 555-${String(1000 + shopper).slice(-4)}`,
        message: "Is it still there?",
        locale: "en",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  async function newestMessageId(email: string): Promise<string> {
    const res = await fetch(`${server.url}/api/admin/leads?type=message&q=${encodeURIComponent(email)}`, {
      headers: { Cookie: owner.cookie },
    });
    const [lead] = (await res.json()) as { id: string }[];
    return lead!.id;
  }

  let person = 0;
  async function staffOf(role: StaffRole): Promise<StaffClient & { id: string }> {
    const email = `${role}.events.${++person}.${Date.now()}@example.com`;
    const password = `long events passphrase ${person} for ${role}`;
    const account = await createAccount(server, { email, name: `${role} ${person}`, role, password });
    return { ...(await signIn(server, email, password)), id: account.id };
  }

  const isLead = (name: string, type: string) => (event: ReceivedEvent) => event.event === name && JSON.parse(event.data).type === type;

  it("answers 401 without a session (not the sign-in page), and the stream's headers with one", async () => {
    const signedOut = await open({});
    expect(signedOut.status).toBe(401);
    const forged = await open({ cookie: "staff_session=not-a-session" });
    expect(forged.status).toBe(401);

    const stream = await open({ cookie: owner.cookie });
    expect(stream.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("cache-control")).toContain("no-store");
    // Not compressed: an event must not wait in a compressor's buffer.
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    const ready = await stream.next((e) => e.event === "ready");
    expect(ready.id).toMatch(/^\d+$/);
    // Heartbeats keep a quiet stream open (every 15 s; every second under TEST_CLOCK).
    await expect.poll(() => stream.comments.filter((c) => c === "heartbeat").length, { timeout: 5000 }).toBeGreaterThan(0);
    stream.close();
  });

  it("a new lead reaches the owner's and a salesperson's streams as lead.created with {type, id} only", async () => {
    const sales = await staffOf("sales");
    const ownerStream = await open({ cookie: owner.cookie });
    const salesStream = await open({ cookie: sales.cookie });
    await ownerStream.next((e) => e.event === "ready");
    await salesStream.next((e) => e.event === "ready");
    await postContact("Nadia");
    const created = await ownerStream.next(isLead("lead.created", "message"));
    const data = JSON.parse(created.data) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(["id", "type"]);
    expect(created.id).toMatch(/^\d+$/);
    const forSales = await salesStream.next(isLead("lead.created", "message"));
    expect(forSales.data).toBe(created.data);
    // Nothing of the shopper travels: no name, no address.
    expect(ownerStream.events.map((e) => e.data).join("\n")).not.toMatch(/Nadia|example\.com/);
    // The inbox has that lead under that id.
    const email = (await (
      await fetch(`${server.url}/api/admin/leads?type=message&limit=1`, { headers: { Cookie: owner.cookie } })
    ).json()) as {
      id: string;
      email: string;
    }[];
    expect(await newestMessageId(email[0]!.email)).toBe(data.id);
    ownerStream.close();
    salesStream.close();
  });

  it("a financing application reaches finance and the owner, never a salesperson or service", async () => {
    const sales = await staffOf("sales");
    const finance = await staffOf("finance");
    const service = await staffOf("service");
    const [salesStream, financeStream, serviceStream, ownerStream] = await Promise.all(
      [sales, finance, service, owner].map((who) => open({ cookie: who.cookie })),
    );
    for (const stream of [salesStream!, financeStream!, serviceStream!, ownerStream!]) await stream.next((e) => e.event === "ready");
    shopper += 1;
    const res = await fetch(`${server.url}/api/financing`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip() },
      body: JSON.stringify(await financingApplicationBody({ email: `applicant.${Date.now()}@example.com`, locale: "en" })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const forFinance = await financeStream!.next(isLead("lead.created", "financing"));
    await ownerStream!.next((e) => e.data === forFinance.data && e.event === "lead.created");
    // A message lead after it: when it has reached the salesperson, the application would have too.
    await postContact("Omar");
    await salesStream!.next(isLead("lead.created", "message"));
    expect(salesStream!.events.some((e) => e.data.includes("financing") || e.data === forFinance.data)).toBe(false);
    // Service sees neither the inbox nor financing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(serviceStream!.events.filter((e) => e.event !== "ready")).toEqual([]);
    for (const stream of [salesStream!, financeStream!, serviceStream!, ownerStream!]) stream.close();
  });

  it("resumes with Last-Event-ID: what happened while away is sent on reconnecting; a number no longer kept says reset", async () => {
    const first = await open({ cookie: owner.cookie });
    const ready = await first.next((e) => e.event === "ready");
    first.close();
    await postContact("Away");
    const again = await open({ cookie: owner.cookie, lastEventId: ready.id! });
    // (On PostgreSQL a few earlier events may come again: numbers there follow writes, not commits.)
    const missed = await again.next((e) => isLead("lead.created", "message")(e) && Number(e.id) > Number(ready.id));
    expect(missed.data).toMatch(/"type":"message"/);
    again.close();

    const stale = await open({ cookie: owner.cookie, lastEventId: "999999999" });
    await stale.next((e) => e.event === "reset");
    stale.close();
  });

  /** `dealer_event_streams_open` as an operator's Prometheus reads it (decision 122). */
  const openStreamsMetric = async () => {
    const body = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).text();
    return Number(/^dealer_event_streams_open (\d+)$/m.exec(body)![1]);
  };

  it("one person holds at most six streams at once (429 past them); closing one frees a place; /metrics counts them", async () => {
    const sales = await staffOf("sales");
    const before = await openStreamsMetric();
    const held = await Promise.all(Array.from({ length: 6 }, () => open({ cookie: sales.cookie })));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await openStreamsMetric()).toBe(before + 6);
    const refused = await open({ cookie: sales.cookie });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("30");
    // Another person is not held back by them.
    const other = await open({ cookie: owner.cookie });
    expect(other.status).toBe(200);
    other.close();
    held[0]!.close();
    await expect
      .poll(async () => {
        const retry = await open({ cookie: sales.cookie });
        retry.close();
        return retry.status;
      })
      .toBe(200);
    for (const stream of held) stream.close();
    await expect.poll(openStreamsMetric).toBeLessThanOrEqual(before);
  });

  it("ends a stream within seconds of sign-out everywhere, of the account being disabled, and of a role change", async () => {
    const signingOut = await staffOf("sales");
    const disabled = await staffOf("sales");
    const moved = await staffOf("sales");
    const streamsOf = await Promise.all([signingOut, disabled, moved].map((who) => open({ cookie: who.cookie })));
    for (const stream of streamsOf) await stream.next((e) => e.event === "ready");

    const started = Date.now();
    expect((await postJson(server, "/api/admin/logout-everywhere", {}, { cookie: signingOut.cookie })).status).toBe(200);
    const patch = (id: string, body: unknown) =>
      fetch(`${server.url}/api/admin/staff/${id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Origin: server.url, Cookie: owner.cookie },
        body: JSON.stringify(body),
      });
    expect((await patch(disabled.id, { disabled: true })).status).toBe(200);
    expect((await patch(moved.id, { role: "service" })).status).toBe(200);
    await Promise.all(streamsOf.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(8000);
    // And it cannot be opened again with that session.
    expect((await open({ cookie: signingOut.cookie })).status).toBe(401);
  });

  it("stores each event with its change: a lead's events are in the table once the lead is", async () => {
    await postContact("Stored");
    const { db } = openServerDatabase(server);
    try {
      const rows = await db
        .selectFrom("staffEvents")
        .select(["name", "subjectType", "subjectId", "area"])
        .orderBy("id", "desc")
        .limit(5)
        .execute();
      const created = rows.find((row) => row.name === "lead.created");
      expect(created).toMatchObject({ subjectType: "message", area: "leads" });
      const lead = await db.selectFrom("leads").select("id").where("id", "=", created!.subjectId).executeTakeFirst();
      expect(lead).toBeDefined();
    } finally {
      await db.destroy();
    }
  });
});

describe("a graceful stop with staff streams open", () => {
  it("ends the streams and sends their reconnects elsewhere, so the stop does not wait for its 10 s limit on open connections", async () => {
    const server = await startTestServer();
    try {
      const owner = await signInOwner(server);
      const stream = await openEventStream(server.url, { cookie: owner.cookie });
      await stream.next((e) => e.event === "ready");
      // As a browser's EventSource does once its stream ends: it asks again, over the same kept-alive connection
      // if it is still open. Refused, or a stream that ends at once with no `ready`: never one held open here.
      const reconnected = stream.ended.then(() =>
        openEventStream(server.url, { cookie: owner.cookie }).then(
          async (again) => {
            await again.ended;
            return { status: again.status, events: again.events.map((e) => e.event) };
          },
          () => "refused" as const,
        ),
      );
      const started = Date.now();
      await server.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      const answer = await reconnected;
      if (answer !== "refused") expect(answer).toEqual({ status: 200, events: [] });
    } finally {
      await server.kill("SIGKILL");
    }
  });
});
