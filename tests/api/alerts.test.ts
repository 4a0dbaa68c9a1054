import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "~/shared/config/alert-consent";
import { vinYearCode, withCheckDigit } from "~/shared/lib/vin";
import type { Vehicle } from "~/shared/types/vehicle";
import {
  ALERT_STOCK,
  alertsDataDir,
  CookieJar,
  linkPath,
  mailsMatching,
  mailsTo,
  PHONE_UA,
  postForm,
  rawHeader,
  setServerClock,
  type Stocked,
} from "../support/alerts-helpers";
import { alertsCaughtUp } from "../support/alerts-caught-up";
import { testPhoto } from "../support/civic-data-dir";
import { withServerDatabase } from "../support/server-database";
import type { Db } from "~/server/db/database.server";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/**
 * Saved vehicles and searches with e-mail alerts (docs/behaviour.md §21) on the real server, a real SMTP
 * server on loopback and the server's clock moved through TEST_CLOCK: the double opt-in, the limits per
 * address, the alerts and their one mail a day, one-click unsubscribe (RFC 8058) and what staff see.
 */
const PUBLIC_URL = "https://www.demo-motors.test";
const DOC_FEE = 499;
let server: TestServer;
let smtp: SmtpCapture;
let owner: StaffClient;
let stock: Record<keyof typeof ALERT_STOCK, Stocked>;
let extras: Stocked[];
let nextClient = 1;

/** A fresh client address per request: the per-client limit is not what these tests are about (but one is). */
const client = () => ({ "x-forwarded-for": `198.51.100.${nextClient++ % 250}`, "user-agent": PHONE_UA });
const setClock = (iso: string) => setServerClock(server.dataDir, iso);
/**
 * Long enough for the matcher's sweep (1 s under TEST_CLOCK), a digest run (200 ms) and the outbox: for
 * what alertsCaughtUp cannot see, a vehicle matched again after an edit. Everywhere else the tests wait
 * for alertsCaughtUp, which ends as soon as the database says nothing is left to do.
 */
const severalTicks = () => new Promise((r) => setTimeout(r, 2_500));

