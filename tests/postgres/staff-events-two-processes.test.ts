import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream, type EventStreamClient } from "../support/event-stream-client";
import { signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The live stream across processes (docs/decisions/110-staff-events-stored-with-the-change.md): two
 * server processes on one PostgreSQL database; an event written by one reaches streams held by the
 * other through LISTEN/NOTIFY.
 */
describe("staff events across two processes on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let owner: StaffClient;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    // TRUST_PROXY: each shopper's address from X-Forwarded-For, so the contact form's per-client limit counts them apart.
    a = await startTestServer({ env: { TRUST_PROXY: "true" } });
    b = await startTestServer({ dataDir: a.dataDir, env: { TRUST_PROXY: "true" } });
    expect(b.databaseUrl).toBe(a.databaseUrl);
    owner = await signInOwner(a);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const postContact = (server: TestServer, i: number) =>
    fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${(i % 250) + 1}` },
      body: JSON.stringify({
        firstName: `Cross${i}`,
        lastName: "Process",
        email: `cross.${i}.${Date.now()}@example.com`,
        phone: `(978) 555-${String(2000 + i).slice(-4)}`,
        message: "Still for sale?",
        locale: "en",
      }),
    });

  it("a lead posted to one process appears on a stream held by the other, and on the first's own", async () => {
    const onB = await openEventStream(b.url, { cookie: owner.cookie });
    const onA = await openEventStream(a.url, { cookie: owner.cookie });
    streams.push(onB, onA);
    expect(onB.status).toBe(200);
    await onB.next((e) => e.event === "ready");
    await onA.next((e) => e.event === "ready");
    const posted = await postContact(a, 1);
    expect(posted.status).toBe(201);
    const [lead] = (await (await fetch(`${a.url}/api/admin/leads?type=message&limit=1`, { headers: { Cookie: owner.cookie } })).json()) as {
      id: string;
    }[];
    const isIt = (e: { event: string; data: string }) => e.event === "lead.created" && JSON.parse(e.data).id === lead!.id;
    const fromB = await onB.next(isIt, 5000);
    const fromA = await onA.next(isIt, 5000);
    // One numbering for every process: the same event, the same id.
    expect(fromB.id).toBe(fromA.id);
  });

  it("20 leads posted at once to both processes: every one reaches a stream on each, each once", async () => {
    const onB = await openEventStream(b.url, { cookie: owner.cookie });
    const onA = await openEventStream(a.url, { cookie: owner.cookie });
    streams.push(onB, onA);
    await onB.next((e) => e.event === "ready");
    await onA.next((e) => e.event === "ready");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => postContact(i % 2 ? a : b, 100 + i)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    for (const stream of [onA, onB]) {
      await expect.poll(() => stream.events.filter((e) => e.event === "lead.created").length, { timeout: 10_000 }).toBe(20);
      const ids = stream.events.filter((e) => e.event === "lead.created").map((e) => e.id);
      expect(new Set(ids).size).toBe(20);
    }
  });
});
