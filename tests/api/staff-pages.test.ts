import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths, RETENTION_MONTHS } from "~/features/financing/financing-retention.server";
import type { Insertable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { DealTable } from "~/server/db/schema.server";
import type { Vehicle } from "~/shared/types/vehicle";
import { insertApplication } from "../support/admin-fixtures";
import { financingApplicationBody } from "../support/lead-delivery-helpers";
import { openServerDatabase } from "../support/server-database";
import { createAccount, DEMO_OWNER, freshCode, noteStepUsed, signIn, signInAs, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { tradeInRow } from "../support/trade-in-rows";
import { dealRow } from "../support/deal-rows";

/**
 * The staff app's pages on the server (docs/behaviour.md §2 Staff app, decisions 100 and 101): the
 * session and role checks of every staff route, the old links, the sign-in and the forms as posts
 * without JavaScript, the search. Every request here is what a browser without JavaScript sends.
 */

let server: TestServer;
let owner: StaffClient;
let sales: StaffClient;
let finance: StaffClient;
let service: StaffClient;
let customerId: string;
let applicationId: string;
let messageId: string;
let vehicleId: string;
let dealId: string;
let tradeInId: string;
let nextClient = 1;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A request as a browser sends it from a staff page: same-origin, the session cookie, no redirect followed. */
function page(path: string, who: StaffClient | null, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      "sec-fetch-site": "same-origin",
      ...(init.body !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...init.headers,
    },
    body: init.body,
  });
}
const post = (path: string, who: StaffClient | null, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  page(path, who, { method: "POST", body: form(fields), headers });

/** The vehicle the lot's tests change, as the JSON API lists it. */
async function storedVehicle(): Promise<Vehicle> {
  const all = (await (await page("/api/admin/vehicles", owner)).json()) as Vehicle[];
  return all.find((v) => v.id === vehicleId)!;
}

async function withDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openServerDatabase(server);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

async function sendMessage(firstName: string, email: string, phone: string) {
  const res = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${nextClient++}` },
    body: JSON.stringify({ firstName, lastName: "Silva", email, phone, message: "Is the Civic still available?" }),
  });
  expect(res.status).toBe(201);
  return withDb(async (db) => db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow());
}

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  owner = await signIn(server, DEMO_OWNER.email, DEMO_OWNER.password);
  [sales, finance, service] = [
    await signInAs(server, "sales", "Sam Sales"),
    await signInAs(server, "finance"),
    await signInAs(server, "service"),
  ];
  const message = await sendMessage("Maria", "maria.silva@example.com", "(978) 555-0134");
  customerId = message.customerId;
  messageId = message.id;
  applicationId = (await insertApplication(server)).id;
  vehicleId = await withDb(async (db) => (await db.selectFrom("vehicles").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
  // A deal sheet and a trade-in request, for their own pages.
  const publicPost = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${nextClient++}` },
      body: JSON.stringify(body),
    });
  const [vehicle] = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { id: string }[];
  const shopper = { firstName: "Rui", lastName: "Costa", email: "rui.costa@example.com", phone: "9785550199", locale: "pt" };
  const deal = await publicPost("/api/deals", {
    vehicleId: vehicle!.id,
    downPayment: 2000,
    tradeInValue: 0,
    tradeInPayoff: 0,
    creditBand: "good",
    termMonths: 60,
    ...shopper,
  });
  expect(deal.status).toBe(201);
  const tradeIn = await publicPost("/api/trade-ins", {
    vin: "",
    year: 2015,
    make: "Honda",
    model: "Fit",
    mileage: 90000,
    zip: "01420",
    condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
    photos: [],
    ...shopper,
  });
  expect(tradeIn.status).toBe(201);
  [dealId, tradeInId] = await withDb(async (db) => {
    // Nobody's leads: the counts of "my waiting leads" below are about Maria's message alone.
    await db.updateTable("leads").set({ assigneeId: null }).where("email", "=", shopper.email).execute();
    return [
      (await db.selectFrom("deals").select("id").where("email", "=", shopper.email).executeTakeFirstOrThrow()).id,
      (await db.selectFrom("tradeIns").select("id").where("email", "=", shopper.email).executeTakeFirstOrThrow()).id,
    ];
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("who may open each staff page, checked on the server", () => {
  // Written out here, apart from the route-policy table and STAFF_AREAS that the server reads.
  const screens: { path: () => string; roles: string[] }[] = [
    { path: () => "/podium/leads", roles: ["owner", "sales"] },
    { path: () => "/podium/customers", roles: ["owner", "sales"] },
    { path: () => `/podium/customers/${customerId}`, roles: ["owner", "sales"] },
    { path: () => "/podium/today", roles: ["owner", "sales"] },
    { path: () => "/podium/search?q=silva", roles: ["owner", "sales", "finance", "service"] },
    { path: () => "/podium/vehicles", roles: ["owner", "sales", "finance"] },
    { path: () => "/podium/vehicles?status=available&sort=price&dir=desc", roles: ["owner", "sales", "finance"] },
    // Finance reads the lot (a vehicle's page, read-only) but adds nothing to it.
    { path: () => `/podium/vehicles/${vehicleId}`, roles: ["owner", "sales", "finance"] },
    { path: () => "/podium/vehicles/new", roles: ["owner", "sales"] },
    { path: () => "/podium/financing", roles: ["owner", "finance"] },
    { path: () => `/podium/financing/${applicationId}`, roles: ["owner", "finance"] },
    { path: () => "/podium/messages", roles: ["owner", "sales"] },
    { path: () => `/podium/messages/${messageId}`, roles: ["owner", "sales"] },
    { path: () => "/podium/financing?status=new&decision=none", roles: ["owner", "finance"] },
    { path: () => "/podium/bookings?date=2026-12-01", roles: ["owner", "sales", "service"] },
    { path: () => "/podium/bookings", roles: ["owner", "sales", "service"] },
    { path: () => "/podium/trade-ins", roles: ["owner", "sales"] },
    { path: () => "/podium/deals", roles: ["owner", "sales"] },
    { path: () => `/podium/deals/${dealId}`, roles: ["owner", "sales"] },
    { path: () => `/podium/trade-ins/${tradeInId}`, roles: ["owner", "sales"] },
    { path: () => "/podium/services", roles: ["owner"] },
    { path: () => "/podium/reports/leads", roles: ["owner", "sales"] },
    { path: () => "/podium/reports/visitors", roles: ["owner", "sales"] },
    { path: () => "/podium/reports/alerts", roles: ["owner", "sales"] },
    { path: () => "/podium/reports/alerts?days=7", roles: ["owner", "sales"] },
    { path: () => "/podium/staff", roles: ["owner"] },
    { path: () => "/podium/audit", roles: ["owner"] },
    { path: () => "/podium/outbox", roles: ["owner"] },
    { path: () => "/podium/settings", roles: ["owner"] },
  ];
  const people = () => ({ owner, sales, finance, service });

  it("answers each role's pages 200 and the others 403, with no-store, never their data", async () => {
    for (const screen of screens) {
      for (const [role, who] of Object.entries(people())) {
        const res = await page(screen.path(), who);
        const html = await res.text();
        const allowed = screen.roles.includes(role);
        expect(res.status, `${role} ${screen.path()}`).toBe(allowed ? 200 : 403);
        expect(res.headers.get("cache-control"), `${role} ${screen.path()}`).toBe("no-store");
        if (!allowed) {
          expect(html, `${role} ${screen.path()}`).toContain("Your role does not allow this screen.");
          expect(html).not.toContain("maria.silva@example.com");
        }
      }
    }
  }, 120_000);

  it("refuses a deal's and a trade-in's posts to a role without their area, and a trade-in's deletion to all but the owner", async () => {
    const revise = { intent: "revise", dealId, downPayment: "1000", creditBand: "good", termMonths: "60" };
    expect((await post(`/podium/deals/${dealId}`, finance, revise)).status).toBe(403);
    expect((await post(`/podium/trade-ins/${tradeInId}`, service, { intent: "status", status: "closed" })).status).toBe(403);
    const refused = await post(`/podium/trade-ins/${tradeInId}?delete=1`, sales, { intent: "delete" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role does not allow this screen.");
    expect((await page(`/podium/trade-ins/${tradeInId}`, owner)).status).toBe(200);
    await withDb(async (db) => {
      expect(await db.selectFrom("deals").select("id").where("dealGroupId", "=", dealId).execute()).toHaveLength(1);
    });
  });

  it("filters the deals and the trade-ins by the status in the address, and answers an unknown status 400 by the filter", async () => {
    for (const list of ["/podium/deals", "/podium/trade-ins"]) {
      expect(await (await page(`${list}?status=new`, sales)).text(), list).toContain("Rui Costa");
      expect(await (await page(`${list}?status=closed`, sales)).text(), list).not.toContain("Rui Costa");
      const bogus = await page(`${list}?status=bogus`, sales);
      expect(bogus.status, list).toBe(400);
      const html = await bogus.text();
      expect(html, list).toMatch(/data-field-error="status"[^>]*>Status must be new, contacted or closed\./);
      expect(html, list).not.toContain("Rui Costa");
    }
  });

  it("refuses React Router's data requests for a page the role may not open the same way", async () => {
    for (const path of [`/podium/financing/${applicationId}.data`, "/podium/staff.data", "/podium/settings.data"]) {
      const res = await page(path, sales);
      const body = await res.text();
      expect(body, path).toContain("Your role does not allow this.");
      expect(body, path).not.toMatch(/Ana|ssn|123-45/i);
    }
    const customers = await page(`/podium/customers/${customerId}.data`, finance);
    expect(await customers.text()).not.toContain("maria.silva@example.com");
  });

  it("refuses a financing application's posts to a role that may not open it, before any action runs", async () => {
    for (const [who, intent] of [
      [sales, "reveal-ssn"],
      [service, "delete"],
      [sales, "decision"],
    ] as const) {
      const res = await post(`/podium/financing/${applicationId}`, who, { intent, who: "applicant", decision: "approved" });
      expect(res.status, intent).toBe(403);
      expect(await res.text(), intent).not.toContain("123-45-6789");
    }
    const row = await withDb((db) =>
      db.selectFrom("financingApplications").select(["creditDecision"]).where("id", "=", applicationId).executeTakeFirst(),
    );
    expect(row).toEqual({ creditDecision: null });
    const reveals = await withDb((db) => db.selectFrom("auditLog").select("id").where("action", "=", "reveal-ssn").execute());
    expect(reveals).toEqual([]);
  });

  it("sends a signed-out page load to sign in and back, and answers a signed-out post 401", async () => {
    const res = await page("/podium/leads?status=new&type=message", null);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/podium/sign-in?redirectTo=${encodeURIComponent("/podium/leads?status=new&type=message")}`);
    const note = await post(`/podium/customers/${customerId}`, null, { intent: "note", text: "Not signed in" });
    expect(note.status).toBe(401);
    expect(await note.text()).toContain("Your session has ended. Please sign in again.");
    expect(await withDb((db) => db.selectFrom("leadEvents").select("id").where("kind", "=", "note").execute())).toEqual([]);
  });

  it("refuses a cross-site post with a valid session, as the JSON API does", async () => {
    const crossSite = await post(
      `/podium/customers/${customerId}`,
      owner,
      { intent: "note", text: "From elsewhere" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    // A foreign Origin without Sec-Fetch-Site: React Router's own origin check refuses it first.
    const foreign = await post(
      `/podium/customers/${customerId}`,
      owner,
      { intent: "note", text: "From elsewhere" },
      { "sec-fetch-site": "", origin: "https://evil.example" },
    );
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    expect(await withDb((db) => db.selectFrom("leadEvents").select("id").where("kind", "=", "note").execute())).toEqual([]);
  });
});

describe("a staff path in every spelling (decision 087)", () => {
  it("is redirected to its one spelling for a page load and refused for a post, before any guard or action runs", async () => {
    const notes = async () => (await withDb((db) => db.selectFrom("leadEvents").select("id").where("kind", "=", "note").execute())).length;
    const before = await notes();
    for (const [variant, canonical] of [
      ["/PODIUM/leads", "/podium/leads"],
      ["/podium/%6Ceads", "/podium/leads"],
      ["//podium/today/", "/podium/today"],
      [`/Podium/Customers/${customerId}`, `/podium/customers/${customerId}`],
      [`/podium/customers/${customerId}.data`.replace("customers", "%63ustomers"), `/podium/customers/${customerId}.data`],
      ["/podium/sign-%69n", "/podium/sign-in"],
    ] as const) {
      const res = await page(`${variant}?status=new`, owner);
      expect(res.status, variant).toBe(308);
      expect(res.headers.get("location"), variant).toBe(`${canonical}?status=new`);
      const posted = await post(variant, owner, { intent: "note", text: "Another spelling" });
      expect(posted.status, `POST ${variant}`).toBe(400);
    }
    expect(await notes()).toBe(before);
    // The one spelling: the route table's staff row gives the page its headers.
    const plain = await page("/podium/leads", owner);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("no-store");
    expect(plain.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});

describe("/podium and the old dashboard's links", () => {
  it("takes each role to its first screen", async () => {
    const first = { owner: "/podium/leads", sales: "/podium/leads", finance: "/podium/financing", service: "/podium/bookings" };
    for (const [role, who] of Object.entries({ owner, sales, finance, service })) {
      const res = await page("/podium", who);
      expect(res.status, role).toBe(302);
      expect(res.headers.get("location"), role).toBe(first[role as keyof typeof first]);
    }
  });

  it("redirects every old ?tab=…&id=… link to its screen, and its record", async () => {
    const id = "3f0c9a1e-0000-4000-8000-000000000001";
    const cases: [string, string][] = [
      [`tab=financing&id=${id}`, `/podium/financing/${id}`],
      [`tab=deals&id=${id}`, `/podium/deals/${id}`],
      [`tab=tradeIns&id=${id}`, `/podium/trade-ins/${id}`],
      [`tab=customers&id=${id}`, `/podium/customers/${id}`],
      [`tab=messages&id=${id}`, `/podium/messages/${id}`],
      [`tab=bookings&id=${id}`, `/podium/bookings?id=${id}`],
      [`tab=vehicles&id=${id}`, `/podium/vehicles/${id}`],
      ["tab=leads", "/podium/leads"],
      ["tab=vehicles", "/podium/vehicles"],
      ["tab=financing", "/podium/financing"],
      ["tab=customers", "/podium/customers"],
      ["tab=today", "/podium/today"],
      ["tab=services", "/podium/services"],
      ["tab=visitors", "/podium/reports/visitors"],
      ["tab=reports", "/podium/reports/leads"],
      ["tab=staff", "/podium/staff"],
      ["tab=audit", "/podium/audit"],
      ["tab=outbox", "/podium/outbox"],
      ["tab=settings", "/podium/settings"],
      // An id that is no record id is dropped; a tab that never existed opens the first screen.
      ["tab=financing&id=x%3Cscript%3E", "/podium/financing"],
      ["tab=nonsense&id=x", "/podium/leads"],
    ];
    for (const [query, target] of cases) {
      const res = await page(`/podium?${query}`, owner);
      expect(res.status, query).toBe(302);
      expect(res.headers.get("location"), query).toBe(target);
    }
    // Signed out, the link survives the sign-in.
    const signedOut = await page(`/podium?tab=financing&id=${id}`, null);
    expect(signedOut.headers.get("location")).toBe(`/podium/sign-in?redirectTo=${encodeURIComponent(`/podium?tab=financing&id=${id}`)}`);
  });
});

describe("sign-in as form posts (no JavaScript)", () => {
  it("enrols a new person through the password, enrolment and recovery steps, then signs them in with a code, and signs out", async () => {
    const email = `pat.forms.${Date.now()}@example.com`;
    const password = "pat signs in without javascript";
    await createAccount(server, { email, name: "Pat Forms", role: "sales", password });
    const steps = (fields: Record<string, string>, cookie = "") =>
      page("/podium/sign-in?redirectTo=%2Fpodium%2Ftoday", null, { method: "POST", body: form(fields), headers: cookie ? { cookie } : {} });

    const wrong = await steps({ intent: "password", email, password: "not it", redirectTo: "/podium/today" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password.");

    const first = await steps({ intent: "password", email, password, redirectTo: "/podium/today" });
    expect(first.status).toBe(200);
    const pending = first.headers.getSetCookie().find((c) => c.startsWith("staff_pending="))!;
    expect(pending).toMatch(/Path=\/podium\/sign-in/);
    expect(pending).toMatch(/HttpOnly/);
    const html = await first.text();
    const secret = /data-testid="totp-secret"[^>]*>([^<]+)</.exec(html)![1]!.replace(/\s+/g, "");
    const pendingCookie = pending.split(";")[0]!;

    // A wrong first code shows the same key again, with the message by the field.
    const bad = await steps({ intent: "code", code: "000000", redirectTo: "/podium/today" }, pendingCookie);
    expect(bad.status).toBe(401);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Invalid code. Please try again.");
    expect(badHtml).toContain("aria-describedby");
    expect(/data-testid="totp-secret"[^>]*>([^<]+)</.exec(badHtml)![1]!.replace(/\s+/g, "")).toBe(secret);

    const code = await freshCode(secret);
    noteStepUsed(server, email, secret, code.step);
    const enrolled = await steps({ intent: "code", code: code.code, redirectTo: "/podium/today" }, pendingCookie);
    expect(enrolled.status).toBe(200);
    const enrolledHtml = await enrolled.text();
    expect(enrolledHtml).toContain("Your recovery codes");
    expect(enrolledHtml).toMatch(/href="\/podium\/today"[^>]*>I have saved my codes/);
    const session = enrolled.headers.getSetCookie().find((c) => c.startsWith("staff_session="))!;
    expect(session).toMatch(/Path=\/;/);
    const device = enrolled.headers.getSetCookie().find((c) => c.startsWith("staff_device="))!;
    expect(device).toMatch(/Path=\/podium\/sign-in/);
    const pat = { ...owner, cookie: session.split(";")[0]!, email };
    expect((await page("/podium/today", pat)).status).toBe(200);

    // Signed in again elsewhere with a code; then "sign out everywhere" ends both sessions.
    const again = await steps({ intent: "password", email, password, redirectTo: "/podium/leads" });
    const next = await freshCode(secret, code.step);
    noteStepUsed(server, email, secret, next.step);
    const second = await steps(
      { intent: "code", code: next.code, redirectTo: "/podium/leads" },
      again.headers.getSetCookie()[0]!.split(";")[0]!,
    );
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe("/podium/leads");
    const pat2 = {
      ...owner,
      cookie: second.headers
        .getSetCookie()
        .find((c) => c.startsWith("staff_session="))!
        .split(";")[0]!,
      email,
    };
    expect((await page("/podium/leads", pat2)).status).toBe(200);

    const out = await post("/podium/sign-out", pat2, { intent: "everywhere" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/podium/sign-in?notice=everywhere");
    expect(out.headers.getSetCookie().find((c) => c.startsWith("staff_session="))).toMatch(/Max-Age=0/);
    expect((await page("/podium/today", pat)).status).toBe(302);
    expect((await page("/podium/leads", pat2)).status).toBe(302);
    const notice = await page("/podium/sign-in?notice=everywhere", null);
    expect(await notice.text()).toContain("All your sessions have ended.");
  }, 120_000);

  it("never sends a person anywhere but a staff page after signing in", async () => {
    for (const [asked, landed] of [
      ["https://evil.example/", "/podium"],
      ["//evil.example/podium", "/podium"],
      ["/podium/sign-out", "/podium"],
      ["/podium/leads?status=new", "/podium/leads?status=new"],
    ]) {
      const res = await page(`/podium/sign-in?redirectTo=${encodeURIComponent(asked!)}`, owner);
      expect(res.status, asked).toBe(302);
      expect(res.headers.get("location"), asked).toBe(landed);
    }
  });
});

describe("the staff forms without JavaScript (one form path, one error shape)", () => {
  it("changes a lead's status from its record page, one way for every kind: 400 by the field, then 303 and the one stored status", async () => {
    const records = [
      { type: "message", id: messageId, path: `/podium/messages/${messageId}`, extra: {} },
      { type: "deal", id: dealId, path: `/podium/deals/${dealId}`, extra: { dealId } },
      { type: "trade-in", id: tradeInId, path: `/podium/trade-ins/${tradeInId}`, extra: {} },
    ] as const;
    const statusOf = (type: string, id: string) =>
      withDb(
        async (db) =>
          (await db.selectFrom("leads").select("status").where("type", "=", type).where("id", "=", id).executeTakeFirstOrThrow()).status,
      );
    for (const record of records) {
      const before = await statusOf(record.type, record.id);
      const refused = await post(record.path, owner, { intent: "status", status: "maybe", ...record.extra });
      expect(refused.status, record.path).toBe(400);
      expect(await refused.text(), record.path).toMatch(/data-field-error="status"[^>]*>Status must be new, contacted or closed\.</);
      expect(await statusOf(record.type, record.id)).toBe(before);
      const next = before === "closed" ? "contacted" : "closed";
      const saved = await post(record.path, owner, { intent: "status", status: next, ...record.extra });
      expect(saved.status, record.path).toBe(303);
      expect(await statusOf(record.type, record.id), record.path).toBe(next);
      await post(record.path, owner, { intent: "status", status: before, ...record.extra });
    }
  });

  it("answers a refused reply 400 with the message next to its field and what was typed, then post/redirect/get on success", async () => {
    const path = `/podium/customers/${customerId}`;
    const refused = await post(path, sales, { intent: "reply", subject: "", text: "Yes, it is here." });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const field = /<input[^>]*name="subject"[^>]*>/.exec(html)![0];
    expect(field).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(field)![1]!;
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Enter a subject\\.<`));
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*>Yes, it is here\.<\/textarea>/);
    // No raw JSON on the page.
    expect(html).not.toContain('{"error"');

    const sent = await post(path, sales, { intent: "reply", subject: "Your Civic", text: "Yes, it is here." });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(path);
    const flash = sent.headers.getSetCookie().find((c) => c.startsWith("staff_flash="))!;
    const after = await page(path, { ...sales, cookie: `${sales.cookie}; ${flash.split(";")[0]}` });
    const afterHtml = await after.text();
    expect(afterHtml).toMatch(/role="status"[^>]*>Reply queued</);
    expect(afterHtml).toContain("Reply sent: Your Civic");
    expect(after.headers.getSetCookie().find((c) => c.startsWith("staff_flash="))).toMatch(/Max-Age=0/);
  });

  it("shows a financing application's SSN masked, reveals it only in the answer to a post (audited), and refuses an early delete with its date", async () => {
    const path = `/podium/financing/${applicationId}`;
    const shown = await (await page(path, finance)).text();
    expect(shown).toContain("***-**-6789");
    expect(shown).not.toContain("123-45-6789");
    const revealed = await post(path, finance, { intent: "reveal-ssn", who: "applicant" });
    expect(revealed.status).toBe(200);
    expect(await revealed.text()).toContain("123-45-6789");
    expect(await (await page(path, finance)).text()).not.toContain("123-45-6789");
    const audited = await withDb((db) =>
      db.selectFrom("auditLog").select(["action", "entityId"]).where("action", "=", "reveal-ssn").execute(),
    );
    expect(audited).toEqual([{ action: "reveal-ssn", entityId: applicationId }]);

    const refused = await post(path, finance, { intent: "delete" });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toMatch(/Regulation B \(12 CFR 1002\.12\(b\)\)[^<]*it can be deleted from \d{4}-\d{2}-\d{2}/);
    expect(html).not.toContain('{"error"');
    expect(
      await withDb((db) => db.selectFrom("financingApplications").select("id").where("id", "=", applicationId).execute()),
    ).toHaveLength(1);
  });

  it("records the action taken from the application's page, with the date Regulation B counts from (decision 095)", async () => {
    const path = `/podium/financing/${applicationId}`;
    const refused = await post(path, finance, { intent: "decision", decision: "maybe" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const field = /<select[^>]*name="decision"[^>]*>/.exec(html)![0];
    expect(field).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(field)![1]!;
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Decision must be approved, declined or withdrawn\\.<`));

    const saved = await post(path, finance, { intent: "decision", decision: "declined" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(path);
    const row = await withDb((db) =>
      db
        .selectFrom("financingApplications")
        .select(["creditDecision", "actionTakenAt"])
        .where("id", "=", applicationId)
        .executeTakeFirstOrThrow(),
    );
    expect(row.creditDecision).toBe("declined");
    expect(Date.now() - Date.parse(row.actionTakenAt!)).toBeLessThan(60_000);
    const after = await (await page(path, finance)).text();
    expect(after).toContain(`Kept until ${addMonths(new Date(row.actionTakenAt!), RETENTION_MONTHS).toISOString().slice(0, 10)}`);
  });

  it("filters the financing list and messages through the URL, and refuses a bad filter by its field", async () => {
    const listed = await (await page("/podium/financing?status=new", finance)).text();
    expect(listed).toContain(`/podium/financing/${applicationId}`);
    const closed = await (await page("/podium/financing?status=closed", finance)).text();
    expect(closed).not.toContain(`/podium/financing/${applicationId}`);
    expect(closed).toContain("No application matches these filters.");
    const bad = await page("/podium/financing?status=maybe&before=nonsense", finance);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Choose new, contacted or closed.");
    expect(badHtml).toContain("This page link is not valid.");
    // The message's lead status as it stands (the reply above answered it): listed under it, not under another.
    const { status } = await withDb((db) =>
      db.selectFrom("leads").select("status").where("type", "=", "message").where("id", "=", messageId).executeTakeFirstOrThrow(),
    );
    const other = status === "closed" ? "new" : "closed";
    expect(await (await page(`/podium/messages?status=${status}`, sales)).text()).toContain(`/podium/messages/${messageId}`);
    expect(await (await page(`/podium/messages?status=${other}`, sales)).text()).not.toContain(`/podium/messages/${messageId}`);
  });

  it("answers a refused vehicle form 400 with the price's message next to it and the form as typed, then post/redirect/get on success", async () => {
    const path = `/podium/vehicles/${vehicleId}`;
    const vehicle = await storedVehicle();
    const fields = {
      intent: "save",
      vin: vehicle.vin,
      year: String(vehicle.year),
      make: vehicle.make,
      model: vehicle.model,
      price: "cheap",
      mileage: String(vehicle.mileage),
      transmission: vehicle.transmission,
      drivetrain: vehicle.drivetrain,
      bodyStyle: vehicle.bodyStyle,
      exteriorColor: vehicle.exteriorColor,
      features: vehicle.features.join(", "),
      description: vehicle.description ?? "",
      stockNumber: vehicle.stockNumber ?? "",
      trim: vehicle.trim ?? "",
      fuelType: vehicle.fuelType ?? "",
      status: vehicle.status,
      dateInStock: vehicle.dateInStock,
      warrantyType: vehicle.warrantyType,
      termsMode: "statutory",
    };
    const body = new URLSearchParams(fields);
    for (const url of vehicle.images) body.append("images", /\/images\/([0-9a-f]{32})-1200\.jpg$/.exec(url)![1]!);
    const send = (changes: Record<string, string>, who: StaffClient = sales) => {
      const posted = new URLSearchParams(body);
      for (const [name, value] of Object.entries(changes)) posted.set(name, value);
      return page(path, who, { method: "POST", body: posted.toString() });
    };

    const refused = await send({ make: "Hondda" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const price = /<input[^>]*name="price"[^>]*>/.exec(html)![0];
    expect(price).toContain('aria-invalid="true"');
    expect(price).toContain('value="cheap"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(price)![1]!;
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>[^<]*[Pp]rice[^<]*<`));
    // What was typed stays in the form; nothing was saved.
    expect(/<input[^>]*name="make"[^>]*>/.exec(html)![0]).toContain('value="Hondda"');
    expect(html).not.toContain('{"error"');
    const unchanged = await storedVehicle();
    expect([unchanged.make, unchanged.price]).toEqual([vehicle.make, vehicle.price]);

    // Finance reads the lot but may not change it.
    expect((await send({ price: String(vehicle.price - 500) }, finance)).status).toBe(403);

    const saved = await send({ price: String(vehicle.price - 500) });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(path);
    const flash = saved.headers.getSetCookie().find((c) => c.startsWith("staff_flash="))!;
    const after = await page(path, { ...sales, cookie: `${sales.cookie}; ${flash.split(";")[0]}` });
    const afterHtml = await after.text();
    expect(afterHtml).toContain("Vehicle updated successfully");
    expect(/<input[^>]*name="price"[^>]*>/.exec(afterHtml)![0]).toContain(`value="${vehicle.price - 500}"`);
    // The price history on the page shows the change.
    expect(afterHtml).toMatch(/data-testid="price-history"[\s\S]*\$[\d,]+[\s\S]*\$[\d,]+/);
    const stored = await storedVehicle();
    expect(stored.price).toBe(vehicle.price - 500);
  });

  it("keeps the lot's filters, order and page in the URL, and changes a vehicle's status from its row without JavaScript", async () => {
    const list = await (await page("/podium/vehicles?status=available&sort=price&dir=desc", sales)).text();
    expect(list).toMatch(/<select[^>]*name="status"[^>]*>[\s\S]*?<option value="available" selected=""/);
    // The current order is marked among the list's orders and says its direction (decision 132).
    expect(list).toMatch(/<a[^>]*aria-current="true"[^>]*>Price<svg[\s\S]{0,600}?<span class="sr-only">\(descending\)<\/span><\/a>/);
    const bad = await (await page("/podium/vehicles?minDays=soon", sales)).text();
    expect(bad).toContain("Give a whole number of days, 0 or more");
    const changed = await post("/podium/vehicles?status=available", sales, { intent: "status", id: vehicleId, status: "pending" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/podium/vehicles?status=available");
    const stored = await storedVehicle();
    expect(stored.status).toBe("pending");
    await post("/podium/vehicles", sales, { intent: "status", id: vehicleId, status: "available" });
  });

  it("answers React Router's post (with JavaScript) with the toast instead of a redirect", async () => {
    const res = await post(`/podium/customers/${customerId}.data`, sales, { intent: "note", text: "Called, will visit Saturday" });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Note saved");
    expect(res.headers.get("location")).toBeNull();
  });

  it("reads a task's due time on the dealership's clock", async () => {
    const assigneeId = await withDb(
      async (db) => (await db.selectFrom("staffAccounts").select("id").where("email", "=", sales.email).executeTakeFirstOrThrow()).id,
    );
    const res = await post(`/podium/customers/${customerId}`, sales, {
      intent: "task",
      kind: "call",
      dueAt: "2030-01-15T14:05",
      assigneeId,
      note: "",
    });
    expect(res.status).toBe(303);
    const task = await withDb((db) =>
      db.selectFrom("tasks").select("dueAt").where("customerId", "=", customerId).executeTakeFirstOrThrow(),
    );
    // 2:05 PM in Fitchburg in January is 19:05 UTC.
    expect(task.dueAt).toBe("2030-01-15T19:05:00.000Z");
    const bad = await post(`/podium/customers/${customerId}`, sales, { intent: "task", kind: "call", dueAt: "soon", assigneeId, note: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/data-field-error="dueAt"[^>]*>Enter the date and time it is due\.</);
  });

  it("sets do not contact per channel on the record's own form (decision 094), and the reply form then says why it is gone", async () => {
    const path = `/podium/customers/${customerId}`;
    const stored = async () => {
      const res = await fetch(`${server.url}/api/admin/customers/${customerId}`, { headers: { cookie: sales.cookie } });
      return ((await res.json()) as { doNotContact: { channel: string; source: string }[] }).doNotContact;
    };
    const before = await page(path, sales);
    const html = await before.text();
    expect(html).toContain('data-testid="contact-preferences"');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="doNotContact"[^>]*value="email"/);

    const refused = await post(path, sales, { intent: "contact-preferences", doNotContact: "email" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(path);
    expect((await stored()).map((r) => [r.channel, r.source])).toEqual([["email", "staff"]]);
    const after = await (await page(path, sales)).text();
    expect(after).toMatch(/data-testid="do-not-contact-badge"[^>]*>Do not contact by E-mail</);
    expect(after).toContain("This customer asked not to be e-mailed: no reply can be sent (see Do not contact).");
    expect(after).not.toMatch(/<input[^>]*name="subject"/);
    // The server refuses a reply posted anyway, as the API does.
    const reply = await post(path, sales, { intent: "reply", subject: "Still here?", text: "Hello again." });
    expect(reply.status).toBe(409);

    // No box ticked: e-mail is allowed again.
    const lifted = await post(path, sales, { intent: "contact-preferences" });
    expect(lifted.status).toBe(303);
    expect(await stored()).toEqual([]);
  });

  it("keeps the inbox's filters and page in the URL, and changes a lead's status from its row", async () => {
    const second = await sendMessage("Jose", "jose.silva@example.com", "(978) 555-0135");
    const all = await (await page("/podium/leads?type=message&limit=1", owner)).text();
    expect([...all.matchAll(/data-lead="([^"]+)"/g)].map((m) => m[1])).toEqual([`message/${second.id}`]);
    const older = /href="(\/podium\/leads\?[^"]*before=[^"]+)"/.exec(all)![1]!.replaceAll("&amp;", "&");
    expect(older).toContain("type=message");
    const next = await (await page(older, owner)).text();
    expect(next).toContain('data-lead="message/');
    expect(next).not.toContain(`data-lead="message/${second.id}"`);

    const invalid = await page("/podium/leads?status=maybe", owner);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toMatch(/data-field-error="status"[^>]*>Choose new, contacted or closed\.</);

    // A row's form posts its key, which names what it asks and the lead (decision 131).
    const changed = await post("/podium/leads?type=message", sales, { form: `status:message/${second.id}`, status: "contacted" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/podium/leads?type=message");
    expect(await withDb((db) => db.selectFrom("leads").select("status").where("id", "=", second.id).executeTakeFirstOrThrow())).toEqual({
      status: "contacted",
    });
    // A financing application's status stays with owners and finance (docs/behaviour.md §17).
    const financingLead = await withDb((db) =>
      db.selectFrom("leads").select(["type", "id"]).where("type", "=", "financing").executeTakeFirst(),
    );
    if (financingLead) {
      const refused = await post("/podium/leads", sales, { form: `status:financing/${financingLead.id}`, status: "closed" });
      expect(refused.status).toBe(403);
    }
  });

  it("offers a lead only to those who may hold it, and Take only to a person who may (decision 089)", async () => {
    const applied = await fetch(`${server.url}/api/financing`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${nextClient++}` },
      body: JSON.stringify(await financingApplicationBody({ email: "hold.test@example.com", phone: "(978) 555-0177", locale: "en" })),
    });
    expect(applied.status).toBe(201);
    const selects = (html: string) => [...html.matchAll(/<select[^>]*name="assigneeId"[^>]*>([\s\S]*?)<\/select>/g)].map((m) => m[1]!);
    // A financing application: finance and owners only, and no "Take" for a salesperson.
    const financing = await (await page("/podium/leads?type=financing", sales)).text();
    expect(selects(financing).length).toBeGreaterThan(0);
    for (const options of selects(financing)) {
      expect(options).toContain(">finance person<");
      expect(options).not.toContain(">Sam Sales<");
    }
    expect(financing).not.toMatch(/aria-label="Take /);
    // A message: owners and salespeople, not finance.
    const messages = await (await page("/podium/leads?type=message", sales)).text();
    expect(selects(messages).length).toBeGreaterThan(0);
    for (const options of selects(messages)) {
      expect(options).toContain(">Sam Sales<");
      expect(options).not.toContain(">finance person<");
    }
  });

  it("shows a person the leads waiting for them, in the inbox and as the navigation's count", async () => {
    const mine = await withDb((db) =>
      db.selectFrom("leads").selectAll().where("email", "=", "maria.silva@example.com").executeTakeFirstOrThrow(),
    );
    const salesId = await withDb(
      async (db) => (await db.selectFrom("staffAccounts").select("id").where("email", "=", sales.email).executeTakeFirstOrThrow()).id,
    );
    await withDb((db) =>
      db.updateTable("leads").set({ assigneeId: salesId, status: "new", firstResponseAt: null }).where("id", "=", mine.id).execute(),
    );
    const html = await (await page("/podium/today", sales)).text();
    expect(html).toMatch(/data-testid="count-leads"[^>]*>[\s\S]*?1 lead waiting for you/);
    const inbox = await (await page("/podium/leads", sales)).text();
    expect(inbox).toMatch(/data-testid="mine-waiting"[\s\S]*?Maria Silva/);
  });
});

describe("the search (/podium/search?q=)", () => {
  it("finds customers, vehicles and leads for a salesperson, only vehicles for finance, nothing for service", async () => {
    const vehicle = await withDb((db) =>
      db
        .selectFrom("vehicles")
        .select(["id", "year", "make", "model", "vin", "stockNumber"])
        .where("status", "!=", "sold")
        .executeTakeFirstOrThrow(),
    );
    const byName = await (await page("/podium/search?q=silva", sales)).text();
    expect(byName).toMatch(/data-testid="customer-results"[\s\S]*Maria Silva/);
    expect(byName).toMatch(/data-testid="lead-results"[\s\S]*Maria Silva/);
    const byPhone = await (await page(`/podium/search?q=${encodeURIComponent("978-555-0134")}`, sales)).text();
    expect(byPhone).toMatch(/data-testid="lead-results"[\s\S]*Maria Silva/);
    for (const q of [vehicle.stockNumber!, vehicle.vin.slice(-8), `${vehicle.year} ${vehicle.make} ${vehicle.model}`]) {
      const html = await (await page(`/podium/search?q=${encodeURIComponent(q)}`, finance)).text();
      expect(html, q).toMatch(/data-testid="vehicle-results"/);
      expect(html, q).toContain(vehicle.vin);
      // The result opens the vehicle's own page, not the list filtered by it.
      expect(html, q).toContain(`href="/podium/vehicles/${vehicle.id}"`);
      expect(html, q).not.toMatch(/href="\/podium\/vehicles\?q=/);
      expect(html, q).not.toContain("customer-results");
      expect(html, q).not.toContain("lead-results");
    }
    const none = await (await page("/podium/search?q=silva", service)).text();
    expect(none).toContain("Nothing matches.");
    expect(none).not.toContain("Maria Silva");
  });
});

describe("the trade-ins list in pages (decision 128)", () => {
  it("shows the newest 50 requests and links the older ones by the address; a page link it did not write is a 400", async () => {
    await withDb(async (db) => {
      const rows = Array.from({ length: 60 }, (_, i) => {
        const createdAt = new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString();
        return tradeInRow({
          id: crypto.randomUUID(),
          year: 2010,
          make: "Toyota",
          model: `Paged ${String(i).padStart(2, "0")}`,
          firstName: "Olga",
          lastName: "Older",
          email: `olga.${i}@example.com`,
          phone: "9785550100",
          createdAt,
        });
      });
      await db.insertInto("tradeIns").values(rows).execute();
    });
    const total = await withDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("tradeIns")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const cards = (html: string) => html.match(/data-testid="trade-in-card"/g)?.length ?? 0;
    const first = await (await page("/podium/trade-ins", sales)).text();
    expect(first).toContain(`${total} trade-in requests`);
    expect(cards(first)).toBe(50);
    // Newest first: the shoppers' own request, then the latest of the 60.
    expect(first).toContain("Rui Costa");
    expect(first).toContain("Paged 59");
    expect(first).not.toContain("Paged 00");
    const older = /href="\/podium\/trade-ins\?before=([^"]+)"[^>]*>Older requests</.exec(first)?.[1];
    expect(older).toBeTruthy();
    const second = await (await page(`/podium/trade-ins?before=${older}`, sales)).text();
    expect(cards(second)).toBe(total - 50);
    expect(second).toContain("Paged 00");
    expect(second).not.toContain("Paged 59");
    expect(second).toContain("Newest requests");
    expect(second).not.toContain("Older requests");
    // The status filter pages the same way, and keeps the status in the page link.
    const closed = await (await page("/podium/trade-ins?status=new", sales)).text();
    expect(closed).toMatch(/href="\/podium\/trade-ins\?status=new&amp;before=[^"]+"[^>]*>Older requests</);
    const bogus = await page("/podium/trade-ins?before=not-a-page", sales);
    expect(bogus.status).toBe(400);
    const html = await bogus.text();
    expect(html).toContain("This page link is not valid.");
    expect(cards(html)).toBe(0);
  });
});

describe("the deals list in pages (decision 128)", () => {
  it("shows the newest 50 deals' current versions with their earlier versions counted, and links the older ones by the address", async () => {
    // 60 more deals a minute apart; the deal of minute 30 has three versions,
    // the first two replaced (as a revision leaves them), so it is one deal with 2 earlier versions.
    const revisedGroup = crypto.randomUUID();
    const [v1, v2] = [crypto.randomUUID(), crypto.randomUUID()];
    await withDb(async (db) => {
      const copy = (i: number, fields: Partial<Insertable<DealTable>> = {}) =>
        dealRow({
          id: crypto.randomUUID(),
          vehicleModel: `Paged ${String(i).padStart(2, "0")}`,
          firstName: "Olga",
          lastName: "Older",
          email: `olga.deal.${i}@example.com`,
          phone: "9785550100",
          createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
          validUntil: "2026-01-31",
          ...fields,
        });
      const rows = Array.from({ length: 60 }, (_, i) => copy(i, i === 30 ? { id: revisedGroup, version: 3 } : {}));
      rows.push(
        copy(30, { id: v1, dealGroupId: revisedGroup, version: 1, replacedById: v2, createdAt: "2025-12-01T12:00:00.000Z" }),
        copy(30, { id: v2, dealGroupId: revisedGroup, version: 2, replacedById: revisedGroup, createdAt: "2025-12-02T12:00:00.000Z" }),
      );
      await db.insertInto("deals").values(rows).execute();
    });
    const total = await withDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("deals")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("replacedById", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const cards = (html: string) => html.match(/data-testid="deal-card"/g)?.length ?? 0;
    const first = await (await page("/podium/deals", sales)).text();
    expect(first).toContain(`${total} deal sheets`);
    expect(cards(first)).toBe(50);
    // Newest first: the shopper's own sheet, then the latest of the 60.
    expect(first).toContain("Rui Costa");
    expect(first).toContain("Paged 59");
    expect(first).not.toContain("Paged 00");
    // A card's data is what it shows (decision 131): no shopper's contacts or estimate in the page.
    expect(first).not.toContain("olga.deal.59@example.com");
    expect(first).not.toContain("monthlyPayment");
    // The revised deal is one card, its third version, with its two earlier versions counted.
    const revisedCard = first.slice(first.indexOf(`/podium/deals/${revisedGroup}`));
    expect(revisedCard.slice(0, revisedCard.indexOf("</li>"))).toMatch(/Version 3<!-- --> · 2 earlier versions/);
    // Its replaced versions are not cards of their own, on this page or the next.
    expect(first).not.toContain(v1);
    expect(first).not.toContain(v2);
    const older = /href="\/podium\/deals\?before=([^"]+)"[^>]*>Older deal sheets</.exec(first)?.[1];
    expect(older).toBeTruthy();
    const second = await (await page(`/podium/deals?before=${older}`, sales)).text();
    expect(cards(second)).toBe(total - 50);
    expect(second).toContain("Paged 00");
    expect(second).not.toContain("Paged 59");
    expect(second).toContain("Newest deal sheets");
    expect(second).not.toContain("Older deal sheets");
    expect(second).not.toContain(v1);
    expect(second).not.toContain(v2);
    // The status filter pages the same way and keeps the status in the page link; it leaves out the others.
    await withDb(async (db) => {
      // The revised deal's lead (a copy of Rui Costa's), closed.
      const lead = await db.selectFrom("leads").selectAll().where("type", "=", "deal").where("id", "=", dealId).executeTakeFirstOrThrow();
      await db
        .insertInto("leads")
        .values({ ...lead, id: revisedGroup, status: "closed" })
        .execute();
    });
    const fresh = await (await page("/podium/deals?status=new", sales)).text();
    expect(fresh).toMatch(/href="\/podium\/deals\?status=new&amp;before=[^"]+"[^>]*>Older deal sheets</);
    expect(fresh).not.toContain(`/podium/deals/${revisedGroup}`);
    const bogus = await page("/podium/deals?before=not-a-page", sales);
    expect(bogus.status).toBe(400);
    const html = await bogus.text();
    expect(html).toContain("This page link is not valid.");
    expect(cards(html)).toBe(0);
  });
});