async function askAlerts(body: Record<string, unknown>, headers: Record<string, string> = client()): Promise<Response> {
  return fetch(`${server.url}/api/alerts`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const isConfirmation = (m: CapturedMail) => rawHeader(m, "List-Unsubscribe") === null && /\/alerts\/confirm\//.test(m.parsed.text ?? "");
const isAlert = (m: CapturedMail) => rawHeader(m, "List-Unsubscribe") !== null;

/** Asks for alerts for `email` and confirms through the link of the mail that comes (as the shopper's browser does). */
async function subscribeConfirmed(email: string, body: Record<string, unknown>): Promise<{ managePath: string }> {
  const before = mailsTo(smtp.mails, email).filter(isConfirmation).length;
  expect((await askAlerts({ email, ...body })).status).toBe(202);
  const [mail] = (await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isConfirmation(m), before + 1)).slice(before);
  const confirm = await fetch(`${server.url}${linkPath(mail!, /\/alerts\/confirm\//)}`, {
    method: "POST",
    headers: { origin: server.url },
  });
  expect(confirm.status).toBe(200);
  const html = await confirm.text();
  const manage = /href="((?:\/(?:es|pt))?\/alerts\/[A-Za-z0-9_-]{43})"/.exec(html);
  return { managePath: manage![1]! };
}

async function vehicle(id: string): Promise<Vehicle> {
  const list = (await (await owner.fetch("/api/admin/vehicles")).json()) as Vehicle[];
  return list.find((v) => v.id === id)!;
}
async function setPrice(id: string, price: number): Promise<void> {
  const res = await owner.fetch(`/api/admin/vehicles/${id}`, { method: "PATCH", body: vehicleFormBody(await vehicle(id), { price }) });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function setStatus(id: string, status: "available" | "pending" | "sold"): Promise<void> {
  expect((await owner.fetch(`/api/admin/vehicles/${id}/status`, { method: "PATCH", body: { status } })).status).toBe(200);
}
const query = <T>(run: (db: Db) => Promise<T>): Promise<T> => withServerDatabase(server, run);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const data = await alertsDataDir("alerts", ALERT_STOCK, 24);
  stock = data.stock as typeof stock;
  extras = data.extras;
  // Tuesday 2 December 2025, 10:00 in Fitchburg.
  setServerClock(data.dir, "2025-12-02T15:00:00.000Z");
  server = await startTestServer({
    dataDir: data.dir,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "noreply@dealer.test",
      TRUST_PROXY: "true",
      TEST_CLOCK: "true",
      ALERT_DIGEST_DELAY: "60",
      PUBLIC_URL,
    },
  });
  owner = await staffClient(server);
  // The advertised price carries the documentation fee (decision 066): the alerts speak of that price.
  const settings = (await (await owner.fetch("/api/admin/deal-settings")).json()) as { settings: Record<string, unknown> };
  expect((await owner.fetch("/api/admin/deal-settings", { method: "PUT", body: { ...settings.settings, docFee: DOC_FEE } })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("saved on this device", () => {
  it("the vehicle page is one cached document for every shopper, whatever they saved: the heart's state is not in it", async () => {
    const page = (cookie?: string) =>
      fetch(`${server.url}${stock.f150.path}`, { headers: { "user-agent": PHONE_UA, ...(cookie ? { cookie } : {}) } });
    const first = await page();
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('data-testid="save-vehicle"');
    expect(html).not.toContain("aria-pressed");
    const saver = await page(`saved=d=${"f".repeat(32)}&v=${stock.f150.id}`);
    expect(saver.headers.get("x-document-cache")).toBe("hit");
    expect(await saver.text()).toBe(html);
  });
});

describe("asking for alerts (POST /api/alerts)", () => {
  it("answers 202 the same whether the address is new, waiting for confirmation or confirmed", async () => {
    await subscribeConfirmed("known@example.com", { locale: "en", vehicleId: stock.accord.id });
    const answers = [];
    for (const email of ["new@example.com", "new@example.com", "known@example.com", "KNOWN@Example.com"]) {
      const res = await askAlerts({ email, locale: "en", vehicleId: stock.accord.id });
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: 202, body: '{"accepted":true}' })]));
  });

  it("refuses an address without a deliverable domain's syntax, an unknown vehicle, or both a vehicle and a search, with field messages in the page's language", async () => {
    for (const email of ["ana@localhost", "ana@example", "ana@-bad.com", "not an address"]) {
      const res = await askAlerts({ email, locale: "es", vehicleId: stock.accord.id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.email).toBe(
        "Ingrese un correo electrónico válido, como nombre@example.com",
      );
    }
    const unknown = await askAlerts({ email: "ana@example.com", locale: "en", vehicleId: "0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { fieldErrors: Record<string, string> }).fieldErrors.vehicleId).toBe(
      "This vehicle is not on our site.",
    );
    const both = await askAlerts({ email: "ana@example.com", vehicleId: stock.accord.id, search: { make: "Honda" } });
    expect(both.status).toBe(400);
    const badFilter = await askAlerts({ email: "ana@example.com", search: { colour: "red" } });
    expect(badFilter.status).toBe(400);
    expect(await query((db) => db.selectFrom("alertSubscribers").select("id").where("email", "=", "ana@example.com").execute())).toEqual(
      [],
    );
  });
});

describe("the double opt-in", () => {
  it("mails nothing but the confirmation until the address confirms; opening the link confirms nothing; confirming twice is harmless; the consent is recorded", async () => {
    const email = "optin@example.com";
    expect((await askAlerts({ email, locale: "es", search: { make: "Toyota", maxPrice: "25000" } })).status).toBe(202);
    const [mail] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isConfirmation(m), 1);
    expect(mail!.parsed.subject).toBe("Confirme sus alertas por correo de Demo Motors of Fitchburg");
    expect(mail!.parsed.text).toContain("• Toyota · hasta $25,000");
    const confirmPath = linkPath(mail!, /\/alerts\/confirm\//);
    expect(confirmPath).toMatch(/^\/es\/alerts\/confirm\/[A-Za-z0-9_-]{43}$/);

    // A vehicle matching the search arrives before the confirmation: nobody is told.
    setClock("2025-12-02T15:05:00.000Z");
    const status = () =>
      query((db) => db.selectFrom("alertSubscribers").select(["status"]).where("email", "=", email).executeTakeFirstOrThrow());
    // A link scanner's GET: the page asks, nothing changes.
    const page = await fetch(`${server.url}${confirmPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("Confirme que optin@example.com quiere recibir alertas");
    expect((await status()).status).toBe("pending");

    const first = await fetch(`${server.url}${confirmPath}`, { method: "POST", headers: { origin: server.url } });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Sus alertas están activas.");
    expect(first.headers.getSetCookie().some((c) => c.startsWith("alerts_owner=") && /HttpOnly/.test(c))).toBe(true);
    const again = await fetch(`${server.url}${confirmPath}`, { method: "POST", headers: { origin: server.url } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Estas alertas ya estaban confirmadas.");
    expect((await status()).status).toBe("confirmed");

    const consent = await query((db) =>
      db
        .selectFrom("alertConfirmations")
        .innerJoin("alertSubscribers", "alertSubscribers.id", "alertConfirmations.subscriberId")
        .select([
          "alertConfirmations.wordingVersion",
          "alertConfirmations.locale",
          "alertConfirmations.email",
          "alertConfirmations.confirmedAt",
        ])
        .where("alertSubscribers.email", "=", email)
        .execute(),
    );
    expect(consent).toEqual([{ wordingVersion: ALERT_CONSENT_VERSION, locale: "es", email, confirmedAt: "2025-12-02T15:05:00.000Z" }]);
    // The address is a customer now (source "alerts"), with no lead.
    const customer = await query((db) => db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirstOrThrow());
    expect(customer.source).toBe("alerts");
    expect(await query((db) => db.selectFrom("leads").select("id").where("customerId", "=", customer.id).execute())).toEqual([]);
  });

  it("unknown and expired links get a clear page, not an error", async () => {
    const unknown = await fetch(`${server.url}/pt/alerts/confirm/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Este link não é válido.");
    const malformed = await fetch(`${server.url}/alerts/confirm/%E0%A4%A`);
    expect(malformed.status).toBeLessThan(500);
    const manage = await fetch(`${server.url}/alerts/${"y".repeat(43)}`);
    expect(manage.status).toBe(404);
    expect(await manage.text()).toContain("This link is not valid.");
    const unsubscribe = await fetch(`${server.url}/es/alerts/${"y".repeat(43)}/unsubscribe`);
    expect(unsubscribe.status).toBe(404);
    expect(await unsubscribe.text()).toContain("Este enlace no es válido.");
  });
});

describe("limits per address", () => {
  it("at most 20 vehicles and 10 searches, even for requests sent at the same time; at most 3 confirmation mails a day", async () => {
    const email = "limits@example.com";
    // Two devices ask at once, each with 12 vehicles and 7 searches: 24 vehicles, 14 searches together.
    const device = (from: number) => {
      const jar = new CookieJar();
      const params = new URLSearchParams({ d: `${from}`.padStart(32, "a") });
      for (const v of extras.slice(from, from + 12)) params.append("v", v.id);
      for (let i = 0; i < 7; i++) params.append("s", `make=Kia&maxPrice=${10000 + from * 100 + i}`);
      jar.cookies.set("saved", params.toString());
      return jar;
    };
    const answers = await Promise.all(
      [device(0), device(12)].map((jar) => postForm(server.url, "/alerts", { email }, { jar, headers: client() })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const counts = await query((db) =>
      db
        .selectFrom("alertItems")
        .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
        .select(["alertItems.kind", (eb) => eb.fn.countAll<number>().as("n")])
        .where("alertSubscribers.email", "=", email)
        .groupBy("alertItems.kind")
        .orderBy("alertItems.kind")
        .execute(),
    );
    expect(counts.map((c) => [c.kind, Number(c.n)])).toEqual([
      ["search", 10],
      ["vehicle", 20],
    ]);
    const mails = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email), 2);
    // The request that did not fit all is told in its mail.
    expect(mails.some((m) => (m.parsed.text ?? "").includes("An address can follow up to 20 vehicles and 10 searches"))).toBe(true);

    // Ten requests at once for a new address, from ten clients: three confirmation mails in 24 hours, no more.
    const flood = "flood@example.com";
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) => askAlerts({ email: flood, search: { make: "Kia", minYear: `${2000 + i}` } })),
    );
    expect(new Set(more.map((r) => r.status))).toEqual(new Set([202]));
    await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(flood), 3);
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, flood).filter(isConfirmation)).toHaveLength(3);
    expect(await query((db) => db.selectFrom("alertConfirmations").select("id").where("email", "=", flood).execute())).toHaveLength(3);
  });
});

