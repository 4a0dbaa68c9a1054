import crypto from "node:crypto";
import os from "node:os";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRouter } from "~/app/http/staff-router.server";
import { staffAccess } from "~/features/staff/staff-accounts-api.server";
import { ADMIN_ROUTE_ACCESS } from "~/server/auth/route-access.server";
import type { AppContext } from "~/server/context.server";
import { listRoutes } from "~/server/http/route-list.server";
import { STAFF_ROLES, type StaffRole } from "~/shared/staff/staff-roles";
import {
  cookieOf,
  createAccount,
  DEMO_OWNER,
  freshCode,
  noteStepUsed,
  postJson,
  secretFromUri,
  signIn,
  signInAs,
  signInOwner,
  type StaffClient,
} from "../support/staff-sign-in";
import { PRODUCTION_PASSWORD_HASH_COST, startTestServer, type TestServer } from "../support/test-server";
import { openServerDatabase } from "../support/server-database";

function call(
  client: { server: TestServer; cookie?: string },
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${client.server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      origin: client.server.url,
      ...(client.cookie ? { cookie: client.cookie } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    redirect: "manual",
  });
}

/** Every /api/admin route of the composed staff API, with sample parameters. */
function enumeratedRoutes() {
  const ctx = { env: { dataDir: os.tmpdir(), adminSessionIdleMs: 1000 } } as AppContext;
  const router = staffRouter(ctx, staffAccess(ctx));
  const samples: Record<string, string> = { id: crypto.randomUUID(), vin: "1HGCM82633A004352", kind: "signature", who: "applicant" };
  return listRoutes(router)
    .filter((r) => r.path.startsWith("/admin/") && !r.path.includes("{*rest}"))
    .map((r) => ({
      key: `${r.method} ${r.path}`,
      method: r.method,
      url: `/api${r.path.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? "x")}`,
    }));
}

/**
 * The role rules (docs/behaviour.md §6), written out independently of the server's table:
 * owner everything; finance financing + read-only vehicles; sales the lead inbox, vehicles, messages, bookings,
 * trade-in appraisals (but deleting one), deal sheets, customer records and tasks, visitor reports, the lead report; service bookings only;
 * staff management and the audit log owner only.
 */
function expectedAllowed(role: StaffRole, key: string): boolean {
  const [method, path] = key.split(" ") as [string, string];
  if (role === "owner" || PUBLIC.has(key)) return true;
  // The mail banner is for everyone; the outbox behind it is owner only (below: no area grants it).
  if (["/admin/session", "/admin/logout", "/admin/logout-everywhere", "/admin/password", "/admin/mail-status"].includes(path)) return true;
  // Everyone's own away switch (docs/behaviour.md §17).
  if (path === "/admin/staff/me") return true;
  // Everyone's own devices for push notifications and their quiet hours (decision 111).
  if (["/admin/push-public-key", "/admin/push-subscriptions", "/admin/push-quiet-hours"].includes(path)) return true;
  const area = path.split("/")[2]!;
  const is = (...areas: string[]) => areas.includes(area);
  if (is("staff", "audit", "audit-log", "settings", "outbox")) return false;
  // Read-only vehicles: every GET under /admin/vehicles (list, price history, Buyers Guide) but the CSV export.
  if (role === "finance") return is("financing") || (is("vehicles") && method === "GET" && path !== "/admin/vehicles/export.csv");
  // Deleting a trade-in appraisal (and its photos) is the owner's alone.
  if (is("trade-ins") && method === "DELETE") return false;
  if (role === "sales")
    return is(
      "leads",
      "vehicles",
      "photos",
      "vin",
      "contact-submissions",
      "bookings",
      "trade-ins",
      "customers",
      "tasks",
      "deals",
      "visitor-stats",
      "active-visitors",
      "visitor-daily",
      "web-vitals",
      "reports",
    );
  return is("bookings");
}

let ipCounter = 0;
/** Failures count per client too: each failing call of the first suite comes from its own address. */
const freshIp = () => ({ "x-forwarded-for": `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}` });

const PUBLIC = new Set(["POST /admin/login", "POST /admin/mfa", "GET /admin/session", "POST /admin/setup", "POST /admin/logout"]);
/** Calls that would end the caller's own session: checked separately. */
const ENDS_SESSION = new Set(["POST /admin/logout", "POST /admin/logout-everywhere"]);

