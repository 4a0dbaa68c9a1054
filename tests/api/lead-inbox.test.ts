import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVinDecoder } from "~/features/vehicles/vin-decoder.server";
import { LEAD_TYPES, type LeadType } from "~/shared/leads/lead-types";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import type { Service } from "~/shared/types/service";
import type { Vehicle } from "~/shared/types/vehicle";
import { upcomingDateFor } from "../support/booking-dates";
import { financingApplicationBody, sleep } from "../support/lead-delivery-helpers";
import { civicDataDir } from "../support/civic-data-dir";
import { forgetMailsOnceSent, openServerDatabase } from "../support/server-database";
import { DEAL_TERMS } from "../support/deal-request";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { postJson as postStaffJson, signIn, signInAs, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const LEADS_TO = "leads@dealer.test";
/** Shared with the other API tests: the vPIC database is unpacked once per machine. */
const VPIC_CACHE_DIR = path.join(os.tmpdir(), "dealership-vpic-cache");

/** The inbox's item, exactly the fields the API promises (plus the two the tab reads). */
type Lead = {
  id: string;
  type: string;
  customerId: string;
  name: string;
  email: string;
  phone: string;
  language: string;
  vehicleId: string | null;
  status: string;
  assigneeId: string | null;
  createdAt: string;
  firstResponseAt: string | null;
  source: Record<string, string> | null;
  waiting: boolean;
  vehicleName: string | null;
};

let nextClient = 1;
const shopperIp = () => `198.51.100.${nextClient++}`;
/** Every shopper a phone of their own, or the phone would join them into one customer. */
let nextPhone = 1000;
const freshPhone = () => `(978) 555-${++nextPhone}`;

let server: TestServer;
let smtp: SmtpCapture;
let owner: StaffClient;
let vehicle: Vehicle;
let services: Service[];

const api = (client: { cookie: string }, url: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${url}`, {
    method: init.method ?? "GET",
    headers: {
      origin: server.url,
      cookie: client.cookie,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });

async function inbox(client: { cookie: string }, query = ""): Promise<Lead[]> {
  const res = await api(client, `/api/admin/leads${query ? `?${query}` : ""}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Lead[];
}

function postPublic(url: string, body: unknown) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": shopperIp() },
    body: JSON.stringify(body),
  });
}