describe("the alerts", () => {
  it("a price drop is told in the shopper's language with both prices, the photo, a tagged link, the address and one-click unsubscribe; one mail a day, the rest the next morning", async () => {
    const email = "dia@example.com";
    // Tuesday 11:00.
    setClock("2025-12-02T16:00:00.000Z");
    await subscribeConfirmed(email, { locale: "pt", vehicleId: stock.corolla.id });
    await subscribeConfirmed(email, { locale: "pt", vehicleId: stock.camry.id });
    await setPrice(stock.corolla.id, 16495);
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toEqual([]);
    // The gathering delay (ALERT_DIGEST_DELAY=60) has passed.
    setClock("2025-12-02T16:01:30.000Z");
    const [first] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 1);
    expect(first!.parsed.subject).toBe("Baixou o preço: Toyota Corolla 2018, agora US$\u00a016.994");
    const text = first!.parsed.text ?? "";
    expect(text).toContain("Agora US$\u00a016.994. Você salvou por US$\u00a017.494.");
    expect(text).toContain(`${PUBLIC_URL}/pt${stock.corolla.path}?utm_source=alert&utm_medium=email&utm_campaign=price-drop`);
    expect(text).toContain("100 Demo Street, Fitchburg, MA 01430");
    expect(first!.parsed.html).toMatch(
      new RegExp(`<img src="${PUBLIC_URL}/images/[0-9a-f]+-1200\\.jpg" alt="Foto do Toyota Corolla 2018"`),
    );
    const unsubscribe = rawHeader(first!, "List-Unsubscribe");
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/pt/alerts/[A-Za-z0-9_-]{43}/unsubscribe>$`));
    expect(rawHeader(first!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(unsubscribe!.slice(1, -"/unsubscribe>".length));

    // Later that day: another drop of each. Nothing until tomorrow morning (one mail a day).
    setClock("2025-12-02T16:05:00.000Z");
    await setPrice(stock.camry.id, 19495);
    await alertsCaughtUp(server);
    setClock("2025-12-02T23:00:00.000Z");
    await setPrice(stock.corolla.id, 15995);
    await alertsCaughtUp(server);
    setClock("2025-12-03T12:59:00.000Z");
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toHaveLength(1);
    // Wednesday 8:00 in Fitchburg: one mail with both.
    setClock("2025-12-03T13:00:30.000Z");
    const mails = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 2);
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toHaveLength(2);
    const digest = mails[1]!;
    expect(digest.parsed.subject).toBe("2 novidades sobre os veículos que você salvou");
    expect(digest.parsed.text).toContain("Agora US$\u00a019.994. Você salvou por US$\u00a020.494.");
    expect(digest.parsed.text).toContain("Agora US$\u00a016.494; antes US$\u00a016.994, o preço que informamos da última vez.");
  });

  it("sale pending, then sold with three similar vehicles for sale", async () => {
    const email = "sold@example.com";
    setClock("2025-12-04T15:00:00.000Z");
    await subscribeConfirmed(email, { locale: "en", vehicleId: stock.civic.id });
    await setStatus(stock.civic.id, "pending");
    await alertsCaughtUp(server);
    setClock("2025-12-04T15:01:30.000Z");
    const [pending] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 1);
    expect(pending!.parsed.subject).toBe("Sale pending: 2019 Honda Civic");
    expect(pending!.parsed.text).toContain("Sale pending: another buyer has a deal in progress.");

    setClock("2025-12-05T15:00:00.000Z");
    await setStatus(stock.civic.id, "sold");
    await alertsCaughtUp(server);
    setClock("2025-12-05T15:01:30.000Z");
    const [, sold] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 2);
    expect(sold!.parsed.subject).toBe("Sold: 2019 Honda Civic");
    const text = sold!.parsed.text ?? "";
    expect(text).toContain("This vehicle has been sold.");
    expect(text).toContain("SIMILAR VEHICLES FOR SALE");
    const similar = [...text.matchAll(/\/used-[^?\s]+\?utm_source=alert&utm_medium=email&utm_campaign=sold/g)].map((m) => m[0]);
    // The sold car's own link, then the three similar ones: other sedans and Hondas, nearest in price.
    expect(similar).toHaveLength(4);
    expect(
      similar
        .slice(1)
        .map((link) => link.split("?")[0])
        .sort(),
    ).toEqual([stock.accord.path, stock.camry.path, stock.corolla.path].sort());
  });

  it("/pt/saved names a car for sale and a sold one as their pages do, in Portuguese order (the one vehicleName)", async () => {
    // The Civic was sold in the test above; the Accord is for sale.
    const res = await fetch(`${server.url}/pt/saved`, {
      headers: { "user-agent": PHONE_UA, cookie: `saved=d=${"9".repeat(32)}&v=${stock.accord.id}&v=${stock.civic.id}` },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Honda Accord 2020");
    expect(html).toContain('aria-label="Remover Honda Accord 2020"');
    // The sold car: no card, its name and "no longer on our site".
    expect(html).toMatch(/Honda Civic 2019<\/p><p[^>]*>Não está mais no nosso site/);
    expect(html).toContain('aria-label="Remover Honda Civic 2019"');
    expect(html).not.toMatch(/2019 Honda Civic|2020 Honda Accord/);
  });

  it("a new vehicle matching a saved search is told once, when it becomes public: not on a later edit, and not to other searches", async () => {
    const email = "match@example.com";
    setClock("2025-12-06T15:00:00.000Z");
    await subscribeConfirmed(email, { locale: "en", search: { make: "Honda", maxPrice: "30000" } });
    await subscribeConfirmed("other-search@example.com", { locale: "en", search: { make: "Ford" } });
    // A search watches vehicles that become public after it was confirmed.
    setClock("2025-12-06T15:00:10.000Z");
    const jpeg = await testPhoto();
    const upload = await owner.fetch("/api/admin/photos", { method: "POST", body: jpeg, contentType: "image/jpeg" });
    expect(upload.status).toBe(201);
    const photo = (await upload.json()) as { key: string };
    const created = await owner.fetch("/api/admin/vehicles", {
      method: "POST",
      body: {
        vin: withCheckDigit(`JHMGK5H50${vinYearCode(2021)}X000777`),
        year: 2021,
        make: "Honda",
        model: "Fit",
        price: 17995,
        mileage: 21000,
        transmission: "CVT",
        drivetrain: "FWD",
        bodyStyle: "Hatchback",
        exteriorColor: "Red",
        features: "Bluetooth",
        description: "",
        images: [photo.key],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await alertsCaughtUp(server);
    await setPrice(id, 17495);
    await severalTicks();
    setClock("2025-12-06T15:01:40.000Z");
    const [mail] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 1);
    expect(mail!.parsed.subject).toBe("New match: 2021 Honda Fit, $17,994");
    expect(mail!.parsed.text).toContain("New on our lot, matching your search Honda · up to $30,000:");
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toHaveLength(1);
    expect(mailsTo(smtp.mails, "other-search@example.com").filter(isAlert)).toEqual([]);
    const events = await query((db) => db.selectFrom("alertEvents").select(["kind"]).where("vehicleId", "=", id).execute());
    expect(events).toEqual([{ kind: "new-match" }]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("a mail client's POST with List-Unsubscribe=One-Click, cross-site and without cookies, unsubscribes at once: 200, no redirect, no cookie, no page", async () => {
    setClock("2025-12-07T15:00:00.000Z");
    const target = extras[22]!;
    const { managePath } = await subscribeConfirmed("oneclick@example.com", { locale: "en", vehicleId: target.id });
    const { managePath: other } = await subscribeConfirmed("oneclick2@example.com", { locale: "pt", vehicleId: target.id });
    const unsubscribeUrl = `${server.url}${managePath}/unsubscribe`;
    const status = (email: string) =>
      query((db) => db.selectFrom("alertSubscribers").select("status").where("email", "=", email).executeTakeFirstOrThrow());

    // Opened in a browser (a client without one-click, or a link scanner): a page that asks; nothing changes.
    const page = await fetch(unsubscribeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop every alert e-mail to oneclick@example.com?");
    expect((await status("oneclick@example.com")).status).toBe("confirmed");

    // RFC 8058 §8.3: multipart/form-data, from the provider's servers.
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const oneClick = await fetch(unsubscribeUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "sec-fetch-site": "cross-site", origin: "https://mail.example.net" },
      body: form,
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("location")).toBeNull();
    expect(oneClick.headers.getSetCookie()).toEqual([]);
    expect(oneClick.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await oneClick.text()).toBe("You are unsubscribed from Demo Motors of Fitchburg's alerts.");
    expect((await status("oneclick@example.com")).status).toBe("unsubscribed");
    // Twice is harmless.
    expect((await fetch(unsubscribeUrl, { method: "POST", body: form })).status).toBe(200);

    // RFC 8058 §8.1: application/x-www-form-urlencoded, on the Portuguese link.
    const urlencoded = await fetch(`${server.url}${other}/unsubscribe`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(urlencoded.status).toBe(200);
    expect(await urlencoded.text()).toBe("Sua inscrição nos alertas da Demo Motors of Fitchburg foi cancelada.");
    expect((await status("oneclick2@example.com")).status).toBe("unsubscribed");
    expect((await fetch(`${server.url}/alerts/${"z".repeat(43)}/unsubscribe`, { method: "POST", body: form })).status).toBe(404);

    // Honoured at once: the next drop is told to nobody.
    await setPrice(target.id, 8000);
    await alertsCaughtUp(server);
    setClock("2025-12-07T15:05:00.000Z");
    await alertsCaughtUp(server);
    expect([...mailsTo(smtp.mails, "oneclick@example.com"), ...mailsTo(smtp.mails, "oneclick2@example.com")].filter(isAlert)).toEqual([]);
    const timeline = await customerRecordOf("oneclick@example.com");
    expect(timeline.timeline.map((e) => e.kind)).toContain("alerts-unsubscribed");
  });

  it("an alert already written when its address unsubscribes is never sent, whenever the mail server comes back", async () => {
    setClock("2025-12-08T15:00:00.000Z");
    const email = "queued@example.com";
    const target = extras[23]!;
    const { managePath } = await subscribeConfirmed(email, { locale: "en", vehicleId: target.id });
    await smtp.close();
    try {
      await setPrice(target.id, 7000);
      await alertsCaughtUp(server, { mail: false });
      setClock("2025-12-08T15:01:30.000Z");
      const written = await waitFor(
        () =>
          query((db) =>
            db
              .selectFrom("outbox")
              .select(["id", "status", "attempts"])
              .where("toAddress", "=", email)
              .where("kind", "=", "alert-digest")
              .execute(),
          ),
        (rows) => rows.some((r) => r.attempts > 0),
      );
      expect(written).toHaveLength(1);
      // The shopper unsubscribes on the manage page meanwhile.
      const res = await postForm(server.url, managePath, { intent: "unsubscribe" }, { headers: { origin: server.url } });
      expect(res.status).toBe(200);
    } finally {
      smtp = await startSmtpCapture({ port: smtp.port, mails: smtp.mails });
    }
    // Its items stay paused: resuming one needs alerts on again (a new request, confirmed).
    const item = await query((db) =>
      db
        .selectFrom("alertItems")
        .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
        .select(["alertItems.id", "alertItems.status"])
        .where("alertSubscribers.email", "=", email)
        .executeTakeFirstOrThrow(),
    );
    expect(item.status).toBe("paused");
    const resume = await postForm(server.url, managePath, { intent: "resume", itemId: item.id }, { headers: { origin: server.url } });
    expect(resume.status).toBe(409);
    expect(await resume.text()).toContain("This address is unsubscribed from our alerts.");
    setClock("2025-12-08T16:00:00.000Z");
    // The worker polls every few seconds: wait until it has decided the mail's fate, then check what it decided.
    const row = await waitFor(
      () =>
        query((db) =>
          db
            .selectFrom("outbox")
            .select("status")
            .where("toAddress", "=", email)
            .where("kind", "=", "alert-digest")
            .executeTakeFirstOrThrow(),
        ),
      (r) => r.status !== "queued" && r.status !== "sending",
    );
    expect(row.status).toBe("cancelled");
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toEqual([]);
  });
});

/** Polls `read` until `done` holds (or 20 s pass) and returns its last value. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

type CustomerRecordBody = {
  customer: { id: string; email: string; source: string | null };
  timeline: { kind: string; data: Record<string, unknown> }[];
  alerts: {
    addresses: { email: string; status: string; consents: { wordingVersion: string; locale: string; email: string }[] }[];
    saved: { kind: string; vehicleId: string | null; search: string | null; priceBasis: number | null; status: string }[];
    events: { kind: string; vehicleId: string; outcome: string | null }[];
  } | null;
};

async function customerRecordOf(email: string): Promise<CustomerRecordBody> {
  const found = (await (await owner.fetch(`/api/admin/customers?q=${encodeURIComponent(email)}`)).json()) as { id: string }[];
  expect(found).toHaveLength(1);
  const res = await owner.fetch(`/api/admin/customers/${found[0]!.id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CustomerRecordBody;
}

describe("for the dealer", () => {
  it("the customer record shows what the shopper saved, the consent they gave and what they were sent", async () => {
    const record = await customerRecordOf("dia@example.com");
    expect(record.customer.source).toBe("alerts");
    expect(record.alerts!.addresses).toEqual([
      expect.objectContaining({
        email: "dia@example.com",
        status: "confirmed",
        consents: [
          expect.objectContaining({ wordingVersion: ALERT_CONSENT_VERSION, locale: "pt", email: "dia@example.com" }),
          expect.objectContaining({ wordingVersion: ALERT_CONSENT_VERSION, locale: "pt", email: "dia@example.com" }),
        ],
      }),
    ]);
    expect(record.alerts!.saved.map((s) => [s.vehicleId, s.priceBasis, s.status]).sort()).toEqual(
      [
        [stock.corolla.id, 16494, "active"],
        [stock.camry.id, 19994, "active"],
      ].sort(),
    );
    expect(record.alerts!.events.map((e) => [e.kind, e.outcome])).toEqual([
      ["price-drop", "mailed"],
      ["price-drop", "mailed"],
      ["price-drop", "mailed"],
    ]);
    const mails = record.timeline.filter((e) => e.kind === "mail" && e.data.mailKind === "alert-digest");
    expect(mails.map((e) => e.data.subject)).toEqual([
      "Baixou o preço: Toyota Corolla 2018, agora US$\u00a016.994",
      "2 novidades sobre os veículos que você salvou",
    ]);
    expect(record.timeline.filter((e) => e.kind === "alerts-confirmed")).toHaveLength(2);
  });

  it("the alerts report counts subscribers, mails sent, visits and leads from alert links (opens are not tracked); staff see how many shoppers saved each vehicle", async () => {
    setClock("2025-12-09T15:00:00.000Z");
    // A shopper follows an alert's link on their phone, then writes from the vehicle's page.
    const visit = await fetch(`${server.url}${stock.accord.path}?utm_source=alert&utm_medium=email&utm_campaign=price-drop`, {
      headers: { "user-agent": PHONE_UA },
    });
    expect(visit.status).toBe(200);
    const leadSource = visit.headers
      .getSetCookie()
      .find((c) => c.startsWith("lead_source="))!
      .split(";")[0]!;
    const lead = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: leadSource, ...client() },
      body: JSON.stringify({
        firstName: "Rita",
        lastName: "Alves",
        email: "rita@example.com",
        phone: "9785550177",
        message: "Is the Accord still there?",
        vehicleId: stock.accord.id,
      }),
    });
    expect(lead.status).toBe(201);
    // A bot's visit is not counted.
    await fetch(`${server.url}${stock.accord.path}?utm_source=alert&utm_campaign=sold`, { headers: { "user-agent": "Googlebot/2.1" } });

    // Two devices save the Accord with JavaScript, one forgets it; a third saves it without JavaScript.
    const device = (id: string) => ({ cookie: `saved=d=${id}&v=${stock.accord.id}` });
    const save = (id: string, saved: boolean) =>
      fetch(`${server.url}/api/saved`, {
        method: "POST",
        headers: { "content-type": "application/json", ...device(id), ...client() },
        body: JSON.stringify({ vehicleId: stock.accord.id, saved }),
      });
    expect((await save("a".repeat(32), true)).status).toBe(204);
    expect((await save("b".repeat(32), true)).status).toBe(204);
    expect((await save("b".repeat(32), false)).status).toBe(204);
    expect((await save("c".repeat(32), true)).status).toBe(204);
    const jar = new CookieJar();
    const noJs = await postForm(server.url, "/saved", { intent: "save-vehicle", vehicleId: stock.accord.id }, { jar, headers: client() });
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("location")).toBe("/saved");

    const report = await owner.fetch("/api/admin/reports/alerts?days=30");
    expect(report.status).toBe(200);
    const body = (await report.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      days: 30,
      opensTracked: false,
      visits: { total: 1, byKind: { "price-drop": 1 } },
      leads: { total: 1, byType: { message: 1 } },
    });
    const subscribers = body.subscribers as Record<string, number>;
    expect(subscribers.confirmed).toBeGreaterThanOrEqual(6);
    expect(subscribers.unsubscribed).toBe(3);
    expect(subscribers.pending).toBeGreaterThanOrEqual(2);
    const sent = body.mailsSent as Record<string, number>;
    const alertMails = smtp.mails.filter(isAlert).length;
    expect(sent.alerts).toBe(alertMails);
    expect(sent.confirmations).toBe(smtp.mails.filter(isConfirmation).length);

    const saves = (await (await owner.fetch("/api/admin/vehicles/saves")).json()) as {
      vehicleId: string;
      savedOnDevices: number;
      alertSubscribers: number;
    }[];
    expect(saves.find((s) => s.vehicleId === stock.accord.id)).toMatchObject({ savedOnDevices: 3, alertSubscribers: 1 });

    // The same figures on the staff pages, rendered on the server: the lot's column, the vehicle's page, the report.
    const html = async (path: string) => {
      const res = await owner.fetch(path);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    expect(await html("/podium/vehicles?q=Accord")).toContain("3 saved · 1 with alerts");
    expect(await html(`/podium/vehicles/${stock.accord.id}`)).toContain(
      "3 devices have it in a saved list; 1 confirmed address gets its price-drop and status alerts.",
    );
    const page = await html("/podium/reports/alerts?days=30");
    const figure = (id: string) => new RegExp(`data-testid="alerts-report-${id}">([\\d,]+)<`).exec(page)?.[1];
    expect(figure("unsubscribed")).toBe(String(subscribers.unsubscribed));
    expect(figure("confirmed")).toBe(String(subscribers.confirmed));
    expect(figure("alert-mails")).toBe(String(sent.alerts));
    expect(figure("confirmation-mails")).toBe(String(sent.confirmations));
    expect(page).toContain(`href="/podium/vehicles/${stock.accord.id}"`);
    const refused = await owner.fetch("/podium/reports/alerts?days=0");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("A whole number of days from 1 to 366.");

    // Who may see them: the report is the reports' people's, the counts the vehicles' people's.
    const sales = await signInAs(server, "sales");
    const finance = await signInAs(server, "finance");
    const as = (who: { cookie: string }, path: string) =>
      fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } }).then((r) => r.status);
    expect(await as(sales, "/api/admin/reports/alerts")).toBe(200);
    expect(await as(finance, "/api/admin/reports/alerts")).toBe(403);
    expect(await as(finance, "/api/admin/vehicles/saves")).toBe(200);
    expect(await as(sales, "/podium/reports/alerts")).toBe(200);
    expect(await as(finance, "/podium/reports/alerts")).toBe(403);
    expect(await fetch(`${server.url}/api/admin/reports/alerts`).then((r) => r.status)).toBe(401);
    expect((await owner.fetch("/api/admin/reports/alerts?days=0")).status).toBe(400);
    expect((await owner.fetch("/api/admin/reports/alerts?days=abc")).status).toBe(400);
  });
});

