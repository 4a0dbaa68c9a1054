import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFinancingApplication } from "~/server/data/financing-applications.server";
import type { Db } from "~/server/db/database.server";
import { financingApplicationBody, sleep } from "../support/lead-delivery-helpers";
import { openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { signInAs, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The review's M-4 and L-9 (decision 089): a financing application's contents stay with owner and finance.
 * It goes to finance in turn (then owners), its staff mail (down payment, trade-in) to them alone, and a
 * salesperson's reply or call to that customer counts on the leads sales handle, never moving the
 * application's status. Calls, notes, tasks and the status changes they make are in the audit log.
 */
const LEADS_TO = "leads@dealer.test";
let server: TestServer;
let smtp: SmtpCapture;
let owner: StaffClient;
let sales: StaffClient;
let financeOne: StaffClient;
let financeTwo: StaffClient;
const ids: Record<string, string> = {};
let nextClient = 1;
const client = () => `192.0.2.${nextClient++}`;
/** A phone of its own for each shopper: customers are matched by phone as well as e-mail. */
const phoneFor = (email: string) =>
  `(978) 555-${String(1000 + ([...email].reduce((sum, ch) => sum * 31 + ch.charCodeAt(0), 7) % 9000)).padStart(4, "0")}`;

async function withDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openServerDatabase(server);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

function api(who: StaffClient, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { cookie: who.cookie, origin: server.url, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

async function post(path: string, body: unknown): Promise<string | undefined> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client() },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id?: string }).id;
}

const apply = async (email: string) =>
  (await post("/api/financing", await financingApplicationBody({ email, phone: phoneFor(email), downPayment: "1500", locale: "en" })))!;
/** A contact message from `email`; the contact API answers no id, so its inbox row is found by e-mail. */
async function message(email: string): Promise<string> {
  await post("/api/contact", {
    firstName: "Fiona",
    lastName: "Finance",
    email,
    phone: phoneFor(email),
    message: "Is the Civic still there?",
  });
  return withDb(
    async (db) =>
      (await db.selectFrom("leads").select("id").where("type", "=", "message").where("email", "=", email).executeTakeFirstOrThrow()).id,
  );
}

const leadRow = (type: string, id: string) =>
  withDb((db) => db.selectFrom("leads").selectAll().where("type", "=", type).where("id", "=", id).executeTakeFirstOrThrow());

/** The staff mail (kind *-staff) of a lead, once sent: who it went to. */
async function staffMailOf(subjectStart: string, email: string): Promise<CapturedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = smtp.mails.find((m) => m.parsed.subject?.startsWith(subjectStart) && m.parsed.text?.includes(email));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No staff mail "${subjectStart}" for ${email}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, LEADS_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true" } });
  owner = await signInOwner(server);
  sales = await signInAs(server, "sales", "Sam Sales");
  financeOne = await signInAs(server, "finance", "Fran One");
  financeTwo = await signInAs(server, "finance", "Fred Two");
  for (const row of await withDb((db) => db.selectFrom("staffAccounts").select(["id", "email"]).execute()))
    ids[row.email.toLowerCase()] = row.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const idOf = (who: StaffClient) => ids[who.email.toLowerCase()]!;