describe("staff accounts: two-step sign-in", () => {
  let server: TestServer;
  let owner: StaffClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true" } });
    owner = await signInOwner(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("enrolls at the first sign-in with a code computed from the secret, then asks only for a code", async () => {
    const email = "first.sign-in@example.com";
    const password = "a long and unusual passphrase";
    await createAccount(server, { email, name: "Casey First", role: "sales", password });
    const login = await postJson(server, "/api/admin/login", { email: email.toUpperCase(), password });
    expect(login.status).toBe(200);
    const answer = (await login.json()) as { next: string; otpauthUri: string; qrSvg: string; secret: string };
    expect(answer.next).toBe("enroll");
    expect(answer.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(answer.qrSvg.startsWith("<svg")).toBe(true);
    const secret = secretFromUri(answer.otpauthUri);
    expect(answer.secret).toBe(secret);
    const pendingLine = login.headers.getSetCookie().find((c) => c.startsWith("staff_pending="))!;
    expect(pendingLine).toMatch(/HttpOnly/);
    expect(pendingLine).toMatch(/SameSite=Strict/);
    expect(pendingLine).toMatch(/Max-Age=300/);
    // No session yet: the pending cookie opens nothing.
    expect((await call({ server, cookie: cookieOf(login, "staff_pending")! }, "/api/admin/bookings")).status).toBe(401);

    const { code, step } = await freshCode(secret);
    const mfa = await postJson(server, "/api/admin/mfa", { code }, { cookie: cookieOf(login, "staff_pending") });
    expect(mfa.status).toBe(200);
    noteStepUsed(server, email, secret, step);
    const body = (await mfa.json()) as { user: unknown; recoveryCodes: string[] };
    expect(body.user).toEqual({ email, name: "Casey First", role: "sales" });
    expect(body.recoveryCodes).toHaveLength(10);
    const sessionLine = mfa.headers.getSetCookie().find((c) => c.startsWith("staff_session="))!;
    expect(sessionLine).toMatch(/HttpOnly/);
    expect(sessionLine).toMatch(/SameSite=Strict/);
    expect(sessionLine).not.toMatch(/Max-Age|Expires=(?!Thu, 01 Jan 1970)/i);
    const client = { server, cookie: cookieOf(mfa, "staff_session")! };
    expect(await (await call(client, "/api/admin/session")).json()).toMatchObject({ user: { email, name: "Casey First", role: "sales" } });

    // The second sign-in asks for a code only, and gets a new session id.
    const again = await signIn(server, email, password);
    expect(again.recoveryCodes).toBeUndefined();
    expect(again.cookie).not.toBe(client.cookie);
    expect((await call({ server }, "/api/admin/session")).status).toBe(401);
  }, 180_000);

  it("refuses a wrong code, a replayed code and a recovery code used twice", async () => {
    const email = "codes@example.com";
    const password = "another unusual passphrase";
    await createAccount(server, { email, name: "Codes", role: "service", password });
    const first = await signIn(server, email, password);
    const recovery = first.recoveryCodes![0]!;

    const login = await postJson(server, "/api/admin/login", { email, password });
    expect(((await login.json()) as { next: string }).next).toBe("code");
    const pending = cookieOf(login, "staff_pending");
    const wrong = await postJson(server, "/api/admin/mfa", { code: "000000" }, { cookie: pending, headers: freshIp() });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid code. Please try again." });

    // The code signIn() just used: refused the second time, though still inside its time window.
    const replayed = TOTP.generate({ secret: Secret.fromBase32(first.secret), timestamp: first.step * 30_000 });
    const replay = await postJson(server, "/api/admin/mfa", { code: replayed }, { cookie: pending, headers: freshIp() });
    expect(replay.status).toBe(401);

    // A recovery code signs in once, in any case and grouping…
    const viaRecovery = await postJson(server, "/api/admin/mfa", { code: recovery.toLowerCase().replace(/-/g, " ") }, { cookie: pending });
    expect(viaRecovery.status).toBe(200);
    expect(cookieOf(viaRecovery, "staff_session")).toBeTruthy();
    // …and never again.
    const login2 = await postJson(server, "/api/admin/login", { email, password });
    const reuse = await postJson(
      server,
      "/api/admin/mfa",
      { code: recovery },
      { cookie: cookieOf(login2, "staff_pending"), headers: freshIp() },
    );
    expect(reuse.status).toBe(401);
    // A code without a pending sign-in, or with a forged one, is refused.
    expect((await postJson(server, "/api/admin/mfa", { code: "123456" })).status).toBe(401);
    expect((await postJson(server, "/api/admin/mfa", { code: "123456" }, { cookie: "staff_pending=x.1.y" })).status).toBe(401);
  }, 180_000);

  it("gives an unknown e-mail and a wrong password the same answer in similar time", async () => {
    // Production's scrypt cost, on a server of its own: at the test cost a check takes a few milliseconds,
    // and a missing dummy check would hide in the noise.
    const timed = await startTestServer({ env: { TRUST_PROXY: "true", PASSWORD_HASH_COST: PRODUCTION_PASSWORD_HASH_COST } });
    try {
      const headers = { "x-forwarded-for": "203.0.113.50" };
      const time = async (body: unknown) => {
        const t = performance.now();
        const res = await postJson(timed, "/api/admin/login", body, { headers });
        return { ms: performance.now() - t, status: res.status, body: await res.text(), cookies: res.headers.getSetCookie() };
      };
      const unknown = await time({ email: "nobody@example.com", password: "some password here" });
      const wrong = await time({ email: DEMO_OWNER.email, password: "some password here" });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(JSON.parse(wrong.body)).toEqual({ error: "Invalid email or password." });
      expect(unknown.cookies).toEqual([]);
      expect(wrong.cookies).toEqual([]);
      // Both spend one scrypt (~0.2 s or more): an unknown e-mail must not answer in a few milliseconds.
      expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
      expect(wrong.ms).toBeGreaterThan(unknown.ms / 4);
    } finally {
      await timed.stop();
    }
  }, 180_000);

  it("ends every session at once when an account is disabled, and refuses its sign-in", async () => {
    const sales = await signInAs(server, "sales", "Dana Disabled");
    const other = await signIn(server, sales.email, `long test passphrase ${sales.email.split(".")[2]} for sales`).catch(() => null);
    expect((await call(sales, "/api/admin/bookings")).status).toBe(200);
    const list = (await (await call(owner, "/api/admin/staff")).json()) as { id: string; email: string; disabled: boolean }[];
    const id = list.find((a) => a.email === sales.email)!.id;
    const res = await call(owner, `/api/admin/staff/${id}`, { method: "PATCH", body: { disabled: true } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { disabled: boolean }).disabled).toBe(true);
    expect((await call(sales, "/api/admin/bookings")).status).toBe(401);
    if (other) expect((await call(other, "/api/admin/bookings")).status).toBe(401);
    const login = await postJson(server, "/api/admin/login", { email: sales.email, password: "whatever it was" }, { headers: freshIp() });
    expect(login.status).toBe(401);
    // Enabled again, the person signs in again.
    expect((await call(owner, `/api/admin/staff/${id}`, { method: "PATCH", body: { disabled: false } })).status).toBe(200);
  }, 180_000);

  it("signs out everywhere, and a password change ends every session too", async () => {
    // Two accounts: each sign-in spends a TOTP time step the server then refuses to see again, and
    // one account has only two or three unused steps at hand; a fifth sign-in waited a minute.
    const everywhere = "everywhere@example.com";
    const everywherePassword = "everywhere passphrase one";
    await createAccount(server, { email: everywhere, name: "Eve Where", role: "service", password: everywherePassword });
    const a = await signIn(server, everywhere, everywherePassword);
    const b = await signIn(server, everywhere, everywherePassword);
    expect((await call(b, "/api/admin/logout-everywhere", { method: "POST" })).status).toBe(200);
    expect((await call(a, "/api/admin/bookings")).status).toBe(401);
    expect((await call(b, "/api/admin/bookings")).status).toBe(401);

    const email = "password-change@example.com";
    const password = "password change passphrase one";
    await createAccount(server, { email, name: "Pat Change", role: "service", password });
    const c = await signIn(server, email, password);
    const d = await signIn(server, email, password);
    const weak = await call(c, "/api/admin/password", { method: "POST", body: { currentPassword: password, newPassword: "password1234" } });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { fieldErrors: Record<string, string> }).fieldErrors.newPassword).toMatch(/too common/);
    const wrongCurrent = await call(c, "/api/admin/password", {
      method: "POST",
      body: { currentPassword: "nope", newPassword: "a new long passphrase" },
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await call(c, "/api/admin/password", {
      method: "POST",
      body: { currentPassword: password, newPassword: "a new long passphrase" },
    });
    expect(changed.status).toBe(200);
    expect((await call(c, "/api/admin/bookings")).status).toBe(401);
    expect((await call(d, "/api/admin/bookings")).status).toBe(401);
    expect((await postJson(server, "/api/admin/login", { email, password }, { headers: freshIp() })).status).toBe(401);
    await signIn(server, email, "a new long passphrase");
  }, 180_000);

  it("makes a one-time setup link that expires after 24 hours", async () => {
    const created = await call(owner, "/api/admin/staff", {
      method: "POST",
      body: { email: "New.Hire@Example.com", name: "New Hire", role: "finance" },
    });
    expect(created.status).toBe(201);
    const { id, setupUrl } = (await created.json()) as { id: string; setupUrl: string };
    expect(setupUrl).toMatch(/\/podium\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(setupUrl).searchParams.get("token")!;
    // Same e-mail, other case: taken.
    const dup = await call(owner, "/api/admin/staff", {
      method: "POST",
      body: { email: "new.hire@example.com", name: "Again", role: "sales" },
    });
    expect(dup.status).toBe(409);
    // Bad input: field messages.
    const bad = await call(owner, "/api/admin/staff", { method: "POST", body: { email: "nope", name: "", role: "janitor" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual(["email", "name", "role"]);
    // The database no longer lists the roles (decision 065): the app alone refuses one it does not know.
    const badRole = await call(owner, `/api/admin/staff/${id}`, { method: "PATCH", body: { role: "janitor" } });
    expect(badRole.status).toBe(400);
    expect(((await badRole.json()) as { fieldErrors: Record<string, string> }).fieldErrors.role).toBe("Choose a role.");

    const weak = await postJson(server, "/api/admin/setup", { token, password: "short" });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { fieldErrors: Record<string, string> }).fieldErrors.password).toMatch(/12 characters/);
    const common = await postJson(server, "/api/admin/setup", { token, password: "qwertyuiop123" });
    expect(common.status).toBe(400);
    const ok = await postJson(server, "/api/admin/setup", { token, password: "finance desk passphrase" });
    expect(ok.status).toBe(200);
    const again = await postJson(server, "/api/admin/setup", { token, password: "finance desk passphrase 2" });
    expect(again.status).toBe(410);
    const finance = await signIn(server, "new.hire@example.com", "finance desk passphrase");
    expect(await (await call(finance, "/api/admin/session")).json()).toMatchObject({ user: { role: "finance" } });

    // An expired link (the clock moved 24 h) is refused.
    const reissued = await call(owner, "/api/admin/staff", {
      method: "POST",
      body: { email: "late@example.com", name: "Late", role: "sales" },
    });
    const lateToken = new URL(((await reissued.json()) as { setupUrl: string }).setupUrl).searchParams.get("token")!;
    const { db } = openServerDatabase(server);
    await db
      .updateTable("staffSetupTokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("usedAt", "is", null)
      .execute();
    await db.destroy();
    expect((await postJson(server, "/api/admin/setup", { token: lateToken, password: "too late passphrase" })).status).toBe(410);
    // The setup page says so too.
    const page = await fetch(`${server.url}/podium/setup?token=${lateToken}`);
    expect(await page.text()).toContain("This setup link has expired or was already used");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  }, 180_000);

  it("protects the last active owner", async () => {
    const list = (await (await call(owner, "/api/admin/staff")).json()) as { id: string; email: string }[];
    const ownerId = list.find((a) => a.email === DEMO_OWNER.email)!.id;
    for (const body of [{ role: "sales" }, { disabled: true }]) {
      const res = await call(owner, `/api/admin/staff/${ownerId}`, { method: "PATCH", body });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: "The last active owner cannot be disabled or demoted." });
    }
    // With a second owner, the first may step down.
    const second = await signInAs(server, "owner", "Second Owner");
    const secondId = ((await (await call(second, "/api/admin/session")).json()) as { user: { email: string } }).user.email;
    expect(secondId).toBe(second.email);
    const renamed = await call(owner, `/api/admin/staff/${ownerId}`, { method: "PATCH", body: { name: "Demo Owner Renamed" } });
    expect(renamed.status).toBe(200);
  }, 180_000);

  it("resets a second factor: the person enrolls again, old sessions end", async () => {
    const service = await signInAs(server, "service", "Reset Me");
    const list = (await (await call(owner, "/api/admin/staff")).json()) as { id: string; email: string; mfaEnrolled: boolean }[];
    const row = list.find((a) => a.email === service.email)!;
    expect(row.mfaEnrolled).toBe(true);
    expect((await call(owner, `/api/admin/staff/${row.id}/reset-mfa`, { method: "POST" })).status).toBe(200);
    expect((await call(service, "/api/admin/bookings")).status).toBe(401);
    const login = await postJson(server, "/api/admin/login", {
      email: service.email,
      password: `long test passphrase ${service.email.split(".")[2]} for service`,
    });
    expect(((await login.json()) as { next: string }).next).toBe("enroll");
  }, 180_000);

  it("writes audit entries that name the person, paged and filtered by person and action", async () => {
    const res = await call(owner, "/api/admin/audit?limit=5");
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      entries: { actor: string; accountId: string; action: string; id: number }[];
      nextBefore: number;
      actions: string[];
    };
    expect(page.entries).toHaveLength(5);
    expect(page.nextBefore).toBe(page.entries.at(-1)!.id);
    expect(page.actions).toEqual(
      expect.arrayContaining([
        "sign-in",
        "sign-in-failed",
        "mfa-enrolled",
        "mfa-failed",
        "staff-create",
        "staff-disable",
        "mfa-reset",
        "password-set",
        "sign-out-everywhere",
        "password-changed",
      ]),
    );
    const next = (await (await call(owner, `/api/admin/audit?limit=5&before=${page.nextBefore}`)).json()) as typeof page;
    expect(next.entries[0]!.id).toBeLessThan(page.nextBefore);

    const list = (await (await call(owner, "/api/admin/staff")).json()) as { id: string; email: string }[];
    const ownerId = list.find((a) => a.email === DEMO_OWNER.email)!.id;
    const mine = (await (await call(owner, `/api/admin/audit?account=${ownerId}&action=staff-create&limit=200`)).json()) as typeof page;
    expect(mine.entries.length).toBeGreaterThanOrEqual(2);
    for (const e of mine.entries) expect(e).toMatchObject({ actor: DEMO_OWNER.email, accountId: ownerId, action: "staff-create" });
    const signIns = (await (await call(owner, `/api/admin/audit?account=${ownerId}&action=sign-in`)).json()) as typeof page;
    expect(signIns.entries[0]).toMatchObject({ actor: DEMO_OWNER.email, accountId: ownerId });
    expect((await call(owner, "/api/admin/audit?action=DROP%20TABLE")).status).toBe(400);
  });

  it("never logs or answers a password, hash, TOTP secret or recovery code", async () => {
    const email = "quiet@example.com";
    const password = "quiet and unusual passphrase";
    await createAccount(server, { email, name: "Quiet", role: "sales", password });
    const client = await signIn(server, email, password);
    const { db } = openServerDatabase(server);
    const row = await db.selectFrom("staffAccounts").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    await db.destroy();
    // At rest: the secret is encrypted, the codes hashed.
    expect(row.totpSecretEnc).not.toContain(client.secret);
    const answers = await Promise.all(
      ["/api/admin/staff", "/api/admin/audit?limit=200", "/api/admin/session"].map(async (p) => (await call(owner, p)).text()),
    );
    const logs = server.logs.join("\n");
    for (const text of [...answers, logs]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(DEMO_OWNER.password);
      expect(text).not.toContain(row.passwordHash!);
      expect(text).not.toContain("$scrypt$");
      expect(text).not.toContain(client.secret);
      for (const code of client.recoveryCodes!) expect(text).not.toContain(code);
    }
    expect(logs).toContain('"msg":"request"');
  }, 180_000);
});

describe("staff accounts: roles on every /api/admin route", () => {
  let server: TestServer;
  const clients = {} as Record<StaffRole, StaffClient>;
  beforeAll(async () => {
    server = await startTestServer();
    clients.owner = await signInOwner(server);
    for (const role of STAFF_ROLES.filter((r) => r !== "owner")) clients[role] = await signInAs(server, role);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists every route in the one route-to-roles table", () => {
    const routes = enumeratedRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((r) => !(r.key in ADMIN_ROUTE_ACCESS)).map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it("answers 401 without a session, 403 to a role the route is not for, and serves the others", async () => {
    for (const r of enumeratedRoutes()) {
      const body = r.method === "GET" || r.method === "DELETE" ? undefined : {};
      const anonymous = await call({ server }, r.url, { method: r.method, body });
      if (PUBLIC.has(r.key)) expect(anonymous.status, `anonymous ${r.key}`).not.toBe(403);
      else expect(anonymous.status, `anonymous ${r.key}`).toBe(401);
      if (ENDS_SESSION.has(r.key)) continue;
      for (const role of STAFF_ROLES) {
        const res = await call(clients[role], r.url, { method: r.method, body });
        if (expectedAllowed(role, r.key)) expect([401, 403], `${role} ${r.key} → ${res.status}`).not.toContain(res.status);
        else expect(res.status, `${role} ${r.key}`).toBe(403);
      }
    }
    // The dashboard's tab data: sales never sees financing applications.
    expect((await call(clients.sales, "/api/admin/financing")).status).toBe(403);
    expect((await call(clients.finance, "/api/admin/financing")).status).toBe(200);
    expect((await call(clients.finance, "/api/admin/vehicles")).status).toBe(200);
    expect((await call(clients.finance, `/api/admin/vehicles/${crypto.randomUUID()}`, { method: "DELETE" })).status).toBe(403);
    expect((await call(clients.service, "/api/admin/bookings")).status).toBe(200);
    expect((await call(clients.service, "/api/admin/contact-submissions")).status).toBe(403);
    // Finally the routes that end a session, for every role.
    for (const role of STAFF_ROLES) {
      expect((await call(clients[role], "/api/admin/logout-everywhere", { method: "POST" })).status, role).toBe(200);
      expect((await call(clients[role], "/api/admin/session")).status, role).toBe(401);
    }
  }, 180_000);
});

describe("staff accounts: throttling", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (email: string, password: string, ip: string) =>
    postJson(server, "/api/admin/login", { email, password }, { headers: { "x-forwarded-for": ip } });

  it("locks one account after 5 failures from any clients, even for the right password", async () => {
    for (let i = 0; i < 4; i++) expect((await login(DEMO_OWNER.email, "wrong password here", `198.51.100.${i + 1}`)).status).toBe(401);
    const fifth = await login(DEMO_OWNER.email, "wrong password here", "198.51.100.9");
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { error: string }).error).toMatch(/15 minutes/);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(800);
    const right = await login(DEMO_OWNER.email, DEMO_OWNER.password, "198.51.100.10");
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
  }, 180_000);

  it("locks one client after 30 failures across e-mails (unknown ones too), the same way", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 29; i++) expect((await login(`guess${i}@example.com`, "wrong password here", ip)).status).toBe(401);
    expect((await login("guess99@example.com", "wrong password here", ip)).status).toBe(429);
    expect((await login("another@example.com", "whatever password", ip)).status).toBe(429);
    // Another client is not affected.
    expect((await login("another@example.com", "whatever password", "192.0.2.78")).status).toBe(401);
  }, 180_000);

  it("counts wrong codes too", async () => {
    const email = "coder@example.com";
    const password = "coder unusual passphrase";
    await createAccount(server, { email, name: "Coder", role: "sales", password });
    const ip = "192.0.2.99";
    const first = await login(email, password, ip);
    const pending = cookieOf(first, "staff_pending");
    for (let i = 0; i < 4; i++) {
      const res = await postJson(server, "/api/admin/mfa", { code: "000000" }, { cookie: pending, headers: { "x-forwarded-for": ip } });
      expect(res.status).toBe(401);
    }
    const fifth = await postJson(server, "/api/admin/mfa", { code: "000000" }, { cookie: pending, headers: { "x-forwarded-for": ip } });
    expect(fifth.status).toBe(429);
    // The lock is kept in the database: a restarted server (or a second process) still sees it.
    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir, env: { TRUST_PROXY: "true" } });
    expect((await login(email, password, "192.0.2.100")).status).toBe(429);
  }, 180_000);
});