describe("the alerts form (/alerts), before JavaScript", () => {
  it("refuses a cross-site post, an address without a domain (the page, with the message and what was typed), and a sixth post from one client in ten minutes", async () => {
    const jar = new CookieJar();
    jar.cookies.set("saved", `d=${"e".repeat(32)}&v=${stock.accord.id}`);
    const headers = { "x-forwarded-for": "203.0.113.99" };
    const crossSite = await postForm(
      server.url,
      "/alerts",
      { email: "x@example.com" },
      { jar, headers: { ...headers, "sec-fetch-site": "cross-site" } },
    );
    expect(crossSite.status).toBe(403);
    const bad = await postForm(server.url, "/es/alerts", { email: "rosa@intranet" }, { jar, headers });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Ingrese un correo electrónico válido, como nombre@example.com");
    expect(html).toContain('value="rosa@intranet"');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await postForm(server.url, "/alerts", { email: `rate${i}@example.com` }, { jar, headers })).status);
    // The bad one counted: four more pass, the sixth is refused on the page itself.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("a token page's button posted by a browser without JavaScript (Origin: null, from the page's no-referrer policy) is answered by the page; a page without a token still refuses that origin", async () => {
    const email = "null.origin@example.com";
    expect((await askAlerts({ email, locale: "en", vehicleId: stock.accord.id })).status).toBe(202);
    const [mail] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isConfirmation(m), 1);
    const confirmPath = linkPath(mail!, /\/alerts\/confirm\//);
    // What Chromium sends for this form: the page sends no Referer (a token in its URL), so its post's Origin
    // is "null". React Router refused that with a plain 400 "Bad Request": the button did nothing before hydration.
    const confirmed = await postForm(server.url, confirmPath, {}, { headers: { origin: "null", "x-forwarded-for": "203.0.113.97" } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Your alerts are on.");
    const subscriber = await query((db) =>
      db.selectFrom("alertSubscribers").select(["status"]).where("email", "=", email).executeTakeFirstOrThrow(),
    );
    expect(subscriber.status).toBe("confirmed");
    // The same origin on a page whose URL holds no secret is still refused: there only the origin says where it came from.
    const alertsForm = await postForm(
      server.url,
      "/alerts",
      { email: "x@example.com" },
      { headers: { origin: "null", "x-forwarded-for": "203.0.113.96" } },
    );
    expect(alertsForm.status).toBe(400);
    expect(await alertsForm.text()).toBe("Bad Request");
  });

  it("an expired confirmation link gets a clear page", async () => {
    setClock("2025-12-09T16:00:00.000Z");
    expect((await askAlerts({ email: "late@example.com", locale: "en", vehicleId: stock.accord.id })).status).toBe(202);
    const [mail] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes("late@example.com"), 1);
    setClock("2025-12-17T16:00:00.000Z");
    const path = linkPath(mail!, /\/alerts\/confirm\//);
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This confirmation link has expired.");
    const post = await fetch(`${server.url}${path}`, { method: "POST", headers: { origin: server.url } });
    expect(post.status).toBe(410);
    expect(
      (
        await query((db) =>
          db.selectFrom("alertSubscribers").select("status").where("email", "=", "late@example.com").executeTakeFirstOrThrow(),
        )
      ).status,
    ).toBe("pending");
  });
});

