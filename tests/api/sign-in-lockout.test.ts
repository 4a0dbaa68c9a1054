import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieOf,
  createAccount,
  DEMO_OWNER,
  freshCode,
  letEarlierRequestsArrive,
  noteStepUsed,
  pendingCodeStep,
  postJson,
  signIn,
  signInAs,
  tallyStatuses,
} from "../support/staff-sign-in";
import { openServerDatabase } from "../support/server-database";
import { PRODUCTION_PASSWORD_HASH_COST, startTestServer, type TestServer } from "../support/test-server";

let accounts = 0;
/** A fresh account with a known password, not signed in yet. */
async function newAccountOn(server: TestServer, name: string) {
  const email = `${name}.${++accounts}.${Date.now()}@example.com`;
  const password = `unusual passphrase for ${name} number ${accounts}`;
  await createAccount(server, { email, name, role: "sales", password });
  return { email, password };
}
const from = (ip: string, cookie?: string | null) => ({ headers: { "x-forwarded-for": ip }, cookie });

/**
 * The sign-in limits hold when the guesses arrive at once, and password hashing cannot be queued
 * without end (the next describe: they do not lock a whole office or the owner's own browser out).
 * Runs on SQLite and (npm run test:postgres) on PostgreSQL.
 */
describe("sign-in lockout under parallel requests", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Production's scrypt cost: the races need guesses in flight while the first are checked, and the
    // busy answer needs hashing slow enough to queue.
    server = await startTestServer({ env: { TRUST_PROXY: "true", PASSWORD_HASH_COST: PRODUCTION_PASSWORD_HASH_COST } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const newAccount = (name: string) => newAccountOn(server, name);

  it("100 parallel wrong passwords from one address, the right one last: no 200, at most 5 checked", async () => {
    // Not enrolled yet: before the fix, the right password alone took this account (enrollment answer, 200).
    const { email, password } = await newAccount("burst");
    const ip = "198.51.100.20";
    const wrong = Array.from({ length: 99 }, (_, i) =>
      postJson(server, "/api/admin/login", { email, password: `wrong guess ${i}` }, from(ip)),
    );
    await letEarlierRequestsArrive();
    const right = postJson(server, "/api/admin/login", { email, password }, from(ip));
    const statuses = (await Promise.all([...wrong, right])).map((r) => r.status);
    const counts = tallyStatuses(statuses);
    expect(counts[200], JSON.stringify(counts)).toBeUndefined();
    expect(statuses.at(-1)).toBe(429);
    // Only the first five reservations were checked (401, or 429 when their failure was the fifth).
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(95);
    const after = await postJson(server, "/api/admin/login", { email, password }, from("198.51.100.21"));
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(800);
  }, 180_000);

  it("100 parallel wrong codes, the right one last: no 200", async () => {
    const { email, password } = await newAccount("codes");
    const ip = "198.51.100.30";
    await signIn(server, email, password, { "x-forwarded-for": ip });
    const { pending, code, wrongCode } = await pendingCodeStep(server, email, { "x-forwarded-for": ip }, password);
    const wrong = Array.from({ length: 99 }, () => postJson(server, "/api/admin/mfa", { code: wrongCode }, from(ip, pending)));
    await letEarlierRequestsArrive();
    const right = postJson(server, "/api/admin/mfa", { code }, from(ip, pending));
    const responses = await Promise.all([...wrong, right]);
    const counts = tallyStatuses(responses.map((r) => r.status));
    expect(counts[200], JSON.stringify(counts)).toBeUndefined();
    expect(responses.every((r) => cookieOf(r, "staff_session") === null)).toBe(true);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
  }, 180_000);

  it("100 parallel wrong current passwords on a password change, the right one last: no change; the same password is refused", async () => {
    const { email, password } = await newAccount("changer");
    const client = await signIn(server, email, password, { "x-forwarded-for": "198.51.100.40" });
    const change = (currentPassword: string, newPassword = "a brand new passphrase for the changer") =>
      postJson(server, "/api/admin/password", { currentPassword, newPassword }, from("198.51.100.40", client.cookie));

    const same = await change(password, password);
    expect(same.status).toBe(400);
    expect(((await same.json()) as { fieldErrors: Record<string, string> }).fieldErrors.newPassword).toMatch(/differs from your current/);

    const wrong = Array.from({ length: 99 }, (_, i) => change(`not the password ${i}`));
    await letEarlierRequestsArrive();
    const right = change(password);
    const statuses = (await Promise.all([...wrong, right])).map((r) => r.status);
    const counts = tallyStatuses(statuses);
    expect(counts[200], JSON.stringify(counts)).toBeUndefined();
    expect(statuses.at(-1)).toBe(429);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
    // Nothing changed: the old password still signs in (from a browser this account used, so the
    // sign-in's own lockout is not involved), and the session was not ended by a change.
    expect((await fetch(`${server.url}/api/admin/session`, { headers: { cookie: client.cookie } })).status).toBe(200);
  }, 180_000);

  it("hashes at most a few passwords at once and answers the rest of a burst 503 with Retry-After", async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(server, "/api/admin/login", { email: `crowd${i}@example.com`, password: "wrong password" }, from(`100.64.${i}.1`)),
      ),
    );
    const counts = tallyStatuses(responses.map((r) => r.status));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["401", "503"]);
    const busy = responses.find((r) => r.status === 503)!;
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(((await busy.json()) as { error: string }).error).toMatch(/busy/);
    // A refused attempt is not a failure: the same client may sign in a moment later.
    expect(
      (await postJson(server, "/api/admin/login", { email: "crowd0@example.com", password: "wrong password" }, from("100.64.0.1"))).status,
    ).toBe(401);
  }, 180_000);
});

