import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLeadStatus } from "~/server/leads/lead-status.server";
import { civicDataDir } from "../support/civic-data-dir";
import { onPostgres, openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient } from "../support/staff-client";
import { createAccount, DEMO_OWNER, signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { TRADE_IN_VEHICLE } from "../support/trade-in-request";

/**
 * The five-minute alarm and the after-hours reply (docs/behaviour.md §18) on the real server with a
 * real SMTP server, the server's clock moved through TEST_CLOCK's file. On PostgreSQL, two server
 * processes share the database (and DATA_DIR, so the clock): each runs the alarm job, and each alarm
 * is still raised once.
 */
let a: TestServer;
let b: TestServer | undefined;
let smtp: SmtpCapture;
let vehicle: { id: string; name: string };
const SALES = { email: "sam.sales@dealer.test", name: "Sam Sales" };
let nextClient = 1;

/** Sets the servers' clock (both read the file in their shared DATA_DIR). */
const setClock = (iso: string) => {
  // Written aside, then renamed into place: a server never reads a half-written file.
  const file = path.join(a.dataDir, "test-clock");
  fs.writeFileSync(`${file}.next`, iso);
  fs.renameSync(`${file}.next`, file);
};
/** Long enough for several runs of the alarm job (every 200 ms under TEST_CLOCK) and the outbox. */
const severalTicks = () => new Promise((r) => setTimeout(r, 1_500));

async function postContact(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${a.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${nextClient++}` },
    body: JSON.stringify({ phone: "9785550100", message: "Is it still available?", ...body }),
  });
  expect(res.status).toBe(201);
}

async function leadOf(email: string) {
  const { db } = openServerDatabase(a);
  try {
    return await db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}

/** The kind and state of each shopper mail about a lead, by kind. */
async function shopperMailsOf(leadId: string) {
  const { db } = openServerDatabase(a);
  try {
    return await db
      .selectFrom("outbox")
      .select(["kind", "status"])
      .where("relatedId", "=", leadId)
      .where("kind", "in", ["after-hours-reply", "contact-ack"])
      .orderBy("kind")
      .execute();
  } finally {
    await db.destroy();
  }
}

async function eventsOf(customerId: string, kind: string) {
  const { db } = openServerDatabase(a);
  try {
    return await db.selectFrom("leadEvents").selectAll().where("customerId", "=", customerId).where("kind", "=", kind).execute();
  } finally {
    await db.destroy();
  }
}

const alarmsFor = (name: string) =>
  smtp.mails.filter((m) => (m.parsed.subject ?? "").startsWith("Lead waiting") && m.parsed.subject!.includes(name));

async function waitForMails(match: (m: CapturedMail) => boolean, count: number): Promise<CapturedMail[]> {
  const end = Date.now() + 20_000;
  for (;;) {
    const found = smtp.mails.filter(match);
    if (found.length >= count || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A data directory (and, on PostgreSQL, its database) holding one stock vehicle: no photo-seeded template needed. */
async function alarmDataDir(): Promise<string> {
  const { dir, vehicleId } = await civicDataDir({ prefix: "alarm", photo: false });
  vehicle = { id: vehicleId, name: "2019 Honda Civic" };
  return dir;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true", TEST_CLOCK: "true", LEAD_ALARM: "true" };
  const dataDir = await alarmDataDir();
  a = await startTestServer({ dataDir, env });
  if (onPostgres) b = await startTestServer({ dataDir, env });
  await createAccount(a, { email: SALES.email, name: SALES.name, role: "sales" });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
});

describe("the lead alarm", () => {
  it("an unanswered lead escalates once its 5 business minutes pass, not before, and only once, to the assignee and the owner", async () => {
    // Wednesday 15 January 2025, 10:00 in Fitchburg: open.
    setClock("2025-01-15T15:00:00.000Z");
    await postContact({ firstName: "Maria", lastName: "Silva", email: "maria.silva@example.com", vehicleId: vehicle.id });
    const lead = await leadOf("maria.silva@example.com");
    expect(lead.responseDueAt).toBe("2025-01-15T15:05:00.000Z");
    expect(lead.escalatedAt).toBeNull();
    expect(lead.assigneeId).not.toBeNull();
    // Open: no after-hours reply.
    expect(await eventsOf(lead.customerId, "after-hours-reply")).toHaveLength(0);

    setClock("2025-01-15T15:04:59.000Z");
    await severalTicks();
    expect((await leadOf("maria.silva@example.com")).escalatedAt).toBeNull();
    expect(alarmsFor("Maria Silva")).toHaveLength(0);

    setClock("2025-01-15T15:05:00.000Z");
    const alarms = await waitForMails((m) => (m.parsed.subject ?? "").startsWith("Lead waiting 5 min: Maria Silva"), 2);
    expect(alarms.map((m) => m.parsed.subject)).toEqual([
      `Lead waiting 5 min: Maria Silva, ${vehicle.name}`,
      `Lead waiting 5 min: Maria Silva, ${vehicle.name}`,
    ]);
    expect(alarms.flatMap((m) => m.envelopeTo).sort()).toEqual([DEMO_OWNER.email, SALES.email].sort());
    for (const mail of alarms) {
      expect(mail.parsed.text).toContain(`/podium/customers/${lead.customerId}`);
      expect(mail.parsed.replyTo?.text).toContain("maria.silva@example.com");
    }
    expect((await leadOf("maria.silva@example.com")).escalatedAt).toBe("2025-01-15T15:05:00.000Z");

    // Later runs (of every process) find it raised: never a second alarm.
    setClock("2025-01-15T15:30:00.000Z");
    await severalTicks();
    setClock("2025-01-15T16:00:00.000Z");
    await severalTicks();
    expect(alarmsFor("Maria Silva")).toHaveLength(2);
    expect(await eventsOf(lead.customerId, "escalated")).toHaveLength(1);
  });

  it("a lead answered before its due time never escalates", async () => {
    setClock("2025-01-15T17:00:00.000Z");
    await postContact({ firstName: "Joana", lastName: "Prompt", email: "joana.prompt@example.com" });
    const lead = await leadOf("joana.prompt@example.com");
    expect(lead.responseDueAt).toBe("2025-01-15T17:05:00.000Z");
    const { db } = openServerDatabase(a);
    try {
      // Outside a transaction, as a statement at a time: the running server shares the SQLite file.
      const changed = await changeLeadStatus(db, "message", lead.id, "contacted", null, new Date("2025-01-15T17:02:00.000Z"));
      expect(changed?.to).toBe("contacted");
    } finally {
      await db.destroy();
    }
    setClock("2025-01-15T17:30:00.000Z");
    await severalTicks();
    const after = await leadOf("joana.prompt@example.com");
    expect(after.escalatedAt).toBeNull();
    expect(after.firstResponseAt).toBe("2025-01-15T17:02:00.000Z");
    expect(alarmsFor("Joana Prompt")).toHaveLength(0);
  });

  it("names the lead's kind when it names no vehicle, and counts only open minutes across closing", async () => {
    // Wednesday 17:58: two minutes before closing, so due three minutes after Thursday's opening.
    setClock("2025-01-15T22:58:00.000Z");
    await postContact({ firstName: "Late", lastName: "Caller", email: "late.caller@example.com" });
    const lead = await leadOf("late.caller@example.com");
    expect(lead.responseDueAt).toBe("2025-01-16T13:33:00.000Z");
    setClock("2025-01-16T13:32:00.000Z");
    await severalTicks();
    expect(alarmsFor("Late Caller")).toHaveLength(0);
    setClock("2025-01-16T13:33:00.000Z");
    const alarms = await waitForMails((m) => (m.parsed.subject ?? "").startsWith("Lead waiting 5 min: Late Caller"), 2);
    expect(alarms.map((m) => m.parsed.subject)).toEqual([
      "Lead waiting 5 min: Late Caller, message",
      "Lead waiting 5 min: Late Caller, message",
    ]);
  });

  it("a trade-in arrives at the server's clock too: due five business minutes after it", async () => {
    // Thursday 16 January 2025, 11:00 and 11:20 in Fitchburg: open.
    const tradeIn = {
      ...TRADE_IN_VEHICLE,
      lastName: "Trader",
      phone: "9785550188",
      locale: "en",
    };
    setClock("2025-01-16T16:00:00.000Z");
    const res = await fetch(`${a.url}/api/trade-ins`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${nextClient++}` },
      body: JSON.stringify({ ...tradeIn, firstName: "Tomas", email: "tomas.trader@example.com" }),
    });
    expect(res.status).toBe(201);
    expect((await leadOf("tomas.trader@example.com")).responseDueAt).toBe("2025-01-16T16:05:00.000Z");
  });
});

