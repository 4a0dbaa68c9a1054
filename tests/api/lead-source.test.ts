import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadReport } from "~/features/leads/lead-report-types";
import { type Db } from "~/server/db/database.server";
import { parseStoredLeadSource } from "~/shared/leads/lead-source";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { civicDataDir } from "../support/civic-data-dir";
import { adfDtdErrors } from "../support/adf-dtd";
import { recipients, sleep } from "../support/lead-delivery-helpers";
import { openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { createAccount, signIn, signInAs, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Where each lead came from and the lead report (docs/decisions/078-lead-source-and-lead-report.md),
 * against the real server: the first-party cookie a campaign's landing sets (on a cached page too),
 * the source stored with the lead and carried in its ADF, the feeds' tagged links, what is dropped,
 * and the report's figures for leads this test makes.
 */

const ADF_TO = "crm@dealer.test";
const PUBLIC_URL = "https://www.dealer.test";
const COOKIE = "lead_source";
let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;

const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers: { "X-Forwarded-For": client(), ...headers }, redirect: "manual" });

/** The lead_source Set-Cookie line of an answer, or undefined. */
const sourceSetCookie = (res: Response) => res.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`));
/** "lead_source=…" for a Cookie header. */
const cookiePair = (line: string) => line.split(";", 1)[0]!;

function postContact(server: TestServer, cookie: string | null, firstName: string, email: string) {
  return fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ firstName, lastName: "Silva", email, phone: "9785550100", message: "Is it still for sale?", hasTradeIn: false }),
  });
}

async function withDb<T>(server: TestServer, run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openServerDatabase(server);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

const leadByEmail = (server: TestServer, email: string) =>
  withDb(server, (db) => db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow());

function call(who: StaffClient, url: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${who.server.url}${url}`, {
    method: init.method ?? "GET",
    headers: {
      cookie: who.cookie,
      origin: who.server.url,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

async function oneVehicleDataDir(): Promise<{ dir: string; path: string }> {
  const { dir, vehicleId } = await civicDataDir({ prefix: "lead-source" });
  return { dir, path: vehiclePath({ id: vehicleId, year: 2019, make: "Honda", model: "Civic" }) };
}

describe("lead source: the cookie, the lead, its ADF and the feeds", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let listedPath: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const data = await oneVehicleDataDir();
    listedPath = data.path;
    server = await startTestServer({ dataDir: data.dir, env: { SMTP_URL: smtp.url, ADF_TO, TRUST_PROXY: "true", PUBLIC_URL } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("a visit to /?utm_source=google&utm_campaign=fall (a cached page) sets a 30-day first-party cookie; the contact lead stores it and its ADF carries it", async () => {
    const landing = "/?utm_source=google&utm_campaign=fall";
    // Twice: the second answer comes from the document cache and must set the cookie all the same.
    await get(server, landing);
    const res = await get(server, landing);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-document-cache")).toBe("hit");
    const line = sourceSetCookie(res)!;
    expect(line).toBeDefined();
    expect(line).toMatch(/; Max-Age=2592000(;|$)/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Secure/);
    expect(line).not.toMatch(/Domain=/i);

    expect((await postContact(server, cookiePair(line), "Maria", "maria.google@example.com")).status).toBe(201);
    const lead = await leadByEmail(server, "maria.google@example.com");
    // The campaign only: never the address visited, which could hold a token (decision 087).
    expect(parseStoredLeadSource(lead.source)).toEqual({ utmSource: "google", utmCampaign: "fall" });
    expect(JSON.parse(lead.source!)).toEqual({ utmSource: "google", utmCampaign: "fall" });

    const deadline = Date.now() + 30_000;
    while (!smtp.mails.some((m) => recipients(m) === ADF_TO) && Date.now() < deadline) await sleep(100);
    const adf = smtp.mails.find((m) => recipients(m) === ADF_TO)!;
    expect(adf).toBeDefined();
    const xml = adf.parsed.text!;
    expect(adfDtdErrors(xml)).toBe("");
    expect(xml).toContain("<service>contact form via google / fall</service>");
    expect(xml).toContain(`<url>${PUBLIC_URL}</url>`);
    expect(xml).toContain("Source: google / fall");
    expect(xml).not.toContain("landing");
  }, 60_000);

  it("the form posted without JavaScript stores the source too", async () => {
    const line = sourceSetCookie(await get(server, "/contact?utm_source=newsletter&utm_medium=email&gclid=Cj0KCQ_abc-123"))!;
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client(), cookie: cookiePair(line) },
      body: new URLSearchParams({
        firstName: "Ana",
        lastName: "Costa",
        email: "ana.form@example.com",
        phone: "9785550101",
        message: "Is the Civic still available?",
      }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent!");
    const lead = await leadByEmail(server, "ana.form@example.com");
    expect(parseStoredLeadSource(lead.source)).toMatchObject({ utmSource: "newsletter", utmMedium: "email", gclid: "Cj0KCQ_abc-123" });
  });

  it("a referral sets the cookie only when there is none; our own pages never do; a new campaign replaces it", async () => {
    const referral = sourceSetCookie(await get(server, "/inventory", { referer: "https://l.facebook.com/some/path?x=1" }))!;
    expect(referral).toBeDefined();
    // The referring site's host only: not its scheme, path or query.
    expect(decodeURIComponent(cookiePair(referral))).toContain("referrer=l.facebook.com");
    expect(cookiePair(referral)).not.toContain("some");
    expect(cookiePair(referral)).not.toContain("https");

    const campaign = cookiePair(sourceSetCookie(await get(server, "/?utm_source=google&utm_medium=cpc"))!);
    // Another site without campaign parameters keeps the campaign (the last non-direct campaign touch).
    expect(sourceSetCookie(await get(server, "/inventory", { referer: "https://www.bing.com/", cookie: campaign }))).toBeUndefined();
    // Our own pages and direct visits are no source.
    expect(sourceSetCookie(await get(server, "/inventory", { referer: `${server.url}/` }))).toBeUndefined();
    expect(sourceSetCookie(await get(server, "/inventory", { referer: `${PUBLIC_URL}/used-cars` }))).toBeUndefined();
    expect(sourceSetCookie(await get(server, "/inventory"))).toBeUndefined();
    // A new campaign replaces the old one.
    const replaced = sourceSetCookie(await get(server, "/inventory?utm_source=facebook&utm_campaign=winter", { cookie: campaign }))!;
    expect(decodeURIComponent(cookiePair(replaced))).toContain("utmSource=facebook");
    // Data requests, the dashboard and the feeds are no landing.
    expect(sourceSetCookie(await get(server, "/podium?utm_source=google"))).toBeUndefined();
    expect(sourceSetCookie(await get(server, "/feeds/meta-vehicles.csv?utm_source=google"))).toBeUndefined();
  });

  it("is Secure when the site is reached over HTTPS", async () => {
    const line = sourceSetCookie(await get(server, "/?utm_source=google", { "X-Forwarded-Proto": "https" }))!;
    expect(line).toMatch(/; Secure/);
  });

  it("drops garbage and oversized parameters, and a forged cookie's bad fields", async () => {
    // Nothing valid: no cookie at all.
    const junk = `/?utm_source=${encodeURIComponent("<script>alert(1)</script>")}&utm_campaign=${"x".repeat(500)}&gclid=${encodeURIComponent("a b;c")}`;
    expect(sourceSetCookie(await get(server, junk))).toBeUndefined();

    // The valid ones kept, and no page address.
    const mixed = `/inventory?utm_source=google&utm_medium=${encodeURIComponent('"><img>')}&fbclid=${"f".repeat(300)}&pad=${"p".repeat(400)}`;
    const line = sourceSetCookie(await get(server, mixed))!;
    expect(line.length).toBeLessThanOrEqual(1024);
    expect((await postContact(server, cookiePair(line), "Rui", "rui.mixed@example.com")).status).toBe(201);
    expect(parseStoredLeadSource((await leadByEmail(server, "rui.mixed@example.com")).source)).toEqual({ utmSource: "google" });

    // A cookie the client wrote itself is read through the same checks.
    const forged = `${COOKIE}=${new URLSearchParams({ utmSource: "<b>x</b>", utmCampaign: "spring", landingPage: "//evil.example/", referrer: "javascript:alert(1)" })}`;
    expect((await postContact(server, forged, "Eva", "eva.forged@example.com")).status).toBe(201);
    expect(JSON.parse((await leadByEmail(server, "eva.forged@example.com")).source!)).toEqual({ utmCampaign: "spring" });

    // Too big to be a cookie of ours: no source, and still a lead.
    expect((await postContact(server, `${COOKIE}=utmSource=${"g".repeat(5000)}`, "Ivo", "ivo.big@example.com")).status).toBe(201);
    expect((await leadByEmail(server, "ivo.big@example.com")).source).toBeNull();
  });

  it("the Google and Meta feeds' vehicle links carry utm_source and utm_medium=vehicle_listings, and following one attributes the lead", async () => {
    const base = `${PUBLIC_URL}${listedPath}`;
    const google = await (await get(server, "/feeds/google-vehicles.tsv")).text();
    expect(google).toContain(`\t${base}?utm_source=google&utm_medium=vehicle_listings\t`);
    const ads = await (await get(server, "/feeds/google-vehicle-ads.tsv")).text();
    expect(ads).toContain(`\t${base}?utm_source=google&utm_medium=vehicle_listings\t`);
    const meta = await (await get(server, "/feeds/meta-vehicles.csv")).text();
    const rows = parse(meta, { columns: true }) as Record<string, string>[];
    expect(rows[0]!.url).toBe(`${base}?utm_source=facebook&utm_medium=vehicle_listings`);

    const visit = await get(server, `${listedPath}?utm_source=facebook&utm_medium=vehicle_listings`);
    expect(visit.status).toBe(200);
    const line = sourceSetCookie(visit)!;
    expect((await postContact(server, cookiePair(line), "Lia", "lia.meta@example.com")).status).toBe(201);
    expect(parseStoredLeadSource((await leadByEmail(server, "lia.meta@example.com")).source)).toMatchObject({
      utmSource: "facebook",
      utmMedium: "vehicle_listings",
    });
  });

  it("states the cookie in the privacy notice in every language", async () => {
    for (const [prefix, words] of [
      ["", ["30 days", "utm_source", "never to anyone else"]],
      ["/es", ["30 días", "utm_source", "nunca a terceros"]],
      ["/pt", ["30 dias", "utm_source", "nunca a terceiros"]],
    ] as const) {
      const html = await (await get(server, `${prefix}/privacy`)).text();
      for (const word of words) expect(html, `${prefix}/privacy: ${word}`).toContain(word);
    }
  });
});

describe("lead report", () => {
  let server: TestServer;
  let owner: StaffClient;
  let sales: StaffClient;

  /** The dealership's date at an instant (today by default), as the report counts it. */
  const today = (at = Date.now()) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(at),
    );
  /** The date of Joao's lead, made 12 minutes old: yesterday when the tests run just after midnight. */
  const firstLeadDay = () => today(Date.now() - 24 * 60 * 60_000);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signInOwner(server);
    // The one salesperson gets every lead; the name starts like a formula to try the CSV's defence.
    await createAccount(server, {
      email: "sam.sales@example.com",
      name: "=Sam Sales",
      role: "sales",
      password: "a long sales passphrase 1",
    });
    sales = await signIn(server, "sam.sales@example.com", "a long sales passphrase 1");

    const google = cookiePair(sourceSetCookie(await get(server, "/?utm_source=google&utm_medium=cpc&utm_campaign=fall"))!);
    const facebook = cookiePair(sourceSetCookie(await get(server, "/", { referer: "https://m.facebook.com/" }))!);
    expect((await postContact(server, google, "Maria", "maria@example.com")).status).toBe(201);
    expect((await postContact(server, null, "Joao", "joao@example.com")).status).toBe(201);
    expect((await postContact(server, facebook, "Luis", "luis@example.com")).status).toBe(201);

    // Maria is answered at once; Joao's lead is made 12 minutes old, then answered; Luis waits.
    const maria = await leadByEmail(server, "maria@example.com");
    const joao = await leadByEmail(server, "joao@example.com");
    await withDb(server, (db) =>
      db
        .updateTable("leads")
        .set({ createdAt: new Date(Date.now() - 12 * 60_000).toISOString() })
        .where("type", "=", "message")
        .where("id", "=", joao.id)
        .execute(),
    );
    for (const id of [maria.id, joao.id]) {
      const res = await call(sales, `/api/admin/contact-submissions/${id}/status`, { method: "PATCH", body: { status: "contacted" } });
      expect(res.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("counts the test's leads by source, type, week and salesperson, with the median first response and the share within 5 minutes", async () => {
    const res = await call(owner, "/api/admin/reports/leads");
    expect(res.status).toBe(200);
    const report = (await res.json()) as LeadReport;
    expect(report.to).toBe(today());
    expect(report.withinMinutes).toBe(5);
    expect(report.total).toMatchObject({ leads: 3, answered: 2, answeredWithin: 1, answeredWithinShare: 0.333 });
    // The median of about 0 and about 12 minutes.
    expect(report.total.medianFirstResponseMinutes).toBeGreaterThanOrEqual(5.9);
    expect(report.total.medianFirstResponseMinutes).toBeLessThan(7.5);
    expect(report.bySource.map((r) => [r.source, r.leads, r.answered, r.answeredWithin]).sort()).toEqual([
      ["direct", 1, 1, 0],
      ["facebook.com", 1, 0, 0],
      ["google", 1, 1, 1],
    ]);
    const google = report.bySource.find((r) => r.source === "google")!;
    expect(google.medianFirstResponseMinutes).toBeLessThan(2);
    expect(report.byType).toEqual([expect.objectContaining({ type: "message", leads: 3, answered: 2 })]);
    // Every ISO week of the 30 days, the current one holding the three leads.
    expect(report.byWeek.length).toBeGreaterThanOrEqual(5);
    expect(report.byWeek.reduce((sum, w) => sum + w.leads, 0)).toBe(3);
    // Joao's lead, 12 minutes old, falls in the week before when the tests run just after Monday's midnight.
    expect(report.byWeek.at(-1)!.leads).toBeGreaterThanOrEqual(2);
    expect(report.byWeek.at(-1)!.week).toMatch(/^\d{4}-W\d{2}$/);
    expect(report.bySalesperson).toEqual([
      expect.objectContaining({ name: "=Sam Sales", leads: 3, answered: 2, answeredWithin: 1, answeredWithinShare: 0.333 }),
    ]);

    // A range before the leads has none; every week still listed.
    const before = (await (await call(owner, "/api/admin/reports/leads?from=2026-01-05&to=2026-01-18")).json()) as LeadReport;
    expect(before.total).toEqual({ leads: 0, answered: 0, medianFirstResponseMinutes: null, answeredWithin: 0, answeredWithinShare: null });
    expect(before.byWeek.map((w) => w.week)).toEqual(["2026-W02", "2026-W03"]);
  });

  it("gives the CSV with formula-like cells defused", async () => {
    const res = await call(owner, `/api/admin/reports/leads.csv?from=${firstLeadDay()}&to=${today()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="leads-${firstLeadDay()}-to-${today()}.csv"`);
    // The bytes: a decoded text has lost its BOM already.
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString("utf8")) as string[][];
    expect(rows[0]).toEqual([
      "Grouping",
      "Group",
      "Leads",
      "Answered",
      "Median first response (minutes)",
      "Answered within 5 minutes",
      "Share answered within 5 minutes",
    ]);
    expect(rows).toContainEqual(["By source", "google", "1", "1", expect.any(String), "1", "1"]);
    expect(rows).toContainEqual(["By type", "Message", "3", "2", expect.any(String), "1", "0.333"]);
    expect(rows).toContainEqual(["By salesperson", "'=Sam Sales", "3", "2", expect.any(String), "1", "0.333"]);
  });

  it("a salesperson sees the team's totals and only their own row; finance and service none; bad dates are 400", async () => {
    const other = await signInAs(server, "sales", "Second Seller");
    const seen = (await (await call(other, "/api/admin/reports/leads")).json()) as LeadReport;
    expect(seen.total.leads).toBe(3);
    expect(seen.bySalesperson).toEqual([]);
    const own = (await (await call(sales, "/api/admin/reports/leads")).json()) as LeadReport;
    expect(own.bySalesperson.map((r) => r.name)).toEqual(["=Sam Sales"]);

    for (const role of ["finance", "service"] as const) {
      const person = await signInAs(server, role);
      expect((await call(person, "/api/admin/reports/leads")).status, role).toBe(403);
      expect((await call(person, "/api/admin/reports/leads.csv")).status, role).toBe(403);
    }
    expect((await fetch(`${server.url}/api/admin/reports/leads`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/reports/leads.csv`)).status).toBe(401);

    const bad = await call(owner, "/api/admin/reports/leads?from=2026-13-01");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.from).toBeTruthy();
    expect((await call(owner, "/api/admin/reports/leads?from=2026-11-20&to=2026-11-01")).status).toBe(400);
    expect((await call(owner, "/api/admin/reports/leads?from=2020-01-01&to=2026-11-01")).status).toBe(400);
    expect((await call(owner, "/api/admin/reports/leads.csv?to=yesterday")).status).toBe(400);
    // Far dates were a 500 (RangeError in the day arithmetic): a 400 with the field's message now.
    for (const [from, to] of [
      ["1000-01-01", "1000-01-02"],
      ["0000-01-01", "0000-01-02"],
      ["9999-12-30", "9999-12-31"],
    ]) {
      for (const path of ["/api/admin/reports/leads", "/api/admin/reports/leads.csv"]) {
        const far = await call(owner, `${path}?from=${from}&to=${to}`);
        expect(far.status, `${path} ${from}`).toBe(400);
        expect(((await far.json()) as { fieldErrors: Record<string, string> }).fieldErrors.from).toBe("Use a date from 1970 to 2999.");
      }
    }
  });
});