describe("financing applications stay with finance and owners (decision 089)", () => {
  it("go to finance in turn, then owners when finance is away; their staff mail reaches only that person", async () => {
    const first = await apply("first.applicant@example.com");
    const second = await apply("second.applicant@example.com");
    const assignees = [(await leadRow("financing", first)).assigneeId, (await leadRow("financing", second)).assigneeId];
    expect(assignees.sort()).toEqual([idOf(financeOne), idOf(financeTwo)].sort());
    // A message goes to sales as before, with LEADS_TO.
    const messageId = await message("first.applicant@example.com");
    expect((await leadRow("message", messageId)).assigneeId).toBe(idOf(sales));

    const financingMail = await staffMailOf("New financing application", "first.applicant@example.com");
    const assignee = (await leadRow("financing", first)).assigneeId === idOf(financeOne) ? financeOne : financeTwo;
    expect(financingMail.envelopeTo).toEqual([assignee.email.toLowerCase()]);
    expect(financingMail.parsed.text).toContain("Down payment: $1,500");
    const messageMail = await staffMailOf("New message", "first.applicant@example.com");
    expect(messageMail.envelopeTo.sort()).toEqual([sales.email.toLowerCase(), LEADS_TO].sort());

    // Both finance people away: the owner takes it.
    for (const who of [financeOne, financeTwo])
      expect((await api(who, "/api/admin/staff/me", { method: "PATCH", body: { away: true } })).status).toBe(200);
    try {
      const third = await apply("third.applicant@example.com");
      expect((await leadRow("financing", third)).assigneeId).toBe(ids["owner@example.com"]);
      const ownerMail = await staffMailOf("New financing application", "third.applicant@example.com");
      expect(ownerMail.envelopeTo).toEqual(["owner@example.com"]);
    } finally {
      for (const who of [financeOne, financeTwo]) await api(who, "/api/admin/staff/me", { method: "PATCH", body: { away: false } });
    }
  }, 60_000);

  it("a financing application is given only to finance or an owner; sales cannot take it", async () => {
    const id = await apply("assign.applicant@example.com");
    const toSales = await api(sales, `/api/admin/leads/financing/${id}`, { method: "PATCH", body: { assigneeId: idOf(sales) } });
    expect(toSales.status).toBe(400);
    expect(((await toSales.json()) as { fieldErrors: Record<string, string> }).fieldErrors.assigneeId).toMatch(/owner or finance/);
    expect((await api(owner, `/api/admin/leads/financing/${id}`, { method: "PATCH", body: { assigneeId: idOf(sales) } })).status).toBe(400);
    const toFinance = await api(owner, `/api/admin/leads/financing/${id}`, { method: "PATCH", body: { assigneeId: idOf(financeTwo) } });
    expect(toFinance.status).toBe(200);
    const people = (await (await api(owner, "/api/admin/leads/assignees")).json()) as { id: string; role: string }[];
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([idOf(financeOne), idOf(sales)]));
  });

  it("a salesperson's reply and call count on the leads sales handle, never on the financing application; every step is audited", async () => {
    const email = "both.leads@example.com";
    const financingId = await apply(email);
    const messageId = await message(email);
    const customerId = (await leadRow("message", messageId)).customerId;
    expect((await leadRow("financing", financingId)).customerId).toBe(customerId);

    // Naming the financing application: refused, nothing recorded.
    for (const [path, body] of [
      ["calls", { outcome: "no-answer", leadType: "financing", leadId: financingId }],
      ["reply", { subject: "Your application", text: "Hello", leadType: "financing", leadId: financingId }],
      ["notes", { text: "About the application", leadType: "financing", leadId: financingId }],
    ] as const) {
      const res = await api(sales, `/api/admin/customers/${customerId}/${path}`, { method: "POST", body });
      expect(res.status, path).toBe(400);
    }
    // Not naming a lead: the reply and the call count on the message.
    expect(
      (await api(sales, `/api/admin/customers/${customerId}/reply`, { method: "POST", body: { subject: "Hi", text: "Yes, it is." } }))
        .status,
    ).toBe(201);
    expect(
      (await api(sales, `/api/admin/customers/${customerId}/calls`, { method: "POST", body: { outcome: "no-answer", note: "" } })).status,
    ).toBe(201);
    const financingLead = await leadRow("financing", financingId);
    expect(financingLead).toMatchObject({ status: "new", firstResponseAt: null });
    // The application's own screen reads the same status, kept once (decision 109).
    const application = await withDb(async (db) => (await findFinancingApplication(db, financingId))!);
    expect({ leadStatus: application.leadStatus, firstStatusChangeAt: application.firstStatusChangeAt }).toEqual({
      leadStatus: "new",
      firstStatusChangeAt: null,
    });
    const messageLead = await leadRow("message", messageId);
    expect(messageLead.status).toBe("contacted");
    expect(messageLead.firstResponseAt).not.toBeNull();

    // The owner may answer the application itself: its status moves, audited as a status change.
    expect(
      (
        await api(owner, `/api/admin/customers/${customerId}/calls`, {
          method: "POST",
          body: { outcome: "reached", leadType: "financing", leadId: financingId },
        })
      ).status,
    ).toBe(201);
    expect((await leadRow("financing", financingId)).status).toBe("contacted");

    // Notes and tasks (made and ticked off) are audited too (review L-9).
    expect(
      (await api(sales, `/api/admin/customers/${customerId}/notes`, { method: "POST", body: { text: "Prefers e-mail" } })).status,
    ).toBe(201);
    const task = await api(sales, `/api/admin/customers/${customerId}/tasks`, {
      method: "POST",
      body: { kind: "call", dueAt: new Date(Date.now() + 3_600_000).toISOString(), assigneeId: idOf(sales), note: "Call back" },
    });
    expect(task.status, await task.clone().text()).toBe(201);
    const taskId = ((await task.json()) as { id: string }).id;
    expect((await api(sales, `/api/admin/tasks/${taskId}`, { method: "PATCH", body: { done: true } })).status).toBe(200);

    const audit = await withDb((db) => db.selectFrom("auditLog").select(["action", "entity", "entityId", "accountId"]).execute());
    const salesSteps = audit.filter((a) => a.accountId === idOf(sales)).map((a) => `${a.action} ${a.entity} ${a.entityId}`);
    expect(salesSteps).toEqual(
      expect.arrayContaining([
        `reply customer ${customerId}`,
        `call customer ${customerId}`,
        `status-contacted lead message/${messageId}`,
        `note customer ${customerId}`,
        `task customer ${customerId}`,
        `task-done customer ${customerId}`,
      ]),
    );
    expect(salesSteps.filter((s) => s.includes(financingId))).toEqual([]);
    expect(audit.filter((a) => a.accountId === ids["owner@example.com"]).map((a) => `${a.action} ${a.entityId}`)).toEqual(
      expect.arrayContaining([`call ${customerId}`, `status-contacted financing/${financingId}`]),
    );
  }, 60_000);
});