describe("the after-hours reply", () => {
  it("a lead that arrives while closed gets, at once, the opening time in the shopper's language (Spanish)", async () => {
    // Saturday 18 January 2025, 17:00 in Fitchburg: closed (Saturday closes at 16:00, Sunday is closed).
    setClock("2025-01-18T22:00:00.000Z");
    await postContact({ firstName: "Lucía", lastName: "Noche", email: "lucia.noche@example.com", locale: "es" });
    const [reply] = await waitForMails(
      (m) => m.envelopeTo.includes("lucia.noche@example.com") && /cerrados/.test(m.parsed.subject ?? ""),
      1,
    );
    expect(reply).toBeDefined();
    expect(reply!.parsed.subject).toContain("En este momento estamos cerrados; le responderemos en cuanto abramos");
    expect(reply!.parsed.text).toContain("Abrimos el lunes 20 de enero a las 8:30 a. m. y le responderemos en cuanto abramos.");
    expect(reply!.parsed.text).toContain("Gracias, Lucía");
    expect(reply!.parsed.html).toContain('lang="es-US"');
    const lead = await leadOf("lucia.noche@example.com");
    // Its clock starts at Monday's opening (8:30 EST = 13:30 UTC).
    expect(lead.responseDueAt).toBe("2025-01-20T13:35:00.000Z");
    const events = await eventsOf(lead.customerId, "after-hours-reply");
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toEqual({ opensAt: "2025-01-20T13:30:00.000Z" });
    // The acknowledgement would contradict it: the outbox worker cancels it (its claim reads the reply).
    await expect
      .poll(() => shopperMailsOf(lead.id), { timeout: 10_000 })
      .toEqual([
        { kind: "after-hours-reply", status: "sent" },
        { kind: "contact-ack", status: "cancelled" },
      ]);
  });
});

