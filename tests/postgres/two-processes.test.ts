import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "~/shared/types/service";
import { upsertCustomerForLead } from "~/server/data/customers.server";
import { SHARED_STOCK_VERSION_REUSE_MS } from "~/server/data/vehicles.server";
import { upcomingDateFor } from "../support/booking-dates";
import { sleep, subjects } from "../support/lead-delivery-helpers";
import { forgetMailsOnceSent, openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import {
  createAccount,
  DEMO_OWNER,
  letEarlierRequestsArrive,
  pendingCodeStep,
  postJson,
  signIn,
  signInOwner,
  tallyStatuses,
} from "../support/staff-sign-in";
import { openDatabaseForDataDir, PRODUCTION_PASSWORD_HASH_COST, startTestServer, type TestServer } from "../support/test-server";
import { newVehicleBody } from "../support/vehicle-form";

/**
 * Two server processes behind one load balancer, on one PostgreSQL database and one
 * (shared) DATA_DIR. Every request below alternates between them, as a round-robin balancer would.
 */
describe("two server processes on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let smtp: SmtpCapture;
  const env = (smtpUrl: string) => ({
    SMTP_URL: smtpUrl,
    LEADS_TO: "leads@dealer.test",
    MAIL_FROM: "noreply@dealer.test",
    TRUST_PROXY: "true",
    // The sign-in race below needs checks that take as long as production's, so that 100 guesses are all
    // in flight while the first are checked.
    PASSWORD_HASH_COST: PRODUCTION_PASSWORD_HASH_COST,
  });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    a = await startTestServer({ seeded: true, env: env(smtp.url) });
    b = await startTestServer({ dataDir: a.dataDir, env: env(smtp.url) });
    expect(b.databaseUrl).toBe(a.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });
  const either = (i: number) => (i % 2 === 0 ? a : b);

  it("20 racing bookings for one slot, spread over both: exactly one 201", async () => {
    const services = (await (await fetch(`${a.url}/api/services`)).json()) as Service[];
    const service = services[0]!;
    const date = upcomingDateFor(service, 5);
    const time = service.availableTimes[0]!;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${either(i).url}/api/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
          body: JSON.stringify({
            serviceId: service.id,
            bookingDate: date,
            bookingTime: time,
            customerFirstName: "Ana",
            customerLastName: "Racer",
            customerEmail: `racer${i}@example.com`,
            customerPhone: "(978) 555-0100",
          }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const { db } = openServerDatabase(a);
    const rows = await db.selectFrom("bookings").select("id").where("bookingDate", "=", date).where("bookingTime", "=", time).execute();
    await db.destroy();
    expect(rows).toHaveLength(1);
  });

  it("6 wrong sign-ins spread over both lock the account on both, even for the right password", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postJson(
        either(i),
        "/api/admin/login",
        { email: DEMO_OWNER.email, password: "wrong password here" },
        {
          headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        },
      );
      statuses.push(res.status);
    }
    // The fifth failure locks (ACCOUNT_LIMIT = 5), whichever process counted the first four.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    for (const server of [a, b]) {
      const right = await postJson(
        server,
        "/api/admin/login",
        { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
        {
          headers: { "x-forwarded-for": "198.51.100.50" },
        },
      );
      expect(right.status).toBe(429);
      expect(right.headers.getSetCookie()).toEqual([]);
    }
    // Unlock for the next test: the failures are rows in the shared database.
    const { db } = openServerDatabase(a);
    await db.deleteFrom("staffSignInFailures").execute();
    await db.destroy();
  });

  it("100 parallel wrong passwords and then 100 parallel wrong codes, spread over both, the right one last: no 200, the limit holds across processes", async () => {
    const email = "racing.guesses@example.com";
    const password = "racing guesses unusual passphrase";
    await createAccount(a, { email, name: "Racer", role: "sales", password });
    const ip = { headers: { "x-forwarded-for": "198.51.100.77" } };

    // The code step first (it needs the password step to pass), on an enrolled account.
    await signIn(a, email, password, ip.headers);
    const { pending, code, wrongCode } = await pendingCodeStep(a, email, ip.headers, password);
    const wrongCodes = Array.from({ length: 99 }, (_, i) =>
      postJson(either(i), "/api/admin/mfa", { code: wrongCode }, { ...ip, cookie: pending }),
    );
    await letEarlierRequestsArrive();
    const rightCode = postJson(b, "/api/admin/mfa", { code }, { ...ip, cookie: pending });
    const codeCounts = tallyStatuses((await Promise.all([...wrongCodes, rightCode])).map((r) => r.status));
    expect(codeCounts[200], JSON.stringify(codeCounts)).toBeUndefined();
    expect(codeCounts[401] ?? 0).toBeLessThanOrEqual(5);

    const { db } = openServerDatabase(a);
    await db.deleteFrom("staffSignInFailures").execute();
    const wrong = Array.from({ length: 99 }, (_, i) => postJson(either(i), "/api/admin/login", { email, password: `wrong ${i}` }, ip));
    await letEarlierRequestsArrive();
    const right = postJson(a, "/api/admin/login", { email, password }, ip);
    const counts = tallyStatuses((await Promise.all([...wrong, right])).map((r) => r.status));
    expect(counts[200], JSON.stringify(counts)).toBeUndefined();
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBeLessThanOrEqual(5);
    // At most five attempts were ever checked, whichever process took them.
    const rows = await db.selectFrom("staffSignInFailures").select("key").where("key", "=", `email:${email}`).execute();
    expect(rows.length).toBeLessThanOrEqual(5);
    await db.deleteFrom("staffSignInFailures").execute();
    await db.destroy();
  }, 180_000);

  it("a vehicle created through one process shows on /inventory and /api/vehicles through the other at once, and its session works on both", async () => {
    // B renders and caches /inventory first.
    const before = await fetch(`${b.url}/inventory`);
    expect(before.status).toBe(200);
    await before.text();
    const cachedAgain = await fetch(`${b.url}/inventory`);
    expect(cachedAgain.headers.get("x-document-cache")).toBe("hit");
    await cachedAgain.text();

    const owner = await signInOwner(a);
    // The session lives in the database, the photo in the shared DATA_DIR: upload through B, use through A.
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 90, b: 140 } } })
      .jpeg()
      .toBuffer();
    const upload = await fetch(`${b.url}/api/admin/photos`, {
      method: "POST",
      headers: { "content-type": "image/jpeg", cookie: owner.cookie, origin: b.url },
      body: new Uint8Array(jpeg),
    });
    expect(upload.status).toBe(201);
    const photo = (await upload.json()) as { key: string };
    const make = "Studebaker";
    const created = await fetch(`${a.url}/api/admin/vehicles`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: owner.cookie, origin: a.url },
      body: JSON.stringify(newVehicleBody([photo.key], { vin: "1HGCM82633A004352", make, model: "Champion" })),
    });
    const createdBody = await created.text();
    expect(created.status, createdBody).toBe(201);
    const { id } = JSON.parse(createdBody) as { id: string };

    const onB = await fetch(`${b.url}/api/admin/vehicles/${id}/price-history`, { headers: { cookie: owner.cookie } });
    expect(onB.status).toBe(200);
    expect((await fetch(`${a.url}/images/${photo.key}-1200.jpg`)).status).toBe(200);

    // B's caches re-read the database's stock version at least every second (decision 047), not every 30 s.
    const saved = Date.now();
    let page = await fetch(`${b.url}/inventory`);
    let html = await page.text();
    while (!html.includes(make) && Date.now() - saved < SHARED_STOCK_VERSION_REUSE_MS + 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = await fetch(`${b.url}/inventory`);
      html = await page.text();
    }
    expect(html).toContain(make);
    expect(page.headers.get("x-document-cache")).toBe("miss");
    const api = (await (await fetch(`${b.url}/api/vehicles`)).json()) as { id: string }[];
    expect(api.map((v) => v.id)).toContain(id);
  });

  it("a queued mail is sent exactly once while both processes' outbox workers poll", async () => {
    await forgetMailsOnceSent(a, smtp);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postJson(
          either(i),
          "/api/contact",
          {
            firstName: `Writer${i}`,
            lastName: "Doe",
            email: `writer${i}@example.com`,
            phone: "(978) 555-0100",
            message: "Is it still for sale?",
            hasTradeIn: false,
          },
          { headers: { "x-forwarded-for": `192.0.2.${i + 1}` } },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    // Each message: one mail to the dealer, one confirmation to the shopper.
    await smtp.waitFor(12, 60_000);
    await sleep(3_000);
    expect(smtp.mails).toHaveLength(12);
    expect(new Set(smtp.mails.map((m) => m.parsed.messageId)).size).toBe(12);
    expect(subjects(smtp.mails).filter((s) => s.startsWith("New message"))).toHaveLength(6);
    const { db } = openServerDatabase(a);
    const rows = await db.selectFrom("outbox").select(["status", "attempts"]).where("relatedType", "=", "contact").execute();
    await db.destroy();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("8 racing leads from one new shopper, spread over both (e-mail in any case, phone in any format): one customer with all 8", async () => {
    const emails = ["Twin.Racer@Example.com", "twin.racer@example.com", "TWIN.RACER@EXAMPLE.COM", "twin.Racer@example.COM"];
    const phones = ["(617) 555-0142", "617-555-0142", "+1 617 555 0142", "617.555.0142"];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postJson(
          either(i),
          "/api/contact",
          {
            firstName: "Twin",
            lastName: "Racer",
            email: emails[i % 4],
            phone: phones[(i + 1) % 4],
            message: "Still there?",
            hasTradeIn: false,
          },
          { headers: { "x-forwarded-for": `192.0.2.${i + 50}` } },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const { db } = openServerDatabase(a);
    try {
      const customers = await db
        .selectFrom("customers")
        .select(["id", "email", "phone", "mergedIntoId"])
        .where((eb) => eb.or([eb("email", "=", "twin.racer@example.com"), eb("phone", "=", "+16175550142")]))
        .execute();
      expect(customers).toEqual([{ id: customers[0]?.id, email: "twin.racer@example.com", phone: "+16175550142", mergedIntoId: null }]);
      const leads = await db.selectFrom("leads").select("customerId").where("email", "in", emails).execute();
      expect(leads.map((l) => l.customerId)).toEqual(Array(8).fill(customers[0]!.id));
    } finally {
      await db.destroy();
    }
  });

  it("40 leads from 40 new shoppers at once, spread over both, 4 more salespeople: every one 201, stored once and assigned, no deadlock", async () => {
    // Each claim of a turn locks a salesperson's row; a claim that lost its race kept the row it had
    // waited for locked, and four such transactions waited on each other (40P01, a 500 for the shopper).
    for (let i = 0; i < 4; i++) await createAccount(a, { email: `turn${i}@dealer.test`, name: `Turn ${i}`, role: "sales" });
    const shopper = (i: number) => ({
      firstName: "Rush",
      lastName: `Shopper${i}`,
      email: `rush.shopper.${i}@example.com`,
      phone: `(978) 555-${String(1000 + i).padStart(4, "0")}`,
      message: "Is it still available?",
      hasTradeIn: false,
    });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(either(i), "/api/contact", shopper(i), { headers: { "x-forwarded-for": `198.51.100.${i + 10}` } }),
      ),
    );
    expect(tallyStatuses(responses.map((r) => r.status))).toEqual({ 201: 40 });
    const { db } = openServerDatabase(a);
    try {
      const leads = await db.selectFrom("leads").select(["email", "assigneeId"]).where("email", "like", "rush.shopper.%").execute();
      expect(new Set(leads.map((l) => l.email)).size).toBe(40);
      expect(leads).toHaveLength(40);
      expect(leads.filter((l) => l.assigneeId === null)).toEqual([]);
      // The turns went round (each taken once, under the role's lock, decision 162): every salesperson in
      // has as many of them as any other, give or take one.
      const sales = await db
        .selectFrom("staffAccounts")
        .select("id")
        .where("role", "=", "sales")
        .where("disabled", "=", 0)
        .where("away", "=", 0)
        .execute();
      const held = sales.map(({ id }) => leads.filter((l) => l.assigneeId === id).length);
      expect(held.reduce((sum, n) => sum + n, 0)).toBe(40);
      expect(Math.max(...held) - Math.min(...held), JSON.stringify(held)).toBeLessThanOrEqual(1);
    } finally {
      await db.destroy();
    }
  });

  it("20 cross-merges (A←B through one process, B←A through the other, at once): one 200 and one 409 each time, no cycle", async () => {
    const owner = await signInOwner(a);
    const merge = (server: TestServer, keepId: string, otherId: string) =>
      fetch(`${server.url}/api/admin/customers/${keepId}/merge`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: owner.cookie, origin: server.url },
        body: JSON.stringify({ otherId }),
      });
    const { db } = openServerDatabase(a);
    try {
      for (let round = 0; round < 20; round++) {
        const [x, y] = await Promise.all(
          ["x", "y"].map(
            async (side) =>
              (
                await upsertCustomerForLead(db, {
                  firstName: `Cross${round}`,
                  lastName: side,
                  email: `cross-merge-${round}-${side}@example.com`,
                  phone: null,
                  locale: "en",
                })
              ).id,
          ),
        );
        const [xy, yx] = await Promise.all([merge(a, x!, y!), merge(b, y!, x!)]);
        expect([xy.status, yx.status].sort(), `round ${round}`).toEqual([200, 409]);
        const rows = await db.selectFrom("customers").select(["id", "mergedIntoId"]).where("id", "in", [x!, y!]).execute();
        expect(
          rows.filter((r) => r.mergedIntoId === null),
          `round ${round}`,
        ).toHaveLength(1);
      }
    } finally {
      await db.destroy();
    }
  });

  it("a contact message's staff mail quotes the documentation fee the pages show: a fee saved through one process at once there, within a second through the other", async () => {
    const owner = await signInOwner(a);
    const settingsUrl = `${a.url}/api/admin/deal-settings`;
    const { settings } = (await (await fetch(settingsUrl, { headers: { cookie: owner.cookie } })).json()) as {
      settings: Record<string, unknown>;
    };
    const saveFee = async (docFee: unknown) => {
      const saved = await fetch(settingsUrl, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: owner.cookie, origin: a.url },
        body: JSON.stringify({ ...settings, docFee }),
      });
      expect(saved.status).toBe(200);
    };
    const { db } = openServerDatabase(a);
    try {
      const vehicle = await db.selectFrom("vehicles").select("id").where("status", "=", "available").executeTakeFirstOrThrow();
      const contact = async (server: TestServer, n: number) => {
        const email = `fee.shopper.${n}@example.com`;
        const body = {
          firstName: "Fee",
          lastName: `Shopper${n}`,
          email,
          phone: `(978) 555-${3000 + n}`,
          message: "Is it still available?",
          hasTradeIn: false,
          vehicleId: vehicle.id,
        };
        expect((await postJson(server, "/api/contact", body, { headers: { "x-forwarded-for": `198.51.100.${200 + n}` } })).status).toBe(
          201,
        );
        const lead = await db.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
        return (
          await db
            .selectFrom("outbox")
            .select("textBody")
            .where("relatedId", "=", lead.id)
            .where("kind", "=", "contact-staff")
            .executeTakeFirstOrThrow()
        ).textBody;
      };
      // Both processes have read the settings under the present stock version (decision 162 keeps them per version).
      await contact(a, 1);
      await contact(b, 2);
      await saveFee(487);
      expect(await contact(a, 3)).toContain("$487");
      await sleep(SHARED_STOCK_VERSION_REUSE_MS + 200);
      expect(await contact(b, 4)).toContain("$487");
    } finally {
      await saveFee(settings.docFee);
      await db.destroy();
    }
  });
});

describe("two server processes starting together on an empty PostgreSQL database", () => {
  it("apply the migrations once and create one first owner", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-together-"));
    const { db: prepare } = await openDatabaseForDataDir(dataDir);
    await prepare.destroy();
    const servers = await Promise.all([startTestServer({ dataDir }), startTestServer({ dataDir })]);
    try {
      const applied = servers.flatMap((s) => s.logs.filter((l) => l.includes('"msg":"migrations applied"')));
      expect(applied).toHaveLength(1);
      const owners = servers.flatMap((s) => s.logs.filter((l) => l.includes('"msg":"first owner account created"')));
      expect(owners).toHaveLength(1);
      const { db } = openServerDatabase(servers[0]!);
      const accounts = await db.selectFrom("staffAccounts").select("email").execute();
      await db.destroy();
      expect(accounts).toEqual([{ email: DEMO_OWNER.email }]);
      for (const s of servers) expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
