import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/shared/types/vehicle";
import {
  ALERT_STOCK,
  alertsDataDir,
  CookieJar,
  linkPath,
  mailsMatching,
  postForm,
  rawHeader,
  setServerClock,
  type Stocked,
} from "../support/alerts-helpers";
import { testPhoto } from "../support/civic-data-dir";
import { withServerDatabase } from "../support/server-database";
import type { Db } from "~/server/db/database.server";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";
import { vinYearCode, withCheckDigit } from "~/shared/lib/vin";

/**
 * The alerts with two server processes on one PostgreSQL database (docs/behaviour.md §21, decision 117):
 * both run the matcher (after their own changes and as a sweep) and the digests; every change is
 * recorded once and every address gets one mail, whichever process saw it first; the limits per
 * address hold for requests spread over both; a digest due while both were down goes out once after a
 * restart.
 */
describe("alerts on two server processes sharing one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let smtp: SmtpCapture;
  let stock: Record<string, Stocked>;
  let extras: Stocked[];
  let ownerA: StaffClient;
  let ownerB: StaffClient;
  let dataDir = "";
  const SUBSCRIBERS = 20;
  const env = (smtpUrl: string) => ({
    SMTP_URL: smtpUrl,
    MAIL_FROM: "noreply@dealer.test",
    TRUST_PROXY: "true",
    TEST_CLOCK: "true",
    ALERT_DIGEST_DELAY: "60",
    PUBLIC_URL: "https://www.demo-motors.test",
  });
  const either = (i: number) => (i % 2 === 0 ? a : b);
  const setClock = (iso: string) => setServerClock(dataDir, iso);
  const ticks = () => new Promise((r) => setTimeout(r, 3_000));
  const isAlert = (m: CapturedMail) => rawHeader(m, "List-Unsubscribe") !== null;
  let client = 1;

  const query = <T>(run: (db: Db) => Promise<T>): Promise<T> => withServerDatabase(a, run);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const data = await alertsDataDir("alerts-pg", ALERT_STOCK, 24);
    ({ stock, extras, dir: dataDir } = data);
    // Wednesday 3 December 2025, 10:00 in Fitchburg.
    setServerClock(dataDir, "2025-12-03T15:00:00.000Z");
    a = await startTestServer({ dataDir, env: env(smtp.url) });
    b = await startTestServer({ dataDir, env: env(smtp.url) });
    expect(b.databaseUrl).toBe(a.databaseUrl);
    [ownerA, ownerB] = [await staffClient(a), await staffClient(b)];
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  it(`${SUBSCRIBERS} addresses confirmed through either process; a price drop made through one and a new vehicle through the other: each address gets one mail with both, each event is recorded once`, async () => {
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const email = `pg${i}@example.com`;
      for (const body of [{ vehicleId: stock.civic!.id }, { search: { make: "Honda" } }]) {
        const res = await fetch(`${either(i).url}/api/alerts`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${client++ % 250}` },
          body: JSON.stringify({ email, locale: "en", ...body }),
        });
        expect(res.status).toBe(202);
      }
    }
    const confirmations = await mailsMatching(smtp.mails, (m) => /\/alerts\/confirm\//.test(m.parsed.text ?? ""), SUBSCRIBERS * 2, 60_000);
    expect(confirmations).toHaveLength(SUBSCRIBERS * 2);
    await Promise.all(
      confirmations.map((mail, i) =>
        fetch(`${either(i + 1).url}${linkPath(mail, /\/alerts\/confirm\//)}`, {
          method: "POST",
          headers: { origin: either(i + 1).url },
        }).then((r) => expect(r.status).toBe(200)),
      ),
    );
    smtp.mails.length = 0;
    setClock("2025-12-03T15:00:10.000Z");

    // The price drop through A (its matcher runs at once; B's sweep sees the same change).
    const civic = ((await (await ownerA.fetch("/api/admin/vehicles")).json()) as Vehicle[]).find((v) => v.id === stock.civic!.id)!;
    expect(
      (await ownerA.fetch(`/api/admin/vehicles/${civic.id}`, { method: "PATCH", body: vehicleFormBody(civic, { price: 17995 }) })).status,
    ).toBe(200);
    // A new Honda through B.
    const upload = await ownerB.fetch("/api/admin/photos", { method: "POST", body: await testPhoto(), contentType: "image/jpeg" });
    const photo = (await upload.json()) as { key: string };
    const created = await ownerB.fetch("/api/admin/vehicles", {
      method: "POST",
      body: {
        vin: withCheckDigit(`JHMGK5H50${vinYearCode(2021)}X000888`),
        year: 2021,
        make: "Honda",
        model: "Fit",
        price: 16995,
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
    expect(created.status).toBe(201);
    await ticks();
    const events = await query((db) => db.selectFrom("alertEvents").select(["kind", "subscriberId"]).execute());
    expect(events.filter((e) => e.kind === "price-drop")).toHaveLength(SUBSCRIBERS);
    expect(events.filter((e) => e.kind === "new-match")).toHaveLength(SUBSCRIBERS);

    setClock("2025-12-03T15:02:00.000Z");
    const alerts = await mailsMatching(smtp.mails, isAlert, SUBSCRIBERS, 60_000);
    await ticks();
    expect(smtp.mails.filter(isAlert)).toHaveLength(SUBSCRIBERS);
    expect(new Set(alerts.flatMap((m) => m.envelopeTo)).size).toBe(SUBSCRIBERS);
    for (const mail of alerts) {
      expect(mail.parsed.subject).toBe("2 updates on the vehicles you saved");
      expect(mail.parsed.text).toContain("Now $17,995. You saved it at $18,995.");
      expect(mail.parsed.text).toContain("New on our lot, matching your search Honda:");
    }
  }, 180_000);

  it("requests for one address spread over both processes: at most 20 vehicles and three confirmation mails a day", async () => {
    const email = "pg-limits@example.com";
    const device = (from: number) => {
      const jar = new CookieJar();
      const params = new URLSearchParams({ d: `${from}`.padStart(32, "b") });
      for (let k = 0; k < 12; k++) params.append("v", extras[(from + k) % extras.length]!.id);
      jar.cookies.set("saved", params.toString());
      return jar;
    };
    // Twelve of the 24 extra vehicles each, overlapping. Only three requests a day are confirmed and added,
    // whichever come first: any three of these five ask for 20 or more vehicles together.
    const posts = await Promise.all(
      [0, 12, 8, 20, 4].map((from, i) =>
        postForm(either(i).url, "/alerts", { email }, { jar: device(from), headers: { "x-forwarded-for": `203.0.113.${i + 1}` } }),
      ),
    );
    expect(posts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const items = await query((db) =>
      db
        .selectFrom("alertItems")
        .innerJoin("alertSubscribers", "alertSubscribers.id", "alertItems.subscriberId")
        .select("alertItems.id")
        .where("alertSubscribers.email", "=", email)
        .execute(),
    );
    expect(items).toHaveLength(20);
    const confirmations = await query((db) => db.selectFrom("alertConfirmations").select("id").where("email", "=", email).execute());
    expect(confirmations.length).toBeLessThanOrEqual(3);
    await ticks();
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(email))).toHaveLength(confirmations.length);
  }, 120_000);

  it("a digest due while both processes were down goes out once when one comes back", async () => {
    smtp.mails.length = 0;
    setClock("2025-12-04T15:00:00.000Z");
    const accord = ((await (await ownerA.fetch("/api/admin/vehicles")).json()) as Vehicle[]).find((v) => v.id === stock.accord!.id)!;
    const res = await fetch(`${a.url}/api/alerts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.251" },
      body: JSON.stringify({ email: "restart@example.com", locale: "es", vehicleId: accord.id }),
    });
    expect(res.status).toBe(202);
    const [mail] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes("restart@example.com"), 1);
    expect((await fetch(`${b.url}${linkPath(mail!, /\/alerts\/confirm\//)}`, { method: "POST", headers: { origin: b.url } })).status).toBe(
      200,
    );
    setClock("2025-12-04T15:00:10.000Z");
    expect(
      (await ownerB.fetch(`/api/admin/vehicles/${accord.id}`, { method: "PATCH", body: vehicleFormBody(accord, { price: 20995 }) })).status,
    ).toBe(200);
    await ticks();
    expect(
      await query((db) =>
        db.selectFrom("alertSubscribers").select("digestDueAt").where("email", "=", "restart@example.com").executeTakeFirstOrThrow(),
      ),
    ).toEqual({
      digestDueAt: "2025-12-04T15:01:10.000Z",
    });
    await Promise.all([a.stop(), b.stop()]);
    setClock("2025-12-04T16:00:00.000Z");
    a = await startTestServer({ dataDir, env: env(smtp.url) });
    const [alert] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes("restart@example.com") && isAlert(m), 1);
    expect(alert!.parsed.subject).toBe("Bajó de precio: Honda Accord 2020, ahora $20,995");
    b = await startTestServer({ dataDir, env: env(smtp.url) });
    await ticks();
    expect(smtp.mails.filter((m) => m.envelopeTo.includes("restart@example.com") && isAlert(m))).toHaveLength(1);
  }, 180_000);
});