describe("GET/PUT /api/admin/lead-settings", () => {
  it("is the owner's: 401 without a session, 403 for sales; bad input gets a field message; a change is audited and used for new leads", async () => {
    expect((await fetch(`${a.url}/api/admin/lead-settings`)).status).toBe(401);
    const sales = await signInAs(a, "sales");
    const asSales = await fetch(`${a.url}/api/admin/lead-settings`, { headers: { cookie: sales.cookie, origin: a.url } });
    expect(asSales.status).toBe(403);

    const owner = await staffClient(a);
    expect(await (await owner.fetch("/api/admin/lead-settings")).json()).toEqual({
      settings: { responseMinutes: 5 },
      updatedAt: null,
      updatedBy: null,
    });
    for (const responseMinutes of [0, 241, 2.5, "ten"]) {
      const bad = await owner.fetch("/api/admin/lead-settings", { method: "PUT", body: { responseMinutes } });
      expect(bad.status, String(responseMinutes)).toBe(400);
      expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.responseMinutes).toBeTruthy();
    }
    const saved = await owner.fetch("/api/admin/lead-settings", { method: "PUT", body: { responseMinutes: 10 } });
    expect(saved.status).toBe(200);
    expect(((await (await owner.fetch("/api/admin/lead-settings")).json()) as { settings: unknown }).settings).toEqual({
      responseMinutes: 10,
    });
    const audit = (await (await owner.fetch("/api/admin/audit?action=lead-settings-update")).json()) as { entries?: unknown[] } | unknown[];
    expect(JSON.stringify(audit)).toContain("lead-settings-update");

    // Wednesday 22 January 2025, 10:00: due ten minutes later, and the alarm says ten.
    setClock("2025-01-22T15:00:00.000Z");
    await postContact({ firstName: "Ten", lastName: "Minutes", email: "ten.minutes@example.com" });
    expect((await leadOf("ten.minutes@example.com")).responseDueAt).toBe("2025-01-22T15:10:00.000Z");
    setClock("2025-01-22T15:10:00.000Z");
    const alarms = await waitForMails((m) => (m.parsed.subject ?? "").startsWith("Lead waiting 10 min: Ten Minutes"), 1);
    expect(alarms[0]?.parsed.subject).toBe("Lead waiting 10 min: Ten Minutes, message");
  });
});