/**
 * The limits that hold one request after another (an office, a stranger against the owner's browser, an
 * IPv6 client): nothing here races, so the server hashes at the tests' cost. At production's cost these
 * 80 sign-ins were over a minute of the suite's CPU on each engine.
 */
describe("sign-in limits, one request after another", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const newAccount = (name: string) => newAccountOn(server, name);

  it("six colleagues behind one office address, each mistyping once, all still sign in", async () => {
    const office = "203.0.113.10";
    const colleagues = await Promise.all(Array.from({ length: 6 }, (_, i) => newAccount(`colleague${i}`)));
    for (const { email, password } of colleagues) {
      expect((await postJson(server, "/api/admin/login", { email, password: `${password} typo` }, from(office))).status).toBe(401);
      const signedIn = await signIn(server, email, password, { "x-forwarded-for": office });
      expect(signedIn.cookie).toMatch(/^staff_session=/);
    }
  }, 180_000);

  it("a stranger's guesses lock out strangers, not the browser the owner signed in from", async () => {
    // The owner signs in once from their laptop: it gets a device cookie, only for the sign-in API.
    const laptop = "192.0.2.150";
    const owner = await signIn(server, DEMO_OWNER.email, DEMO_OWNER.password, { "x-forwarded-for": laptop });
    const device = owner.deviceCookie;
    expect(device).toMatch(/^staff_device=/);
    expect(owner.deviceSetCookie).toMatch(/; Max-Age=15552000; Path=\/api\/admin;.*; HttpOnly; SameSite=Strict$/);
    const other = await newAccount("other-device");
    const otherDevice = (await signIn(server, other.email, other.password, { "x-forwarded-for": laptop })).deviceCookie;

    // A stranger who knows the e-mail fails five times: strangers are locked out…
    for (let i = 0; i < 5; i++)
      await postJson(server, "/api/admin/login", { email: DEMO_OWNER.email, password: `guess ${i}` }, from(`192.0.2.${160 + i}`));
    expect((await postJson(server, "/api/admin/login", DEMO_OWNER, from("192.0.2.170"))).status).toBe(429);
    // …but the owner's laptop still signs in, and a device cookie of another account does not count as trusted.
    expect((await postJson(server, "/api/admin/login", DEMO_OWNER, from(laptop, device))).status).toBe(200);
    expect((await postJson(server, "/api/admin/login", DEMO_OWNER, from(laptop, otherDevice))).status).toBe(429);
    const altered = device!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await postJson(server, "/api/admin/login", DEMO_OWNER, from(laptop, altered))).status).toBe(429);

    // The laptop's own failures lock the laptop alone.
    for (let i = 0; i < 5; i++)
      await postJson(server, "/api/admin/login", { email: DEMO_OWNER.email, password: `typo ${i}` }, from(laptop, device));
    expect((await postJson(server, "/api/admin/login", DEMO_OWNER, from(laptop, device))).status).toBe(429);
  }, 180_000);

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await postJson(
        server,
        "/api/admin/login",
        { email: `v6-${i}@example.com`, password: "wrong password" },
        from(`2001:db8:7:8::${i.toString(16)}`),
      );
      expect(res.status).toBe(i === 30 ? 429 : 401);
    }
    // Another address in the same /64 is the same client; the next /64 is not.
    expect(
      (await postJson(server, "/api/admin/login", { email: "v6-x@example.com", password: "wrong" }, from("2001:db8:7:8:ffff::1"))).status,
    ).toBe(429);
    expect(
      (await postJson(server, "/api/admin/login", { email: "v6-y@example.com", password: "wrong" }, from("2001:db8:7:9::1"))).status,
    ).toBe(401);
  }, 180_000);
});

/**
 * The review's I-1 (decision 088): a device cookie was stateless, so a stolen one stayed "trusted" (its
 * own five guesses, apart from the account's lock) through sign-out everywhere, a password change and a
 * second-factor reset. Each of them now revokes every device cookie the account issued.
 */
