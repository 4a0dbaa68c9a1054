import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackPushService, type TestDevice } from "../support/loopback-push-service";
import { openServerDatabase } from "../support/server-database";
import { createAccount, signIn, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Web Push to staff phones (docs/decisions/111-web-push-vapid-and-devices.md, 112-push-outbox.md), sent by
 * the real server to a push service on loopback written in the tests, which verifies each request's VAPID
 * JWT and decrypts its aes128gcm payload with the device's private key.
 */
describe("Web Push to staff devices", () => {
  let server: TestServer;
  let owner: StaffClient;
  let sales: StaffClient & { id: string };
  let push: Awaited<ReturnType<typeof startLoopbackPushService>>;
  let shopper = 0;

  beforeAll(async () => {
    push = await startLoopbackPushService();
    // PUSH_LOOPBACK (tests only): http endpoints on 127.0.0.1 are accepted for the service above.
    server = await startTestServer({ env: { PUSH_LOOPBACK: "true", TRUST_PROXY: "true" } });
    owner = await signInOwner(server);
    // The only salesperson: every lead is theirs.
    const email = `sales.push.${Date.now()}@example.com`;
    const account = await createAccount(server, { email, name: "Sam Seller", role: "sales", password: "long push passphrase for sam" });
    sales = { ...(await signIn(server, email, "long push passphrase for sam")), id: account.id };
  });
  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  const api = (client: StaffClient | null, path: string, method = "GET", body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(client ? { Cookie: client.cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        Origin: server.url,
        "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const subscribe = (client: StaffClient, device: Pick<TestDevice, "endpoint" | "keys">) =>
    api(client, "/api/admin/push-subscriptions", "POST", { endpoint: device.endpoint, keys: device.keys });

  async function postContact(firstName: string): Promise<void> {
    shopper += 1;
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `192.0.2.${shopper}` },
      body: JSON.stringify({
        firstName,
        lastName: "Shopper",
        email: `push.${shopper}.${Date.now()}@example.com`,
        phone: `(978) 555-${String(3000 + shopper)}`,
        message: "Is it available?",
        locale: "es",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  it("gives the VAPID public key to a signed-in person only", async () => {
    expect((await api(null, "/api/admin/push-public-key")).status).toBe(401);
    const res = await api(sales, "/api/admin/push-public-key");
    expect(res.status).toBe(200);
    const { publicKey } = (await res.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    // The same key for everyone, and again later (it is derived from the kept master secret).
    expect(((await (await api(owner, "/api/admin/push-public-key")).json()) as { publicKey: string }).publicKey).toBe(publicKey);
  });

  it("keeps only https endpoints on the internet (and, here, loopback): never an internal address", async () => {
    const device = push.newDevice();
    const keys = device.keys;
    for (const endpoint of [
      "http://push.example.com/abc",
      "https://127.0.0.1/abc",
      "https://10.0.0.8/abc",
      "https://192.168.1.1/abc",
      "https://[::1]/abc",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/abc",
      "https://user:pass@push.example.com/abc",
      "file:///etc/passwd",
      "not a url",
    ]) {
      const res = await subscribe(sales, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      const body = (await res.json()) as { fieldErrors?: Record<string, string> };
      expect(body.fieldErrors?.endpoint, endpoint).toBeTruthy();
    }
    const badKeys = await subscribe(sales, { endpoint: device.endpoint, keys: { p256dh: "AAAA", auth: keys.auth } });
    expect(badKeys.status).toBe(400);
    expect(((await badKeys.json()) as { fieldErrors: Record<string, string> }).fieldErrors["keys.p256dh"]).toBeTruthy();
    expect((await api(null, "/api/admin/push-subscriptions", "POST", { endpoint: device.endpoint, keys })).status).toBe(401);
    expect((await subscribe(sales, device)).status).toBe(201);
    const listed = (await (await api(sales, "/api/admin/push-subscriptions")).json()) as { endpointHost: string; device: string }[];
    expect(listed).toEqual([expect.objectContaining({ endpointHost: new URL(device.endpoint).host, device: "Chrome on Android" })]);
    // Removing it: 204, then 404.
    expect((await api(sales, "/api/admin/push-subscriptions", "DELETE", { endpoint: device.endpoint })).status).toBe(204);
    expect((await api(sales, "/api/admin/push-subscriptions", "DELETE", { endpoint: device.endpoint })).status).toBe(404);
  });

  it("a new lead assigned to a person reaches their device within seconds: VAPID-signed, encrypted, kind, first name, language, its record", async () => {
    const device = push.newDevice();
    expect((await subscribe(sales, device)).status).toBe(201);
    const { publicKey } = (await (await api(sales, "/api/admin/push-public-key")).json()) as { publicKey: string };
    const posted = Date.now();
    await postContact("Lucía");
    await expect.poll(() => push.pushesTo(device).length, { timeout: 5000, interval: 100 }).toBe(1);
    const [received] = push.pushesTo(device);
    expect(received!.at - posted).toBeLessThan(5000);
    expect(received!.vapidKey).toBe(publicKey);
    expect(received!.claims.aud).toBe(push.origin());
    const payload = JSON.parse(received!.plaintext) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toBe("New message");
    expect(payload.body).toBe("Lucía · wrote in Spanish");
    const [lead] = (await (await api(owner, "/api/admin/leads?type=message&limit=1")).json()) as {
      id: string;
      customerId: string;
      assigneeId: string;
    }[];
    expect(lead!.assigneeId).toBe(sales.id);
    expect(payload.url).toBe(`/podium/customers/${lead!.customerId}`);
    expect(payload.tag).toBe(`message:${lead!.id}`);
    expect(push.rejected).toEqual([]);
  });

  it("a push service that is down loses nothing: tried again with backoff until it answers", async () => {
    const device = push.newDevice();
    expect((await subscribe(sales, device)).status).toBe(201);
    push.answerWith(device, [503, 500]);
    await postContact("Retry");
    await expect.poll(() => push.pushesTo(device).length, { timeout: 30_000, interval: 200 }).toBe(3);
    const [first, second, third] = push.pushesTo(device);
    // 5 s, then 10 s apart (pushRetryDelay).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(4500);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(9000);
    expect(third!.plaintext).toBe(first!.plaintext);
    const { db } = openServerDatabase(server);
    try {
      // The push service has the third request before the server has read its answer and marked the row sent.
      const rows = () =>
        db
          .selectFrom("pushOutbox")
          .innerJoin("pushSubscriptions", "pushSubscriptions.id", "pushOutbox.subscriptionId")
          .select(["pushOutbox.status", "pushOutbox.attempts"])
          .where("pushSubscriptions.endpoint", "=", device.endpoint)
          .execute();
      await expect.poll(rows, { timeout: 5000, interval: 100 }).toEqual([{ status: "sent", attempts: 3 }]);
    } finally {
      await db.destroy();
    }
  });

  it("a device the push service says is gone (410) is deleted", async () => {
    const device = push.newDevice();
    expect((await subscribe(sales, device)).status).toBe(201);
    push.answerWith(device, [410]);
    await postContact("Gone");
    await expect
      .poll(async () => ((await (await api(sales, "/api/admin/push-subscriptions")).json()) as { endpointHost: string }[]).length, {
        timeout: 10_000,
      })
      .toBe(2);
    expect(push.pushesTo(device)).toHaveLength(1);
    const { db } = openServerDatabase(server);
    try {
      expect(await db.selectFrom("pushSubscriptions").select("id").where("endpoint", "=", device.endpoint).execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("quiet hours hold a person's pushes until they end", async () => {
    // Remove the earlier devices: one device, quiet all day but one minute.
    const { db } = openServerDatabase(server);
    try {
      await db.deleteFrom("pushSubscriptions").where("staffId", "=", sales.id).execute();
    } finally {
      await db.destroy();
    }
    const device = push.newDevice();
    expect((await subscribe(sales, device)).status).toBe(201);
    const now = new Date();
    const minute = (d: Date) =>
      new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "America/New_York" }).format(d);
    const start = minute(new Date(now.getTime() - 60 * 60_000));
    const end = minute(new Date(now.getTime() + 60 * 60_000));
    expect((await api(sales, "/api/admin/push-quiet-hours", "PUT", { start, end: null })).status).toBe(400);
    expect((await api(sales, "/api/admin/push-quiet-hours", "PUT", { start, end })).status).toBe(200);
    await postContact("Quiet");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(push.pushesTo(device)).toHaveLength(0);
    const check = openServerDatabase(server);
    try {
      const [queued] = await check.db.selectFrom("pushOutbox").select(["status", "dueAt"]).where("payload", "like", "%Quiet%").execute();
      expect(queued!.status).toBe("queued");
      expect(Date.parse(queued!.dueAt) - Date.now()).toBeGreaterThan(50 * 60_000);
    } finally {
      await check.db.destroy();
    }
    expect((await api(sales, "/api/admin/push-quiet-hours", "PUT", { start: null, end: null })).status).toBe(200);
  });
});
