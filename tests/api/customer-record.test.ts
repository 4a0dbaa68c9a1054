import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerRecord, CustomerSummary, CustomerTask, TimelineEntry } from "~/features/leads/customer-record.server";
import type { TodayTask } from "~/features/leads/tasks.server";
import { listContactSubmissions } from "~/server/data/contact-submissions.server";
import { upsertCustomerForLead } from "~/server/data/customers.server";
import { endOfDealerDay } from "~/shared/lib/dealer-clock";
import type { Db } from "~/server/db/database.server";
import { sleep } from "../support/lead-delivery-helpers";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { signInAs, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { openServerDatabase } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

/** The customer record (docs/behaviour.md §19): timeline, replies by mail, calls, notes, tasks, Today, merge, roles. */

const MAIL_FROM = "sales@dealer.test";
let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;

function submit(server: TestServer, url: string, body: unknown) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
}

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
const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

async function withDb<T>(server: TestServer, run: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openServerDatabase(server);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

const contactBody = (email: string, phone: string, firstName = "Maria") => ({
  firstName,
  lastName: "Silva",
  email,
  phone,
  message: "Is the Civic still available?",
  hasTradeIn: false,
});

/** The customer of the lead sent from this e-mail, via the inbox row the lead wrote. */
const customerIdOf = (server: TestServer, email: string) =>
  withDb(
    server,
    async (db) => (await db.selectFrom("leads").select("customerId").where("email", "=", email).executeTakeFirstOrThrow()).customerId,
  );

const leadOf = (server: TestServer, customerId: string) =>
  withDb(server, (db) => db.selectFrom("leads").selectAll().where("customerId", "=", customerId).orderBy("createdAt").execute());

describe("the customer record", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let owner: StaffClient;
  let sales: StaffClient;
  let otherSales: StaffClient;
  let finance: StaffClient;
  let service: StaffClient;
  let salesId: string;
  let otherSalesId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM, TRUST_PROXY: "true" } });
    owner = await signInOwner(server);
    sales = await signInAs(server, "sales", "Sam Sales");
    otherSales = await signInAs(server, "sales", "Olga Other");
    finance = await signInAs(server, "finance");
    service = await signInAs(server, "service");
    const ids = await withDb(server, (db) => db.selectFrom("staffAccounts").select(["id", "email"]).execute());
    salesId = ids.find((r) => r.email === sales.email.toLowerCase())!.id;
    otherSalesId = ids.find((r) => r.email === otherSales.email.toLowerCase())!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("a reply is mailed from the dealership with Reply-To the staff member, kept in order in the timeline, and is the first response", async () => {
    const email = "maria.reply@example.com";
    expect((await submit(server, "/api/contact", contactBody(email, "9785550111"))).status).toBe(201);
    const customerId = await customerIdOf(server, email);
    // The lead's own mails (staff, shopper acknowledgement) go first, so the reply is the next to arrive.
    const before = await until(
      "the lead's mails sent",
      () => json<CustomerRecord>(call(sales, `/api/admin/customers/${customerId}`)),
      (r) =>
        r.timeline.filter((e) => e.kind === "mail").length >= 2 && r.timeline.every((e) => e.kind !== "mail" || e.data.state === "sent"),
    );
    expect(before.customer).toMatchObject({
      id: customerId,
      firstName: "Maria",
      lastName: "Silva",
      email,
      phone: "+19785550111",
      mergedIntoId: null,
    });
    expect(before.leads).toHaveLength(1);
    expect(before.leads[0]).toMatchObject({ type: "message", status: "new", firstResponseAt: null });
    const mailsBefore = smtp.mails.length;

    const reply = await call(sales, `/api/admin/customers/${customerId}/reply`, {
      method: "POST",
      body: { subject: "Your Civic", text: "Hi Maria, yes it is. Come by Saturday?" },
    });
    expect(reply.status).toBe(201);

    const [mail] = (await smtp.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail!.envelopeTo).toEqual([email]);
    expect(mail!.parsed.subject).toBe("Your Civic");
    expect(mail!.parsed.from?.value[0]?.address).toBe(MAIL_FROM);
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe(sales.email.toLowerCase());
    expect(mail!.parsed.text).toContain("Hi Maria, yes it is.");
    expect(mail!.parsed.text).toContain("Sam Sales");

    const after = await until(
      "the reply mail sent",
      () => json<CustomerRecord>(call(sales, `/api/admin/customers/${customerId}`)),
      (r) => r.timeline.some((e) => e.kind === "mail" && e.data.mailKind === "customer-reply" && e.data.state === "sent"),
    );
    const kinds = after.timeline.map((e) => e.kind);
    expect(kinds[0]).toBe("lead");
    expect(kinds.indexOf("reply")).toBeGreaterThan(kinds.lastIndexOf("mail", kinds.indexOf("reply")));
    const replyAt = kinds.indexOf("reply");
    expect(after.timeline[replyAt]).toMatchObject({
      leadType: "message",
      staff: { id: salesId, name: "Sam Sales" },
      data: { subject: "Your Civic", text: "Hi Maria, yes it is. Come by Saturday?" },
    });
    expect(after.timeline.slice(replyAt + 1).find((e) => e.kind === "mail")?.data).toMatchObject({
      mailKind: "customer-reply",
      audience: "shopper",
      state: "sent",
      subject: "Your Civic",
    });
    const times = after.timeline.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    // Mails show who they were for and their state, never a body.
    expect(JSON.stringify(after.timeline.filter((e) => e.kind === "mail"))).not.toContain("Is the Civic still available?");
    // The lead: its first response is the reply, and it is now contacted (in the lead's own table too).
    expect(after.leads[0]).toMatchObject({ status: "contacted" });
    expect(after.leads[0]!.firstResponseAt).not.toBeNull();
    expect(after.timeline.some((e) => e.kind === "status" && e.data.status === "contacted")).toBe(true);
    // The message's own list (the Messages screen's) reads the same status, kept once (decision 109).
    const stored = await withDb(server, async (db) => (await listContactSubmissions(db)).find((m) => m.email === email)!);
    expect(stored.leadStatus).toBe("contacted");

    // A second reply does not move the first response.
    const firstResponseAt = after.leads[0]!.firstResponseAt;
    await sleep(20);
    expect(
      (await call(owner, `/api/admin/customers/${customerId}/reply`, { method: "POST", body: { subject: "Re", text: "Again" } })).status,
    ).toBe(201);
    expect((await leadOf(server, customerId))[0]!.firstResponseAt).toBe(firstResponseAt);
  }, 120_000);

  it("a logged call counts as the first response; notes are not; field messages for bad input", async () => {
    const email = "call.me@example.com";
    expect((await submit(server, "/api/contact", contactBody(email, "9785550122", "Carla"))).status).toBe(201);
    const customerId = await customerIdOf(server, email);
    const url = `/api/admin/customers/${customerId}`;

    expect((await call(sales, `${url}/notes`, { method: "POST", body: { text: "Prefers mornings." } })).status).toBe(201);
    expect((await leadOf(server, customerId))[0]!.firstResponseAt).toBeNull();

    expect((await call(sales, `${url}/calls`, { method: "POST", body: { outcome: "voicemail", note: "Left a message" } })).status).toBe(
      201,
    );
    const [lead] = await leadOf(server, customerId);
    expect(lead!.firstResponseAt).not.toBeNull();
    expect(lead!.status).toBe("contacted");
    const record = await json<CustomerRecord>(call(sales, url));
    expect(record.timeline.find((e) => e.kind === "note")?.data).toEqual({ text: "Prefers mornings." });
    expect(record.timeline.find((e) => e.kind === "call")?.data).toEqual({ outcome: "voicemail", note: "Left a message" });

    const fieldErrors = async (res: Promise<Response>) => {
      const r = await res;
      expect(r.status).toBe(400);
      return Object.keys(((await r.json()) as { fieldErrors: Record<string, string> }).fieldErrors).sort();
    };
    expect(await fieldErrors(call(sales, `${url}/reply`, { method: "POST", body: { subject: " ", text: "" } }))).toEqual([
      "subject",
      "text",
    ]);
    expect(await fieldErrors(call(sales, `${url}/reply`, { method: "POST", body: { subject: "x".repeat(201), text: "ok" } }))).toEqual([
      "subject",
    ]);
    expect(await fieldErrors(call(sales, `${url}/notes`, { method: "POST", body: {} }))).toEqual(["text"]);
    expect(await fieldErrors(call(sales, `${url}/calls`, { method: "POST", body: { outcome: "shouted" } }))).toEqual(["outcome"]);
    expect(
      await fieldErrors(call(sales, `${url}/tasks`, { method: "POST", body: { kind: "fax", dueAt: "tomorrow", assigneeId: "me" } })),
    ).toEqual(["assigneeId", "dueAt", "kind"]);
    // A lead that is not this customer's.
    expect(
      await fieldErrors(
        call(sales, `${url}/reply`, {
          method: "POST",
          body: { subject: "a", text: "b", leadType: "message", leadId: crypto.randomUUID() },
        }),
      ),
    ).toEqual(["leadId"]);
    // An assignee who cannot have tasks (finance) or does not exist.
    const financeId = (
      await withDb(server, (db) => db.selectFrom("staffAccounts").select("id").where("role", "=", "finance").executeTakeFirstOrThrow())
    ).id;
    for (const assigneeId of [financeId, crypto.randomUUID()])
      expect(
        await fieldErrors(
          call(sales, `${url}/tasks`, { method: "POST", body: { kind: "call", dueAt: new Date().toISOString(), assigneeId } }),
        ),
      ).toEqual(["assigneeId"]);
    // Unknown customers and ids that are not ids.
    expect((await call(sales, `/api/admin/customers/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(sales, "/api/admin/customers/nope")).status).toBe(404);
    expect((await call(sales, `/api/admin/customers/${crypto.randomUUID()}/notes`, { method: "POST", body: { text: "x" } })).status).toBe(
      404,
    );
    expect((await call(sales, "/api/admin/tasks?due=someday")).status).toBe(400);
  }, 60_000);

  it("a customer without e-mail gets a clear 409 for a reply", async () => {
    const customerId = crypto.randomUUID();
    await withDb(server, (db) =>
      db
        .insertInto("customers")
        .values({
          id: customerId,
          email: null,
          phone: "+19785550199",
          firstName: "Phone",
          lastName: "Only",
          locale: "en",
          mergedIntoId: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute(),
    );
    const res = await call(sales, `/api/admin/customers/${customerId}/reply`, { method: "POST", body: { subject: "Hi", text: "Hello" } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/no e-mail address/);
  });

  it("tasks: due today, tomorrow and overdue in the Today view; done by the assignee, the creator or the owner only", async () => {
    const email = "tasks@example.com";
    expect((await submit(server, "/api/contact", contactBody(email, "9785550133", "Tania"))).status).toBe(201);
    const customerId = await customerIdOf(server, email);
    const url = `/api/admin/customers/${customerId}/tasks`;
    const now = Date.now();
    // Between now and the dealership's midnight (a few seconds ahead when the test runs just before it).
    const endOfDay = endOfDealerDay(new Date(now)).getTime();
    const laterToday = new Date(Math.min(now + 60_000, now + (endOfDay - now) / 2)).toISOString();
    const add = async (dueAt: string, note: string, assigneeId = salesId, who = sales) => {
      const res = await call(who, url, { method: "POST", body: { kind: "call", dueAt, assigneeId, note } });
      expect(res.status).toBe(201);
      return (await res.json()) as CustomerTask;
    };
    const today = await add(laterToday, "today");
    const tomorrow = await add(new Date(endOfDay + 3_600_000).toISOString(), "tomorrow");
    const overdue = await add(new Date(now - 2 * 86_400_000).toISOString(), "overdue");
    const forOther = await add(laterToday, "for Olga", otherSalesId, owner);
    expect(today).toMatchObject({ customerId, kind: "call", assigneeId: salesId, doneAt: null, createdBy: salesId });

    const mine = await json<TodayTask[]>(call(sales, "/api/admin/tasks?assignee=me&due=today"));
    expect(mine.map((t) => t.note)).toEqual(["overdue", "today"]);
    expect(mine.map((t) => t.overdue)).toEqual([true, false]);
    expect(mine[0]).toMatchObject({ customerId, customerName: "Tania Silva", assigneeName: "Sam Sales" });
    expect((await json<TodayTask[]>(call(sales, "/api/admin/tasks"))).map((t) => t.id)).toEqual([overdue.id, today.id]);
    expect((await json<TodayTask[]>(call(sales, "/api/admin/tasks?due=overdue"))).map((t) => t.note)).toEqual(["overdue"]);
    expect((await json<TodayTask[]>(call(sales, "/api/admin/tasks?due=all"))).map((t) => t.note)).toEqual(["overdue", "today", "tomorrow"]);
    expect((await json<TodayTask[]>(call(otherSales, "/api/admin/tasks"))).map((t) => t.note)).toEqual(["for Olga"]);

    // Done: by the assignee; someone else's task only by its creator or the owner.
    expect((await call(otherSales, `/api/admin/tasks/${today.id}`, { method: "PATCH", body: { done: true } })).status).toBe(403);
    const done = await call(sales, `/api/admin/tasks/${today.id}`, { method: "PATCH", body: { done: true } });
    expect(done.status).toBe(200);
    expect(((await done.json()) as CustomerTask).doneAt).not.toBeNull();
    expect((await json<TodayTask[]>(call(sales, "/api/admin/tasks"))).map((t) => t.note)).toEqual(["overdue"]);
    expect((await call(sales, `/api/admin/tasks/${today.id}`, { method: "PATCH", body: { done: "yes" } })).status).toBe(400);
    expect((await call(sales, `/api/admin/tasks/${crypto.randomUUID()}`, { method: "PATCH", body: { done: true } })).status).toBe(404);
    expect((await call(owner, `/api/admin/tasks/${forOther.id}`, { method: "PATCH", body: { done: true } })).status).toBe(200);
    expect((await call(sales, `/api/admin/tasks/${tomorrow.id}`, { method: "PATCH", body: { done: true } })).status).toBe(200);
    expect((await call(sales, `/api/admin/tasks/${tomorrow.id}`, { method: "PATCH", body: { done: false } })).status).toBe(200);

    const record = await json<CustomerRecord>(call(sales, `/api/admin/customers/${customerId}`));
    // Soonest first; "today" and "for Olga" share a due time.
    expect(record.tasks.map((t) => t.note)).toEqual(["overdue", expect.any(String), expect.any(String), "tomorrow"]);
    expect(
      record.tasks
        .map((t) => t.note)
        .slice(1, 3)
        .sort(),
    ).toEqual(["for Olga", "today"]);
    expect(record.timeline.filter((e) => e.kind === "task")).toHaveLength(4);
    expect(record.timeline.filter((e: TimelineEntry) => e.kind === "task-done")).toHaveLength(3);
    expect(record.assignees.map((a) => a.id)).toEqual(expect.arrayContaining([salesId, otherSalesId]));
    // The person asking is offered first.
    expect(record.assignees[0]?.id).toBe(salesId);
  }, 60_000);

  it("merges two records of one person: leads, timeline and tasks move; refused into itself or from a merged record; audited", async () => {
    expect((await submit(server, "/api/contact", contactBody("joao@example.com", "9785550144", "Joao"))).status).toBe(201);
    expect((await submit(server, "/api/contact", contactBody("joao.work@example.com", "6175550145", "Joao"))).status).toBe(201);
    const keepId = await customerIdOf(server, "joao@example.com");
    const otherId = await customerIdOf(server, "joao.work@example.com");
    expect(keepId).not.toBe(otherId);
    expect((await call(sales, `/api/admin/customers/${otherId}/notes`, { method: "POST", body: { text: "Work phone" } })).status).toBe(201);
    const found = await json<CustomerSummary[]>(call(sales, "/api/admin/customers?q=joao"));
    expect(found.map((c) => c.id).sort()).toEqual([keepId, otherId].sort());
    expect((await json<CustomerSummary[]>(call(sales, "/api/admin/customers?q=(617) 555-0145"))).map((c) => c.id)).toEqual([otherId]);

    const self = await call(sales, `/api/admin/customers/${keepId}/merge`, { method: "POST", body: { otherId: keepId } });
    expect(self.status).toBe(400);
    expect((await call(sales, `/api/admin/customers/${keepId}/merge`, { method: "POST", body: {} })).status).toBe(400);
    const merged = await call(sales, `/api/admin/customers/${keepId}/merge`, { method: "POST", body: { otherId } });
    expect(merged.status).toBe(200);

    const record = await json<CustomerRecord>(call(sales, `/api/admin/customers/${keepId}`));
    expect(record.leads).toHaveLength(2);
    expect(record.timeline.some((e) => e.kind === "note" && e.data.text === "Work phone")).toBe(true);
    expect(record.timeline.at(-1)).toMatchObject({ kind: "merged", staff: { id: salesId }, data: { otherId } });
    // The merged id answers with the record it joined; it is no longer found by search.
    const viaOld = await json<CustomerRecord>(call(sales, `/api/admin/customers/${otherId}`));
    expect(viaOld.customer.id).toBe(keepId);
    expect(viaOld.mergedFrom).toBe(otherId);
    expect((await json<CustomerSummary[]>(call(sales, "/api/admin/customers?q=joao"))).map((c) => c.id)).toEqual([keepId]);
    // Again, or into the merged record: refused.
    expect((await call(sales, `/api/admin/customers/${keepId}/merge`, { method: "POST", body: { otherId } })).status).toBe(400);
    expect((await call(sales, `/api/admin/customers/${otherId}/merge`, { method: "POST", body: { otherId: keepId } })).status).toBe(409);
    const audit = await withDb(server, (db) =>
      db.selectFrom("auditLog").select(["action", "entityId"]).where("entity", "=", "customer").execute(),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "merge", entityId: keepId },
        { action: "merged-away", entityId: otherId },
      ]),
    );
  }, 60_000);

  it("two cross-merges at once (A←B and B←A), 20 times: one 200, one 409, and both records stay reachable (review M-3)", async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = await withDb(server, (db) =>
        Promise.all(
          ["a", "b"].map(
            async (side) =>
              (
                await upsertCustomerForLead(db, {
                  firstName: `Race${round}`,
                  lastName: side,
                  email: `merge-race-${round}-${side}@example.com`,
                  phone: null,
                  locale: "en",
                })
              ).id,
          ),
        ),
      );
      const [ab, ba] = await Promise.all([
        call(owner, `/api/admin/customers/${a}/merge`, { method: "POST", body: { otherId: b } }),
        call(sales, `/api/admin/customers/${b}/merge`, { method: "POST", body: { otherId: a } }),
      ]);
      expect([ab.status, ba.status].sort(), `round ${round}`).toEqual([200, 409]);
      const kept = ab.status === 200 ? a! : b!;
      const merged = kept === a ? b! : a!;
      const rows = await withDb(server, (db) =>
        db.selectFrom("customers").select(["id", "mergedIntoId"]).where("id", "in", [a!, b!]).execute(),
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.mergedIntoId]))).toEqual({ [kept]: null, [merged]: kept });
      for (const id of [a!, b!]) {
        const record = await call(owner, `/api/admin/customers/${id}`);
        expect(record.status, `round ${round}: ${id}`).toBe(200);
        expect(((await record.json()) as CustomerRecord).customer.id).toBe(kept);
      }
    }
  }, 120_000);

  it("roles: owner and sales use customer records and tasks; finance and service get 403", async () => {
    const email = "roles@example.com";
    expect((await submit(server, "/api/contact", contactBody(email, "9785550155", "Rita"))).status).toBe(201);
    const customerId = await customerIdOf(server, email);
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/customers?q=rita"],
      ["GET", `/api/admin/customers/${customerId}`],
      ["POST", `/api/admin/customers/${customerId}/notes`, { text: "role check" }],
      ["POST", `/api/admin/customers/${customerId}/calls`, {}],
      ["POST", `/api/admin/customers/${customerId}/tasks`, { kind: "other", dueAt: new Date().toISOString(), assigneeId: salesId }],
      ["POST", `/api/admin/customers/${customerId}/reply`, { subject: "s", text: "t" }],
      ["POST", `/api/admin/customers/${customerId}/merge`, { otherId: crypto.randomUUID() }],
      ["GET", "/api/admin/tasks?assignee=me&due=today"],
      ["PATCH", `/api/admin/tasks/${crypto.randomUUID()}`, { done: true }],
    ];
    for (const [method, path, body] of routes) {
      for (const who of [finance, service]) expect((await call(who, path, { method, body })).status, `${method} ${path}`).toBe(403);
      for (const who of [owner, sales])
        expect([401, 403], `${method} ${path}`).not.toContain((await call(who, path, { method, body })).status);
    }
  }, 60_000);
});