describe("device cookies after sign-out everywhere, a password change and a second-factor reset", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(["sign-out everywhere", "password change", "second-factor reset"] as const)(
    "after a %s, the browser's device cookie is a stranger's: the account's lock holds it too",
    async (revocation) => {
      const stamp = `${revocation.replace(/\W+/g, "-")}.${Date.now()}`;
      const email = `device.${stamp}@example.com`;
      let password = `unusual passphrase for the device test ${stamp}`;
      await createAccount(server, { email, name: "Device Tester", role: "sales", password });
      const laptop = { "x-forwarded-for": "192.0.2.200" };
      const signedIn = await signIn(server, email, password, laptop);
      const device = signedIn.deviceCookie;
      expect(device).toMatch(/^staff_device=/);
      const login = (ip: string, cookie?: string | null) =>
        postJson(server, "/api/admin/login", { email, password }, { headers: { "x-forwarded-for": ip }, cookie });

      // Strangers who know the e-mail lock strangers out; the laptop is trusted and still gets in.
      const guesses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const guess = await postJson(
          server,
          "/api/admin/login",
          { email, password: `guess ${i}` },
          { headers: { "x-forwarded-for": `198.18.0.${i + 1}` } },
        );
        guesses.push(guess.status);
      }
      // The fifth failure locks the account for strangers (ACCOUNT_LIMIT = 5).
      expect(guesses).toEqual([401, 401, 401, 401, 429]);
      expect((await login("198.18.0.50")).status).toBe(429);
      expect((await login("192.0.2.200", device)).status).toBe(200);

      if (revocation === "sign-out everywhere") {
        expect((await postJson(server, "/api/admin/logout-everywhere", {}, { cookie: signedIn.cookie })).status).toBe(200);
      } else if (revocation === "password change") {
        const newPassword = `${password} changed`;
        const changed = await postJson(
          server,
          "/api/admin/password",
          { currentPassword: password, newPassword },
          { cookie: signedIn.cookie },
        );
        expect(changed.status, await changed.clone().text()).toBe(200);
        password = newPassword;
      } else {
        const owner = await signInAs(server, "owner");
        const { db } = openServerDatabase(server);
        const { id } = await db.selectFrom("staffAccounts").select("id").where("email", "=", email).executeTakeFirstOrThrow();
        await db.destroy();
        expect((await postJson(server, `/api/admin/staff/${id}/reset-mfa`, {}, { cookie: owner.cookie })).status).toBe(200);
      }
      // The same browser, the right password: now a stranger, held by the account's lock.
      expect((await login("192.0.2.200", device)).status).toBe(429);
    },
    60_000,
  );

  it("the sign-in page's own device cookie (decision 103) is revoked by the staff shell's sign out everywhere too", async () => {
    const stamp = `page.${Date.now()}`;
    const email = `device.${stamp}@example.com`;
    const password = `unusual passphrase for the page device test ${stamp}`;
    await createAccount(server, { email, name: "Page Device", role: "sales", password });
    // Enrolled once through the API; then the laptop signs in on the page, as a browser without JavaScript does.
    const enrolled = await signIn(server, email, password, { "x-forwarded-for": "192.0.2.210" });
    const laptop = "192.0.2.211";
    const staffPost = (path: string, fields: Record<string, string>, cookie?: string | null) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": laptop,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });
    const passwordStep = (cookie?: string | null) => staffPost("/podium/sign-in", { intent: "password", email, password }, cookie);
    const first = await passwordStep();
    expect(first.status).toBe(200);
    const code = await freshCode(enrolled.secret, enrolled.step);
    noteStepUsed(server, email, enrolled.secret, code.step);
    const done = await staffPost(
      "/podium/sign-in",
      { intent: "code", code: code.code, redirectTo: "/podium/leads" },
      cookieOf(first, "staff_pending"),
    );
    expect(done.status).toBe(303);
    expect(done.headers.getSetCookie().find((c) => c.startsWith("staff_device="))).toMatch(/Path=\/podium\/sign-in/);
    const device = cookieOf(done, "staff_device");
    const session = cookieOf(done, "staff_session");

    // Strangers lock the account; the laptop's page cookie is trusted and still gets to the code step.
    for (let i = 0; i < 5; i++)
      await postJson(
        server,
        "/api/admin/login",
        { email, password: `guess ${i}` },
        { headers: { "x-forwarded-for": `198.18.1.${i + 1}` } },
      );
    expect((await passwordStep()).status).toBe(429);
    expect((await passwordStep(device)).status).toBe(200);

    // "Sign out everywhere" from the shell's account menu: the page's device cookie is a stranger's now.
    const out = await staffPost("/podium/sign-out", { intent: "everywhere" }, session);
    expect(out.status).toBe(303);
    expect((await passwordStep(device)).status).toBe(429);
  }, 60_000);
});