describe("do not contact (decision 094)", () => {
  it("an alert mail's own link stops the alerts and its last line stops every mail; an address that asked us not to e-mail it gets no alert mail, not one already written, and no confirmation", async () => {
    setClock("2025-12-18T15:00:00.000Z");
    const email = "stop-all@example.com";
    const [first, second] = [extras[20]!, extras[21]!];
    await subscribeConfirmed(email, { locale: "en", vehicleId: first.id });
    await subscribeConfirmed(email, { locale: "en", vehicleId: second.id });
    await setPrice(first.id, 6500);
    await alertsCaughtUp(server);
    setClock("2025-12-18T15:01:30.000Z");
    const [alert] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 1);
    const text = alert!.parsed.text ?? "";
    // Two links that say what each stops: the alerts (List-Unsubscribe's URL), or every e-mail, call and text.
    expect(text).toMatch(new RegExp(`Unsubscribe from these alerts: ${PUBLIC_URL}/alerts/[A-Za-z0-9_-]{43}/unsubscribe`));
    const optOut = /To stop all our e-mails, calls and texts, not only these alerts: (\S+)/.exec(text)?.[1];
    expect(optOut).toMatch(new RegExp(`^${PUBLIC_URL}/opt-out/[A-Za-z0-9_-]{43}$`));
    expect(text).toContain("100 Demo Street, Fitchburg, MA 01430");
    expect(text).not.toContain("Don't want to hear from us?");

    // The shopper stops every e-mail with that line's link.
    const stopped = await fetch(`${server.url}${new URL(optOut!).pathname}`, {
      method: "POST",
      body: new URLSearchParams({ channel: "email" }),
      headers: client(),
    });
    expect(stopped.status).toBe(200);
    // The other car drops the same day (its digest is due tomorrow morning): nothing is written, the event is suppressed.
    setClock("2025-12-18T16:00:00.000Z");
    await setPrice(second.id, 6400);
    await alertsCaughtUp(server);
    setClock("2025-12-19T13:00:30.000Z");
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isAlert)).toHaveLength(1);
    const outcomes = await query((db) =>
      db.selectFrom("alertEvents").select(["outcome"]).where("vehicleId", "=", second.id).where("kind", "=", "price-drop").execute(),
    );
    expect(outcomes).toEqual([{ outcome: "suppressed" }]);
    // Asking for alerts again: the same answer as for anyone, and no confirmation mail.
    const confirmations = mailsTo(smtp.mails, email).filter(isConfirmation).length;
    expect((await askAlerts({ email, locale: "en", vehicleId: stock.accord.id })).status).toBe(202);
    await alertsCaughtUp(server);
    expect(mailsTo(smtp.mails, email).filter(isConfirmation)).toHaveLength(confirmations);
    // They are still subscribed to the alerts: do-not-contact alone keeps the mails away.
    expect(
      (await query((db) => db.selectFrom("alertSubscribers").select("status").where("email", "=", email).executeTakeFirstOrThrow())).status,
    ).toBe("confirmed");

    // An alert already written when staff mark the address "do not contact" is never sent.
    setClock("2025-12-20T15:00:00.000Z");
    const late = "stop-late@example.com";
    const target = extras[19]!;
    await subscribeConfirmed(late, { locale: "en", vehicleId: target.id });
    await smtp.close();
    try {
      await setPrice(target.id, 6300);
      await alertsCaughtUp(server, { mail: false });
      setClock("2025-12-20T15:01:30.000Z");
      const written = await waitFor(
        () =>
          query((db) =>
            db.selectFrom("outbox").select(["attempts"]).where("toAddress", "=", late).where("kind", "=", "alert-digest").execute(),
          ),
        (rows) => rows.some((r) => r.attempts > 0),
      );
      expect(written).toHaveLength(1);
      const { customer } = await customerRecordOf(late);
      const marked = await owner.fetch(`/api/admin/customers/${customer.id}/contact-preferences`, {
        method: "PUT",
        body: { doNotContact: { email: true, phone: false, text: false } },
      });
      expect(marked.status).toBe(200);
    } finally {
      smtp = await startSmtpCapture({ port: smtp.port, mails: smtp.mails });
    }
    setClock("2025-12-20T16:00:00.000Z");
    // The worker polls every few seconds: wait until it has decided the mail's fate, then check what it decided.
    const row = await waitFor(
      () =>
        query((db) =>
          db
            .selectFrom("outbox")
            .select("status")
            .where("toAddress", "=", late)
            .where("kind", "=", "alert-digest")
            .executeTakeFirstOrThrow(),
        ),
      (r) => r.status !== "queued" && r.status !== "sending",
    );
    expect(row.status).toBe("cancelled");
    expect(mailsTo(smtp.mails, late).filter(isAlert)).toEqual([]);
  });
});
