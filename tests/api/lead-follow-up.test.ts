import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMails } from "~/server/data/outbox.server";
import { insertService } from "~/server/data/services.server";
import { migrateToLatest, type Db } from "~/server/db/database.server";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import type { LeadMail } from "~/shared/staff/lead-tracking";
import type { Service } from "~/shared/types/service";
import { insertApplication } from "../support/admin-fixtures";
import { upcomingDateFor } from "../support/booking-dates";
import { financingApplicationBody, sleep } from "../support/lead-delivery-helpers";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { signInAs, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { openServerDatabase, untilOutboxSettled } from "../support/server-database";
import { openDatabaseForDataDir, startTestServer, type TestServer } from "../support/test-server";

/** Lead status, each lead's mail states, the Outbox with retry, and a lead's mails deleted with it. */

const LEADS_TO = "leads@dealer.test";
const ADF_TO = "crm@dealer.test";
const SSN = "123-45-6789";
const MESSAGE_TEXT = "Could you hold the blue one until Saturday?";

let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;

function submit(server: TestServer, url: string, body: unknown) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
}

/** A same-origin staff call with the person's session. */
function call(who: StaffClient, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${who.server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      cookie: who.cookie,
      origin: who.server.url,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
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

const outboxRowsFor = (server: TestServer, relatedId: string) =>
  withDb(server, (db) => db.selectFrom("outbox").selectAll().where("relatedId", "=", relatedId).execute());

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

const contactBody = (firstName = "Jane") => ({
  firstName,
  lastName: "Doe",
  email: "jane.doe@example.com",
  phone: "9785550100",
  message: MESSAGE_TEXT,
  hasTradeIn: false,
});

/** A data directory with the demo services (quicker than the photo-seeded template). */
async function servicesDataDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-follow-up-"));
  const { db } = await openDatabaseForDataDir(dir);
  try {
    await migrateToLatest(db);
    for (const [position, service] of DEMO_SERVICES.entries()) await insertService(db, service, position);
  } finally {
    await db.destroy();
  }
  return dir;
}

type Lead = { id: string; createdAt: string; leadStatus: string; firstStatusChangeAt: string | null; mails: LeadMail[] };

describe("lead status and each lead's mails", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let owner: StaffClient;
  let sales: StaffClient;
  let finance: StaffClient;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({
      dataDir: await servicesDataDir(),
      env: { SMTP_URL: smtp.url, LEADS_TO, ADF_TO, TRUST_PROXY: "true" },
    });
    owner = await signInOwner(server);
    sales = await signInAs(server, "sales");
    finance = await signInAs(server, "finance");
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("a message: mails listed with their states, status set by sales and owner, first change stamped once, audited, deleted with its mails", async () => {
    expect((await submit(server, "/api/contact", contactBody())).status).toBe(201);
    const list = () => call(owner, "/api/admin/contact-submissions").then((r) => r.json() as Promise<Lead[]>);
    const [message] = await until("three sent mails", list, (l) => l[0]?.mails.length === 3 && l[0].mails.every((m) => m.state === "sent"));
    expect(message!.leadStatus).toBe("new");
    expect(message!.firstStatusChangeAt).toBeNull();
    expect(message!.mails.map((m) => m.audience).sort()).toEqual(["crm", "shopper", "staff"]);
    expect(JSON.stringify(message!.mails)).not.toContain(MESSAGE_TEXT);
    const url = `/api/admin/contact-submissions/${message!.id}/status`;

    // Saving "new" on a new lead is no response yet.
    const same = await call(owner, url, { method: "PATCH", body: { status: "new" } });
    expect(same.status).toBe(200);
    expect(((await same.json()) as Lead).firstStatusChangeAt).toBeNull();

    const contacted = await call(sales, url, { method: "PATCH", body: { status: "contacted" } });
    expect(contacted.status).toBe(200);
    const first = (await contacted.json()) as Lead;
    expect(first.leadStatus).toBe("contacted");
    expect(Date.parse(first.firstStatusChangeAt!)).toBeGreaterThanOrEqual(Date.parse(message!.createdAt));
    await sleep(20);
    const closed = (await (await call(owner, url, { method: "PATCH", body: { status: "closed" } })).json()) as Lead;
    expect(closed.leadStatus).toBe("closed");
    expect(closed.firstStatusChangeAt).toBe(first.firstStatusChangeAt);
    expect((await list()).find((m) => m.id === message!.id)).toMatchObject({
      leadStatus: "closed",
      firstStatusChangeAt: first.firstStatusChangeAt,
    });

    // Bad input: field messages, nothing stored; unknown records; a role that may not see messages.
    const bad = await call(owner, url, { method: "PATCH", body: { status: "done" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.status).toMatch(/new, contacted or closed/);
    expect((await call(owner, url, { method: "PATCH", body: {} })).status).toBe(400);
    expect(
      (await call(owner, `/api/admin/contact-submissions/${crypto.randomUUID()}/status`, { method: "PATCH", body: { status: "closed" } }))
        .status,
    ).toBe(404);
    expect(
      (await call(owner, "/api/admin/contact-submissions/not-an-id/status", { method: "PATCH", body: { status: "closed" } })).status,
    ).toBe(404);
    expect((await call(finance, url, { method: "PATCH", body: { status: "new" } })).status).toBe(403);
    expect((await list()).find((m) => m.id === message!.id)?.leadStatus).toBe("closed");

    const audit = (await (await call(owner, "/api/admin/audit?action=status-contacted")).json()) as {
      entries: { actor: string; entityId: string }[];
    };
    expect(audit.entries).toContainEqual(expect.objectContaining({ actor: sales.email, entityId: message!.id }));

    expect(await outboxRowsFor(server, message!.id)).toHaveLength(3);
    expect((await call(sales, `/api/admin/contact-submissions/${message!.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await outboxRowsFor(server, message!.id)).toEqual([]);
    const deletes = (await (await call(owner, "/api/admin/audit?action=delete")).json()) as { entries: { entityId: string }[] };
    expect(deletes.entries.map((e) => e.entityId)).toContain(message!.id);
  }, 120_000);

  it("a financing application: status for finance and owner only, never sensitive data in answers, deleted with its mails", async () => {
    const body = await financingApplicationBody({ ssn: SSN, hasCoOwner: false });
    const res = await submit(server, "/api/financing", body);
    expect(res.status).toBe(201);
    const list = () => call(finance, "/api/admin/financing").then((r) => r.json() as Promise<Lead[]>);
    const applications = await until("three sent mails", list, (l) =>
      l.some((a) => a.mails.length === 3 && a.mails.every((m) => m.state === "sent")),
    );
    const app = applications.find((a) => a.mails.length === 3)!;
    expect(app.leadStatus).toBe("new");
    const url = `/api/admin/financing/${app.id}/status`;
    expect((await call(sales, url, { method: "PATCH", body: { status: "contacted" } })).status).toBe(403);
    const changed = await call(finance, url, { method: "PATCH", body: { status: "contacted" } });
    expect(changed.status).toBe(200);
    const text = await changed.text();
    expect(JSON.parse(text)).toMatchObject({ id: app.id, leadStatus: "contacted" });
    expect(text).not.toContain(SSN);
    expect(text).not.toContain("6789");

    // The outbox view never carries a financing mail's body or anything sensitive.
    const outbox = await (await call(owner, "/api/admin/outbox")).text();
    expect(outbox).toContain("New financing application");
    for (const secret of [SSN, "123456789", "textBody", "htmlBody", "text_body", "data:image"]) expect(outbox).not.toContain(secret);

    expect(await outboxRowsFor(server, app.id)).toHaveLength(3);
    // Regulation B keeps it 25 months (decision 095): refused until then, with the date it may go.
    const early = await call(owner, `/api/admin/financing/${app.id}`, { method: "DELETE" });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(/25 months .* it can be deleted from \d{4}-\d{2}-\d{2}/);
    expect(await outboxRowsFor(server, app.id)).toHaveLength(3);
    const { db } = openServerDatabase(server);
    await db
      .updateTable("financingApplications")
      .set({ createdAt: new Date(Date.now() - 800 * 86_400_000).toISOString() })
      .where("id", "=", app.id)
      .execute();
    await db.destroy();
    expect((await call(owner, `/api/admin/financing/${app.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await outboxRowsFor(server, app.id)).toEqual([]);
  }, 120_000);

  it("bookings list their mails, the reminder queued until its day", async () => {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
    const service = services.find((s) => s.availableTimes.length)!;
    const res = await submit(server, "/api/bookings", {
      serviceId: service.id,
      bookingDate: upcomingDateFor(service, 4),
      bookingTime: service.availableTimes[0],
      customerFirstName: "Bo",
      customerLastName: "Oker",
      customerEmail: "bo@example.com",
      customerPhone: "(978) 555-0109",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const list = () => call(owner, "/api/admin/bookings").then((r) => r.json() as Promise<Lead[]>);
    const bookings = await until(
      "the booking's two mails sent",
      list,
      (l) => (l.find((b) => b.id === id)?.mails.filter((m) => m.state === "sent").length ?? 0) === 2,
    );
    const mails = bookings.find((b) => b.id === id)!.mails;
    expect(mails.map((m) => [m.kind, m.state])).toEqual([
      ["booking-staff", "sent"],
      ["booking-confirmation", "sent"],
      ["booking-reminder", "queued"],
    ]);
  }, 60_000);
});

describe("the outbox: failed mails, the banner's status and retry", () => {
  it("lists a failed mail without its body for the owner only, tells every role the last send failed, and retries it once SMTP is back", async () => {
    const probe = await startSmtpCapture();
    const port = probe.port;
    await probe.close();
    const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_TO, TRUST_PROXY: "true" } });
    let smtp: SmtpCapture | null = null;
    try {
      const owner = await signInOwner(server);
      const sales = await signInAs(server, "sales");
      expect((await submit(server, "/api/contact", contactBody("Failing"))).status).toBe(201);
      const allRows = () => withDb(server, (db) => db.selectFrom("outbox").selectAll().orderBy("id").execute());
      await until(
        "a failed first attempt",
        allRows,
        (rows) => rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.status === "queued"),
      );
      // A day of failures, compressed: the mails were first due 25 h ago, so the next failure is final.
      await withDb(server, (db) =>
        db
          .updateTable("outbox")
          .set({ dueAt: new Date(Date.now() - 25 * 3600_000).toISOString(), nextAttemptAt: new Date().toISOString() })
          .execute(),
      );
      await until("both mails failed for good", allRows, (rows) => rows.every((r) => r.status === "failed"), 60_000);

      const status = (await (await call(sales, "/api/admin/mail-status")).json()) as Record<string, unknown>;
      expect(status).toMatchObject({ mode: "smtp", lastSendFailed: true, failed: 2 });
      expect(JSON.stringify(status)).not.toContain("ECONNREFUSED");

      expect((await call(sales, "/api/admin/outbox")).status).toBe(403);
      const page = (await (await call(owner, "/api/admin/outbox?status=failed")).json()) as {
        counts: Record<string, number>;
        mails: { id: number; to: string; subject: string; status: string; attempts: number; lastError: string | null }[];
      };
      expect(page.counts.failed).toBe(2);
      expect(page.mails).toHaveLength(2);
      for (const mail of page.mails) {
        expect(mail.status).toBe("failed");
        expect(mail.attempts).toBeGreaterThanOrEqual(2);
        expect(mail.lastError).toMatch(/ECONNREFUSED|connect/i);
        expect(Object.keys(mail)).not.toContain("textBody");
      }
      expect(JSON.stringify(page)).not.toContain(MESSAGE_TEXT);
      // The lead went to the signed-in sales person in turn: their address and LEADS_TO share the one staff mail.
      expect(page.mails.map((m) => m.to).sort()).toEqual(["jane.doe@example.com", `${sales.email}, ${LEADS_TO}`]);
      expect((await call(owner, "/api/admin/outbox?status=sent")).ok).toBe(true);
      expect(((await (await call(owner, "/api/admin/outbox?status=sent")).json()) as { mails: unknown[] }).mails).toEqual([]);
      const badFilter = await call(owner, "/api/admin/outbox?status=lost");
      expect(badFilter.status).toBe(400);
      expect(((await badFilter.json()) as { fieldErrors: Record<string, string> }).fieldErrors.status).toMatch(/queued/);

      const staffMail = page.mails.find((m) => m.to.endsWith(LEADS_TO))!;
      expect((await call(sales, `/api/admin/outbox/${staffMail.id}/retry`, { method: "POST" })).status).toBe(403);
      smtp = await startSmtpCapture({ port });
      const retried = await call(owner, `/api/admin/outbox/${staffMail.id}/retry`, { method: "POST" });
      expect(retried.status).toBe(200);
      expect(((await retried.json()) as { status: string }).status).toMatch(/queued|sending|sent/);
      const [received] = await smtp.waitFor(1, 30_000);
      expect(received!.parsed.subject).toBe("New message: General inquiry — Failing Doe");
      // Only the retried mail went: the other stays failed until someone retries it (had it been queued
      // again too, the outbox would not settle before sending it).
      await untilOutboxSettled(server);
      expect(smtp.mails).toHaveLength(1);
      const rows = await until("the retried mail marked sent", allRows, (r) =>
        r.some((row) => row.id === staffMail.id && row.status === "sent"),
      );
      expect(rows.filter((r) => r.status === "failed")).toHaveLength(1);

      expect((await call(owner, `/api/admin/outbox/${staffMail.id}/retry`, { method: "POST" })).status).toBe(409);
      expect((await call(owner, "/api/admin/outbox/99999/retry", { method: "POST" })).status).toBe(404);
      expect((await call(owner, "/api/admin/outbox/abc/retry", { method: "POST" })).status).toBe(404);
      const after = (await (await call(sales, "/api/admin/mail-status")).json()) as Record<string, unknown>;
      expect(after).toMatchObject({ mode: "smtp", lastSendFailed: false, failed: 1 });
      const audit = (await (await call(owner, "/api/admin/audit?action=retry-mail")).json()) as {
        entries: { entityId: string; actor: string }[];
      };
      expect(audit.entries).toEqual([expect.objectContaining({ entityId: String(staffMail.id), actor: owner.email })]);
    } finally {
      await server.stop();
      await smtp?.close();
    }
  }, 180_000);
});

describe("retention purge", () => {
  it("removes an expired application's outbox mails with it, and keeps other leads' mails", async () => {
    let server = await startTestServer();
    const dataDir = server.dataDir;
    await server.stop();
    // Past Regulation B's 25 months (decision 095): 800 days since it was submitted, no action recorded.
    const old = await insertApplication(server, { createdAt: new Date(Date.now() - 800 * 86_400_000).toISOString() });
    const young = await insertApplication(server);
    const mail = (relatedId: string) => ({
      kind: "financing-staff",
      to: LEADS_TO,
      subject: "New financing application: General inquiry — Ana Silva",
      text: "Ana Silva, ana@example.com",
      relatedType: "financing" as const,
      relatedId,
    });
    await withDb(server, (db) => enqueueMails(db, [mail(old.id), mail(young.id)]));
    server = await startTestServer({ dataDir });
    try {
      expect(await outboxRowsFor(server, old.id)).toEqual([]);
      expect(await outboxRowsFor(server, young.id)).toHaveLength(1);
      expect(await withDb(server, (db) => db.selectFrom("financingApplications").select("id").execute())).toEqual([{ id: young.id }]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