async function contactLead(input: {
  firstName: string;
  email: string;
  phone?: string;
  locale?: string;
  vehicleId?: string;
}): Promise<string> {
  const res = await postPublic("/api/contact", {
    firstName: input.firstName,
    lastName: "Tester",
    email: input.email,
    phone: input.phone ?? freshPhone(),
    message: "Is this one still on the lot?",
    locale: input.locale ?? "en",
    ...(input.vehicleId ? { vehicleId: input.vehicleId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  // The contact API answers { ok: true }; the newest message from this address is the one just sent.
  const [newest] = await inbox(owner, `type=message&q=${encodeURIComponent(input.email)}`);
  return newest!.id;
}

async function leadOf(type: string, id: string): Promise<Lead> {
  const lead = (await inbox(owner, `type=${type}&limit=1000`)).find((l) => l.id === id);
  if (!lead) throw new Error(`${type} ${id} is not in the inbox`);
  return lead;
}

type Person = { id: string; email: string; name: string; client: StaffClient };
let personCounter = 0;

/** A salesperson added the way an owner does it: the Staff tab's API, the setup link, the languages, a sign-in. */
async function addSales(name: string, languages: string[]): Promise<Person> {
  const email = `${name.toLowerCase()}.${++personCounter}.${Date.now()}@dealer.test`;
  const created = await api(owner, "/api/admin/staff", { method: "POST", body: { email, name, role: "sales" } });
  expect(created.status).toBe(201);
  const { id, setupUrl } = (await created.json()) as { id: string; setupUrl: string };
  const password = `a long passphrase for ${name} ${personCounter}`;
  const token = new URL(setupUrl).searchParams.get("token");
  expect((await postStaffJson(server, "/api/admin/setup", { token, password })).status).toBe(200);
  const changed = await api(owner, `/api/admin/staff/${id}`, { method: "PATCH", body: { languages } });
  expect(changed.status).toBe(200);
  expect(((await changed.json()) as { languages: string[] }).languages).toEqual(["en", "es", "pt"].filter((l) => languages.includes(l)));
  return { id, email, name, client: await signIn(server, email, password) };
}

const setAway = async (person: Person, away: boolean) =>
  expect((await api(person.client, "/api/admin/staff/me", { method: "PATCH", body: { away } })).status).toBe(200);

let sofia: Person;
let sergio: Person;
let tom: Person;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await createVinDecoder(VPIC_CACHE_DIR).warm();
  server = await startTestServer({
    dataDir: (await civicDataDir({ prefix: "inbox", services: true })).dir,
    env: { SMTP_URL: smtp.url, LEADS_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true", VPIC_CACHE_DIR },
  });
  owner = await signInOwner(server);
  vehicle = ((await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[])[0]!;
  services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  sofia = await addSales("Sofia", ["es"]);
  sergio = await addSales("Sergio", ["es", "pt"]);
  tom = await addSales("Tom", ["en"]);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("lead inbox: assignment by language and turn", () => {
  it("gives Spanish leads to the Spanish speakers in turn, English ones to the English speaker, and skips who is away", async () => {
    const first = await leadOf("message", await contactLead({ firstName: "Lucía", email: "lucia.1@example.com", locale: "es" }));
    const second = await leadOf("message", await contactLead({ firstName: "Diego", email: "diego.2@example.com", locale: "es" }));
    const third = await leadOf("message", await contactLead({ firstName: "Marta", email: "marta.3@example.com", locale: "es" }));
    const spanish = [sofia.id, sergio.id];
    expect(spanish).toContain(first.assigneeId);
    expect(spanish).toContain(second.assigneeId);
    expect(second.assigneeId).not.toBe(first.assigneeId);
    // Round robin: the third goes back to the first.
    expect(third.assigneeId).toBe(first.assigneeId);
    expect(first).toMatchObject({ language: "es", status: "new", firstResponseAt: null, waiting: true, type: "message" });

    const english = await leadOf("message", await contactLead({ firstName: "Emma", email: "emma.4@example.com", locale: "en" }));
    expect(english.assigneeId).toBe(tom.id);

    // Tom and Sergio away: nobody present speaks English or Portuguese, so anyone present (Sofia) gets them.
    await setAway(tom, true);
    await setAway(sergio, true);
    const whileAway = await leadOf("message", await contactLead({ firstName: "Olivia", email: "olivia.5@example.com", locale: "en" }));
    expect(whileAway.assigneeId).toBe(sofia.id);
    const portuguese = await leadOf("message", await contactLead({ firstName: "João", email: "joao.6@example.com", locale: "pt" }));
    expect(portuguese.assigneeId).toBe(sofia.id);
    await setAway(tom, false);
    await setAway(sergio, false);
    const back = await leadOf("message", await contactLead({ firstName: "Pedro", email: "pedro.7@example.com", locale: "pt" }));
    expect(back.assigneeId).toBe(sergio.id);
    // Away shows in the Staff tab's list, for the owner.
    const staff = (await (await api(owner, "/api/admin/staff")).json()) as { id: string; away: boolean; languages: string[] }[];
    expect(staff.find((s) => s.id === sergio.id)).toMatchObject({ away: false, languages: ["es", "pt"] });
  }, 120_000);

  it("gives two leads posted at the same moment two different turns", async () => {
    const ids = await Promise.all([
      contactLead({ firstName: "Ana", email: "ana.same-time@example.com", locale: "es" }),
      contactLead({ firstName: "Bea", email: "bea.same-time@example.com", locale: "es" }),
    ]);
    const [a, b] = await Promise.all(ids.map((id) => leadOf("message", id)));
    expect([sofia.id, sergio.id]).toContain(a!.assigneeId);
    expect([sofia.id, sergio.id]).toContain(b!.assigneeId);
    expect(a!.assigneeId).not.toBe(b!.assigneeId);
  }, 60_000);

  it("mails the lead to its assignee, and LEADS_TO still gets it", async () => {
    await forgetMailsOnceSent(server, smtp);
    const id = await contactLead({ firstName: "Camila", email: "camila.mail@example.com", locale: "en", vehicleId: vehicle.id });
    const lead = await leadOf("message", id);
    expect(lead.assigneeId).toBe(tom.id);
    expect(lead.vehicleName).toBe(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    const deadline = Date.now() + 20_000;
    const staffMailTo = () =>
      smtp.mails
        .filter((m) => m.parsed.subject?.startsWith("New message") && m.parsed.text?.includes("camila.mail@example.com"))
        .flatMap((m) => m.envelopeTo);
    while (Date.now() < deadline && !(staffMailTo().includes(tom.email) && staffMailTo().includes(LEADS_TO))) await sleep(200);
    expect(staffMailTo()).toEqual(expect.arrayContaining([tom.email, LEADS_TO]));
  }, 60_000);
});

describe("lead inbox: one customer per shopper", () => {
  it("joins the same e-mail in another case and the same phone in another format to one customer, who returns to the same person", async () => {
    const first = await leadOf(
      "message",
      await contactLead({ firstName: "Maria", email: "Maria.Silva@Example.com", phone: "(978) 555-0199", locale: "pt" }),
    );
    const second = await leadOf(
      "message",
      await contactLead({ firstName: "Maria", email: "maria.silva@example.com", phone: "978-555-0199", locale: "pt" }),
    );
    const third = await leadOf(
      "message",
      await contactLead({ firstName: "Maria", email: "m.silva@work.example", phone: "+1 978 555 0199", locale: "pt" }),
    );
    expect(second.customerId).toBe(first.customerId);
    expect(third.customerId).toBe(first.customerId);
    // A returning customer goes to the person who had them, not to the next in turn.
    expect(first.assigneeId).toBe(sergio.id);
    expect(second.assigneeId).toBe(sergio.id);
    expect(third.assigneeId).toBe(sergio.id);
    // The search reads a phone typed another way as the same number.
    const found = await inbox(owner, `q=${encodeURIComponent("978.555.0199")}`);
    expect(found.map((l) => l.id).sort()).toEqual([first.id, second.id, third.id].sort());
  }, 60_000);

  it("8 leads of every kind from one new shopper at the same moment (e-mail in any case, one phone in any format) make one customer with all 8", async () => {
    const emails = ["Race.Shopper@Example.com", "race.shopper@example.com", "RACE.SHOPPER@EXAMPLE.COM", "race.Shopper@example.COM"];
    const phones = ["(978) 555-0177", "978-555-0177", "+1 978 555 0177", "978.555.0177"];
    const who = (i: number) => ({ email: emails[i % emails.length]!, phone: phones[i % phones.length]! });
    const oil = services.find((s) => s.name === "Oil Change")!;
    const contact = (i: number) =>
      postPublic("/api/contact", { firstName: "Racer", lastName: "Tester", ...who(i), message: "Still there?", locale: "en" });
    const financing = async (i: number) => postPublic("/api/financing", await financingApplicationBody({ ...who(i), locale: "en" }));
    // Two bookings on one open day at different times: two "days ahead" counts can land on the same
    // open day (the one after a closed Sunday), and one slot takes one booking.
    const booking = (i: number, time: string) =>
      postPublic("/api/bookings", {
        serviceId: oil.id,
        bookingDate: upcomingDateFor(oil, 7),
        bookingTime: time,
        customerFirstName: "Racer",
        customerLastName: "Tester",
        customerEmail: who(i).email,
        customerPhone: who(i).phone,
        locale: "en",
      });
    const tradeIn = (i: number) =>
      postPublic("/api/trade-ins", {
        vin: "1HGCM82633A004352",
        mileage: 98_000,
        zip: "01420",
        condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
        photos: [],
        firstName: "Racer",
        lastName: "Tester",
        ...who(i),
        locale: "en",
        consent: true,
      });
    const responses = await Promise.all([
      contact(0),
      financing(1),
      booking(2, "10:00"),
      tradeIn(3),
      contact(4),
      financing(5),
      booking(6, "11:00"),
      contact(7),
    ]);
    for (const res of responses) expect(res.status, await res.clone().text()).toBe(201);

    const leads = await inbox(owner, `q=${encodeURIComponent("race.shopper@example.com")}&limit=100`);
    expect(leads).toHaveLength(8);
    expect(leads.map((l) => l.type).sort()).toEqual([
      "booking",
      "booking",
      "financing",
      "financing",
      "message",
      "message",
      "message",
      "trade-in",
    ]);
    const customerIds = new Set(leads.map((l) => l.customerId));
    expect(customerIds.size).toBe(1);
    // One returning customer, one person per kind: every lead after the first went to whoever had the first
    // of its kind; a financing application to finance or an owner (decision 089), the others to sales.
    const kinds = (financing: boolean) => new Set(leads.filter((l) => (l.type === "financing") === financing).map((l) => l.assigneeId));
    expect(kinds(false).size).toBe(1);
    expect(kinds(true).size).toBe(1);
    const { db: roles } = openServerDatabase(server);
    const holder = await roles
      .selectFrom("staffAccounts")
      .select("role")
      .where("id", "=", [...kinds(true)][0]!)
      .executeTakeFirstOrThrow();
    await roles.destroy();
    expect(holder.role).toBe("owner");
    const { db } = openServerDatabase(server);
    try {
      const customers = await db
        .selectFrom("customers")
        .select(["id", "email", "phone", "mergedIntoId"])
        .where((eb) => eb.or([eb("email", "=", "race.shopper@example.com"), eb("phone", "=", "+19785550177")]))
        .execute();
      expect(customers).toEqual([
        { id: [...customerIds][0], email: "race.shopper@example.com", phone: "+19785550177", mergedIntoId: null },
      ]);
    } finally {
      await db.destroy();
    }
    const record = await api(owner, `/api/admin/customers/${[...customerIds][0]}`);
    expect(record.status).toBe(200);
    const { timeline } = (await record.json()) as { timeline: { kind: string; leadId: string | null }[] };
    expect(
      timeline
        .filter((e) => e.kind === "lead")
        .map((e) => e.leadId)
        .sort(),
    ).toEqual(leads.map((l) => l.id).sort());
  }, 120_000);
});

describe("lead inbox: free-text search", () => {
  it("finds a lead by part of its name, e-mail or phone, in any case, with or without accents, and by the phone's digits", async () => {
    const id = await contactLead({ firstName: "Estêvão", email: "estevao.busca@example.com", phone: "(508) 555-0142", locale: "pt" });
    const search = async (q: string) => (await inbox(owner, `q=${encodeURIComponent(q)}`)).map((l) => l.id);
    expect(await search("estevao")).toEqual([id]);
    expect(await search("ESTÊVÃO TESTER")).toEqual([id]);
    expect(await search("vão t")).toEqual([id]);
    expect(await search("busca@exa")).toEqual([id]);
    // The phone as typed, and its digits without the separators (fewer than a whole number).
    expect(await search("555-0142")).toEqual([id]);
    expect(await search("5550142")).toEqual([id]);
    // Shorter than three letters: still a substring search.
    expect(await inbox(owner, "type=message&q=vã")).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));
    // Name, e-mail and phone are searched one by one: text running from one into the next finds nothing.
    expect(await search("testerestevao")).toEqual([]);
    expect(await search("estevao_busca")).toEqual([]);
  }, 60_000);
});

describe("lead inbox: every kind of lead, filters, changes and roles", () => {
  let financingId: string;
  let bookingId: string;
  let tradeInId: string;
  let messageId: string;

  beforeAll(async () => {
    messageId = await contactLead({ firstName: "Kind", email: "kind.message@example.com", locale: "en" });
    const financing = await postPublic(
      "/api/financing",
      await financingApplicationBody({ email: "kind.financing@example.com", phone: freshPhone(), locale: "es" }),
    );
    expect(financing.status, await financing.clone().text()).toBe(201);
    financingId = ((await financing.json()) as { id: string }).id;
    const oil = services.find((s) => s.name === "Oil Change")!;
    const booking = await postPublic("/api/bookings", {
      serviceId: oil.id,
      bookingDate: upcomingDateFor(oil, 3),
      bookingTime: "10:00",
      customerFirstName: "Kind",
      customerLastName: "Booking",
      customerEmail: "kind.booking@example.com",
      customerPhone: "(978) 555-0111",
      locale: "en",
    });
    expect(booking.status, await booking.clone().text()).toBe(201);
    bookingId = ((await booking.json()) as { id: string }).id;
    const tradeIn = await postPublic("/api/trade-ins", {
      vin: "1HGCM82633A004352",
      mileage: 142_500,
      zip: "01420",
      condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
      photos: [],
      firstName: "Kind",
      lastName: "TradeIn",
      email: "kind.trade-in@example.com",
      phone: "(978) 555-0122",
      locale: "pt",
      consent: true,
    });
    expect(tradeIn.status, await tradeIn.clone().text()).toBe(201);
    tradeInId = ((await tradeIn.json()) as { id: string }).id;
  }, 120_000);

  it("lists one lead of every kind with exactly the promised fields, newest first", async () => {
    const all = await inbox(owner, "q=kind.");
    expect(all.map((l) => [l.type, l.id])).toEqual([
      ["trade-in", tradeInId],
      ["booking", bookingId],
      ["financing", financingId],
      ["message", messageId],
    ]);
    for (const lead of all)
      expect(Object.keys(lead).sort()).toEqual(
        [
          "id",
          "type",
          "customerId",
          "name",
          "email",
          "phone",
          "language",
          "vehicleId",
          "status",
          "assigneeId",
          "createdAt",
          "firstResponseAt",
          "source",
          "waiting",
          "overdue",
          "vehicleName",
        ].sort(),
      );
    const dates = (await inbox(owner, "limit=1000")).map((l) => l.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by status, type, assignee, language and source, searches, pages and refuses bad filters with field messages", async () => {
    expect((await inbox(owner, "type=financing&q=kind.")).map((l) => l.id)).toEqual([financingId]);
    expect((await inbox(owner, "language=pt&q=kind.")).map((l) => l.id)).toEqual([tradeInId]);
    const mine = await inbox(tom.client, "assignee=me");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.assigneeId === tom.id)).toBe(true);
    expect((await inbox(owner, "assignee=none")).every((l) => l.assigneeId === null)).toBe(true);
    expect((await inbox(owner, `assignee=${sofia.id}`)).every((l) => l.assigneeId === sofia.id)).toBe(true);
    expect((await inbox(owner, "q=KIND.BOOKING@EXAMPLE.COM")).map((l) => l.id)).toEqual([bookingId]);
    expect((await inbox(owner, "q=Kind%20TradeIn")).map((l) => l.id)).toEqual([tradeInId]);
    // % and _ are searched for as themselves.
    expect(await inbox(owner, "q=%25")).toEqual([]);

    // The visit's source (stored by the lead's own form) is searched as text.
    const { db } = openServerDatabase(server);
    try {
      await db
        .updateTable("leads")
        .set({ source: JSON.stringify({ utm_source: "google", utm_campaign: "fall" }) })
        .where("type", "=", "message")
        .where("id", "=", messageId)
        .execute();
    } finally {
      await db.destroy();
    }
    const sourced = await inbox(owner, "source=FALL");
    expect(sourced.map((l) => l.id)).toEqual([messageId]);
    expect(sourced[0]!.source).toEqual({ utm_source: "google", utm_campaign: "fall" });

    // Pages: newest first, each page continuing where the last stopped.
    const whole = await inbox(owner, "limit=1000");
    const first = await api(owner, "/api/admin/leads?limit=3");
    const next = first.headers.get("x-next-before");
    expect(next).toBeTruthy();
    const second = await inbox(owner, `limit=3&before=${encodeURIComponent(next!)}`);
    expect([...((await first.json()) as Lead[]), ...second].map((l) => l.id)).toEqual(whole.slice(0, 6).map((l) => l.id));
    expect((await api(owner, "/api/admin/leads?limit=1000")).headers.get("x-next-before")).toBeNull();

    const bad = await api(owner, "/api/admin/leads?status=lost&type=car&assignee=someone&language=fr&limit=5000&before=xyz");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["assignee", "before", "language", "limit", "status", "type"]);
    expect(body.fieldErrors.limit).toBe("Use a whole number from 1 to 1000.");
  });

  it("reassigns and changes status through PATCH, in the timeline, the audit log and the Messages tab", async () => {
    const before = await leadOf("message", messageId);
    const moved = await api(owner, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { assigneeId: sofia.id } });
    expect(moved.status).toBe(200);
    expect((await moved.json()) as Lead).toMatchObject({ id: messageId, assigneeId: sofia.id, status: "new", waiting: true });

    const contacted = await api(sofia.client, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { status: "contacted" } });
    expect(contacted.status).toBe(200);
    const after = (await contacted.json()) as Lead;
    expect(after).toMatchObject({ status: "contacted", waiting: false });
    expect(after.firstResponseAt).not.toBeNull();
    const messages = (await (await api(owner, "/api/admin/contact-submissions")).json()) as {
      id: string;
      leadStatus: string;
      firstStatusChangeAt: string;
    }[];
    expect(messages.find((m) => m.id === messageId)).toMatchObject({ leadStatus: "contacted", firstStatusChangeAt: after.firstResponseAt });

    // A booking's status lives on its inbox row only.
    const booking = await api(tom.client, `/api/admin/leads/booking/${bookingId}`, {
      method: "PATCH",
      body: { status: "closed", assigneeId: tom.id },
    });
    expect(booking.status).toBe(200);
    expect((await booking.json()) as Lead).toMatchObject({ status: "closed", assigneeId: tom.id });

    const { db } = openServerDatabase(server);
    try {
      const events = await db.selectFrom("leadEvents").selectAll().where("leadId", "=", messageId).orderBy("createdAt").execute();
      const assigned = events.filter((e) => e.kind === "assigned");
      expect(assigned.at(-1)).toMatchObject({ staffId: expect.any(String), customerId: before.customerId });
      expect(JSON.parse(assigned.at(-1)!.data)).toEqual({ assigneeId: sofia.id, by: "staff" });
      expect(events.find((e) => e.kind === "status")).toMatchObject({ staffId: sofia.id });
      const audit = await db
        .selectFrom("auditLog")
        .selectAll()
        .where("entity", "=", "lead")
        .where("entityId", "=", `message/${messageId}`)
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual([`assign-${sofia.id}`, "status-contacted"]);
    } finally {
      await db.destroy();
    }

    // Not a person who handles leads, nobody, or no such lead.
    const finance = await signInAs(server, "finance");
    const financeId = ((await (await api(finance, "/api/admin/staff/me")).json()) as { id: string }).id;
    const refused = await api(owner, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { assigneeId: financeId } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      assigneeId: "Choose an active owner or salesperson.",
    });
    const empty = await api(owner, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: {} });
    expect(empty.status).toBe(400);
    const badStatus = await api(owner, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { status: "won" } });
    expect(((await badStatus.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("status");
    expect(
      (await api(owner, `/api/admin/leads/message/${crypto.randomUUID()}`, { method: "PATCH", body: { status: "closed" } })).status,
    ).toBe(404);
    expect((await api(owner, `/api/admin/leads/car/${messageId}`, { method: "PATCH", body: { status: "closed" } })).status).toBe(404);
    // Unassigning is allowed: the lead goes back to "nobody".
    const unassigned = await api(owner, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { assigneeId: null } });
    expect(((await unassigned.json()) as Lead).assigneeId).toBeNull();
  });

  it("shows one status in every view, whichever place changes it, for every kind of lead (decision 109)", async () => {
    const deal = await postPublic("/api/deals", {
      vehicleId: vehicle.id,
      ...DEAL_TERMS,
      firstName: "Kind",
      lastName: "Deal",
      email: "kind.deal@example.com",
      phone: freshPhone(),
      locale: "en",
    });
    expect(deal.status, await deal.clone().text()).toBe(201);
    const dealId = ((await deal.json()) as { id: string }).id;
    const ids: Record<LeadType, string> = {
      message: messageId,
      financing: financingId,
      booking: bookingId,
      "trade-in": tradeInId,
      deal: dealId,
    };
    // Each kind's own list and its own status route (a booking has neither: its screen works its appointment).
    const own: Record<LeadType, { list: string; status: (id: string) => string } | null> = {
      message: { list: "/api/admin/contact-submissions", status: (id) => `/api/admin/contact-submissions/${id}/status` },
      financing: { list: "/api/admin/financing", status: (id) => `/api/admin/financing/${id}/status` },
      booking: null,
      "trade-in": { list: "/api/admin/trade-ins", status: (id) => `/api/admin/trade-ins/${id}/status` },
      deal: { list: "/api/admin/deals", status: (id) => `/api/admin/deals/${id}/status` },
    };
    const json = async <T>(res: Response): Promise<T> => {
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as T;
    };
    async function everyView(type: LeadType, id: string): Promise<string[]> {
      const lead = await leadOf(type, id);
      const record = await json<{ leads: { type: string; id: string; status: string }[] }>(
        await api(owner, `/api/admin/customers/${lead.customerId}`),
      );
      const views = [lead.status, record.leads.find((l) => l.type === type && l.id === id)!.status];
      const list = own[type];
      if (list) {
        const rows = await json<{ id: string; dealGroupId?: string; leadStatus: string }[]>(await api(owner, list.list));
        views.push(...rows.filter((r) => (r.dealGroupId ?? r.id) === id).map((r) => r.leadStatus));
      }
      return views;
    }
    for (const type of LEAD_TYPES) {
      const id = ids[type];
      const changes: [string, LeadStatus][] = [
        [`/api/admin/leads/${type}/${id}`, "closed"],
        [own[type]?.status(id) ?? `/api/admin/leads/${type}/${id}`, "contacted"],
        [`/api/admin/leads/${type}/${id}`, "new"],
        [own[type]?.status(id) ?? `/api/admin/leads/${type}/${id}`, "closed"],
      ];
      for (const [url, status] of changes) {
        const changed = await api(owner, url, { method: "PATCH", body: { status } });
        expect(changed.status, `${type} ${url}: ${await changed.clone().text()}`).toBe(200);
        const views = await everyView(type, id);
        expect(views.length, type).toBeGreaterThanOrEqual(own[type] ? 3 : 2);
        expect(views, `${type} after ${url} → ${status}`).toEqual(views.map(() => status));
      }
    }
  });

  it("counts a reply as the first response of every open lead of the customer the person's role handles", async () => {
    const email = `two.leads.${Date.now()}@example.com`;
    const phone = freshPhone();
    const first = await contactLead({ firstName: "Twice", email, phone });
    const tradeIn = await postPublic("/api/trade-ins", {
      vin: "1HGCM82633A004352",
      mileage: 98_000,
      zip: "01420",
      condition: { accidents: 0, warningLights: false, tires: "good", keys: 2, smokedIn: false, titleStatus: "clean" },
      photos: [],
      firstName: "Twice",
      lastName: "Tester",
      email,
      phone,
      locale: "en",
      consent: true,
    });
    expect(tradeIn.status, await tradeIn.clone().text()).toBe(201);
    const second = ((await tradeIn.json()) as { id: string }).id;
    const financing = await postPublic("/api/financing", await financingApplicationBody({ email, phone, locale: "en" }));
    expect(financing.status, await financing.clone().text()).toBe(201);
    const application = ((await financing.json()) as { id: string }).id;
    const customerId = (await leadOf("message", first)).customerId;
    expect((await leadOf("trade-in", second)).customerId).toBe(customerId);
    expect((await leadOf("financing", application)).customerId).toBe(customerId);

    // Sofia (sales) replies without naming a lead: both leads she handles are answered, the application is not hers.
    const reply = await api(sofia.client, `/api/admin/customers/${customerId}/reply`, {
      method: "POST",
      body: { subject: "Your car", text: "Yes, come by." },
    });
    expect(reply.status, await reply.clone().text()).toBe(201);
    for (const [type, id] of [
      ["message", first],
      ["trade-in", second],
    ] as const) {
      const lead = await leadOf(type, id);
      expect(lead, type).toMatchObject({ status: "contacted", waiting: false });
      expect(lead.firstResponseAt, type).not.toBeNull();
    }
    expect(await leadOf("financing", application)).toMatchObject({ status: "new", firstResponseAt: null, waiting: true });
  });

  it("lets sales list a financing lead but not take it, open it or change its status; finance and service have no inbox", async () => {
    const listed = (await inbox(tom.client, "type=financing")).find((l) => l.id === financingId);
    expect(listed).toBeDefined();
    // A financing application stays with finance and owners (decision 089).
    const taken = await api(tom.client, `/api/admin/leads/financing/${financingId}`, { method: "PATCH", body: { assigneeId: tom.id } });
    expect(taken.status).toBe(400);
    expect((await leadOf("financing", financingId)).assigneeId).not.toBe(tom.id);
    expect(
      (await api(tom.client, `/api/admin/leads/financing/${financingId}`, { method: "PATCH", body: { status: "contacted" } })).status,
    ).toBe(403);
    expect((await api(tom.client, `/api/admin/financing/${financingId}`)).status).toBe(403);
    expect((await api(owner, `/api/admin/leads/financing/${financingId}`, { method: "PATCH", body: { status: "contacted" } })).status).toBe(
      200,
    );

    const finance = await signInAs(server, "finance");
    const service = await signInAs(server, "service");
    for (const client of [finance, service]) {
      expect((await api(client, "/api/admin/leads")).status).toBe(403);
      expect((await api(client, "/api/admin/leads/assignees")).status).toBe(403);
      expect((await api(client, `/api/admin/leads/message/${messageId}`, { method: "PATCH", body: { status: "closed" } })).status).toBe(
        403,
      );
      // Everyone has their own away switch.
      const away = await api(client, "/api/admin/staff/me", { method: "PATCH", body: { away: true } });
      expect(away.status).toBe(200);
      expect(((await away.json()) as { away: boolean }).away).toBe(true);
      expect((await api(client, "/api/admin/staff/me", { method: "PATCH", body: { away: "yes" } })).status).toBe(400);
      // …and only their own: the owner's route stays the owner's.
      expect((await api(client, `/api/admin/staff/${tom.id}`, { method: "PATCH", body: { away: true } })).status).toBe(403);
    }
    const assignees = (await (await api(tom.client, "/api/admin/leads/assignees")).json()) as { id: string; role: string }[];
    // Finance is listed for the financing applications it holds; service holds no lead.
    expect(assignees.every((a) => a.role === "owner" || a.role === "sales" || a.role === "finance")).toBe(true);
    expect(assignees.some((a) => a.role === "finance")).toBe(true);
    expect(assignees.map((a) => a.id)).toEqual(expect.arrayContaining([sofia.id, sergio.id, tom.id]));
    // A language list must keep at least one of en, es, pt.
    const noLanguage = await api(owner, `/api/admin/staff/${tom.id}`, { method: "PATCH", body: { languages: [] } });
    expect(noLanguage.status).toBe(400);
    expect(((await noLanguage.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      languages: "Choose at least one language.",
    });
    expect((await api(owner, `/api/admin/staff/${tom.id}`, { method: "PATCH", body: { languages: ["fr"] } })).status).toBe(400);
  }, 60_000);
});
