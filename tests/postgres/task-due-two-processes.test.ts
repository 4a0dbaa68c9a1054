import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setServerClock } from "../support/alerts-helpers";
import { openEventStream, type EventStreamClient } from "../support/event-stream-client";
import { startLoopbackPushService } from "../support/loopback-push-service";
import { withServerDatabase } from "../support/server-database";
import { createAccount, signIn, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Tasks' due notices (decision 126) with two server processes on one PostgreSQL database, both sweeping
 * every 200 ms on one moved clock: each task that comes due gets one `task.due` event (seen once on a
 * stream held by either process) and one push, whichever process claimed it.
 */
describe("task due notices on two processes sharing one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let push: Awaited<ReturnType<typeof startLoopbackPushService>>;
  let owner: StaffClient;
  const streams: EventStreamClient[] = [];
  const T0 = Date.parse("2025-12-03T15:00:00.000Z");
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
  const env = { TEST_CLOCK: "true", PUSH_LOOPBACK: "true", TRUST_PROXY: "true" };

  beforeAll(async () => {
    push = await startLoopbackPushService();
    a = await startTestServer({ env });
    setServerClock(a.dataDir, at(0));
    b = await startTestServer({ dataDir: a.dataDir, env });
    expect(b.databaseUrl).toBe(a.databaseUrl);
    owner = await signInOwner(a);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await push?.close();
  });

  it("20 tasks due at one instant: 20 pushes and 20 events in all, each once, on both processes' streams", async () => {
    const email = `due.two.${Date.now()}@example.com`;
    const account = await createAccount(a, { email, name: "Dana Due", role: "sales", password: "long two process task passphrase" });
    const sales = await signIn(a, email, "long two process task passphrase");
    const device = push.newDevice();
    const subscribed = await fetch(`${b.url}/api/admin/push-subscriptions`, {
      method: "POST",
      headers: { Cookie: sales.cookie, Origin: b.url, "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
    });
    expect(subscribed.status).toBe(201);
    const contact = await fetch(`${a.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.90" },
      body: JSON.stringify({
        firstName: "Paula",
        lastName: "Processes",
        email: `paula.${Date.now()}@example.com`,
        phone: "(978) 555-4200",
        message: "Two at once?",
        locale: "pt",
      }),
    });
    expect(contact.status).toBe(201);
    const [lead] = (await (await fetch(`${a.url}/api/admin/leads?type=message&limit=1`, { headers: { Cookie: owner.cookie } })).json()) as {
      customerId: string;
    }[];
    const taskIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const server = i % 2 ? a : b;
      const res = await fetch(`${server.url}/api/admin/customers/${lead!.customerId}/tasks`, {
        method: "POST",
        headers: { Cookie: owner.cookie, Origin: server.url, "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "text", dueAt: at(5), assigneeId: account.id, note: `Task ${i}` }),
      });
      expect(res.status).toBe(201);
      taskIds.push(((await res.json()) as { id: string }).id);
    }
    const onA = await openEventStream(a.url, { cookie: owner.cookie });
    const onB = await openEventStream(b.url, { cookie: owner.cookie });
    streams.push(onA, onB);
    await onA.next((e) => e.event === "ready");
    await onB.next((e) => e.event === "ready");

    setServerClock(a.dataDir, at(5));
    const taskPushes = () => push.pushesTo(device).filter((p) => JSON.parse(p.plaintext).tag.startsWith("task:"));
    await expect.poll(() => taskPushes().length, { timeout: 20_000, interval: 200 }).toBe(20);
    for (const stream of [onA, onB])
      await expect.poll(() => stream.events.filter((e) => e.event === "task.due").length, { timeout: 10_000 }).toBe(20);
    // Both keep sweeping: still one each.
    await new Promise((r) => setTimeout(r, 3_000));
    const tags = taskPushes().map((p) => JSON.parse(p.plaintext).tag as string);
    expect(tags.sort()).toEqual(taskIds.map((id) => `task:${id}`).sort());
    for (const stream of [onA, onB]) {
      const ids = stream.events.filter((e) => e.event === "task.due").map((e) => JSON.parse(e.data).id as string);
      expect(ids.sort()).toEqual([...taskIds].sort());
    }
    const stored = await withServerDatabase(a, (db) =>
      db.selectFrom("staffEvents").select("subjectId").where("name", "=", "task.due").execute(),
    );
    expect(stored.map((r) => r.subjectId).sort()).toEqual([...taskIds].sort());
    const outbox = await withServerDatabase(a, (db) =>
      db.selectFrom("pushOutbox").select(["status"]).where("kind", "=", "task-due").execute(),
    );
    expect(outbox).toHaveLength(20);
    expect(push.rejected).toEqual([]);
  }, 120_000);
});
