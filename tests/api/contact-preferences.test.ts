import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerRecord } from "~/features/leads/customer-record.server";
import { businessProfile } from "~/shared/config/business-profile";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { signInAs, type StaffClient } from "../support/staff-sign-in";
import { openServerDatabase } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Do not contact and the opt-out link (decision 094): every customer mail carries the dealership's postal
 * address and a link that stops e-mails, calls or texts without signing in; staff set the same flags on
 * the customer record; replies honour them.
 */

let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;
let smtp: SmtpCapture;
let server: TestServer;
let sales: StaffClient;

const submit = (body: unknown) =>
  fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
const call = (who: StaffClient, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { cookie: who.cookie, origin: server.url, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });

async function mailTo(address: string): Promise<CapturedMail> {
  const end = Date.now() + 20_000;
  for (;;) {
    const found = smtp.mails.find((m) => m.envelopeTo.includes(address));
    if (found) return found;
    if (Date.now() > end) throw new Error(`No mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function customerIdOf(email: string): Promise<string> {
  const { db } = openServerDatabase(server);
  try {
    return (await db.selectFrom("leads").select("customerId").where("email", "=", email).executeTakeFirstOrThrow()).customerId;
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
  sales = await signInAs(server, "sales", "Sam Sales");
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("do not contact", () => {
  it("every customer mail carries the postal address and an opt-out link in its language that works without signing in", async () => {
    const email = "rosa.stop@example.com";
    const res = await submit({
      firstName: "Rosa",
      lastName: "Lima",
      email,
      phone: "978-555-0177",
      message: "Hola, ¿sigue disponible el carro?",
      hasTradeIn: false,
      locale: "es",
    });
    expect(res.status).toBe(201);
    const mail = await mailTo(email);
    const { street, city, region, postalCode } = businessProfile.address;
    expect(mail.parsed.text).toContain(`${street}, ${city}, ${region} ${postalCode}`);
    const link = /¿No desea recibir noticias nuestras\? Suspenda nuestros correos, llamadas o mensajes de texto aquí: (http:\/\/\S+)/.exec(
      mail.parsed.text!,
    )?.[1];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;
    expect(path).toMatch(/^\/es\/opt-out\/[A-Za-z0-9_-]{43}$/);
    expect(mail.parsed.html).toContain(`href="${link}"`);

    // The link changes nothing by itself (mail scanners open links); the page shows whose address it is.
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("r•••@example.com");
    expect(html).not.toContain(email);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect((await fetch(`${server.url}/es/opt-out/${"x".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/opt-out/short`)).status).toBe(404);
    const customerId = await customerIdOf(email);
    let record = (await (await call(sales, `/api/admin/customers/${customerId}`)).json()) as CustomerRecord;
    expect(record.doNotContact).toEqual([]);

    // Posted without a session: e-mail and texts stop, calls do not.
    const form = new URLSearchParams();
    form.append("channel", "email");
    form.append("channel", "text");
    const posted = await fetch(`${server.url}${path}`, { method: "POST", body: form, headers: { "X-Forwarded-For": client() } });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Listo. No volveremos a comunicarnos con usted por esta vía.");
    record = (await (await call(sales, `/api/admin/customers/${customerId}`)).json()) as CustomerRecord;
    expect(record.doNotContact.map((r) => [r.channel, r.source]).sort()).toEqual([
      ["email", "opt-out-link"],
      ["text", "opt-out-link"],
    ]);
    // Nothing chosen: 400, nothing changes.
    expect(
      (await fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(), headers: { "X-Forwarded-For": client() } }))
        .status,
    ).toBe(400);

    // Staff replies honour it: refused with the reason, nothing queued.
    const before = smtp.mails.length;
    const reply = await call(sales, `/api/admin/customers/${customerId}/reply`, {
      method: "POST",
      body: { subject: "Holiday sale this weekend!", text: "Come by." },
    });
    expect(reply.status).toBe(409);
    expect(((await reply.json()) as { error: string }).error).toBe(
      "This customer asked not to be e-mailed (do not contact): no reply is sent.",
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.mails.length).toBe(before);
  });

  it("staff set and lift it per channel on the customer record, audited and in the timeline; a reply then reaches the customer with the footer", async () => {
    const email = "joe.calls@example.com";
    expect(
      (
        await submit({
          firstName: "Joe",
          lastName: "Calls",
          email,
          phone: "9785550178",
          message: "Please call me about the Civic.",
          hasTradeIn: false,
        })
      ).status,
    ).toBe(201);
    await mailTo(email);
    const customerId = await customerIdOf(email);
    const url = `/api/admin/customers/${customerId}/contact-preferences`;
    const bad = await call(sales, url, { method: "PUT", body: { doNotContact: { email: "yes" } } });
    expect(bad.status).toBe(400);
    expect((await call(sales, url, { method: "PUT", body: { doNotContact: { email: true, phone: true, text: false } } })).status).toBe(200);
    let record = (await (await call(sales, `/api/admin/customers/${customerId}`)).json()) as CustomerRecord;
    expect(record.doNotContact.map((r) => [r.channel, r.source]).sort()).toEqual([
      ["email", "staff"],
      ["phone", "staff"],
    ]);
    expect(record.timeline.some((e) => e.kind === "do-not-contact")).toBe(true);
    expect(
      (await call(sales, `/api/admin/customers/${customerId}/reply`, { method: "POST", body: { subject: "Hi", text: "Hello" } })).status,
    ).toBe(409);

    // The customer asks to hear from us again: lifted, and the reply goes out with the postal address and the link.
    expect((await call(sales, url, { method: "PUT", body: { doNotContact: { email: false, phone: false, text: false } } })).status).toBe(
      200,
    );
    record = (await (await call(sales, `/api/admin/customers/${customerId}`)).json()) as CustomerRecord;
    expect(record.doNotContact).toEqual([]);
    const before = smtp.mails.length;
    expect(
      (await call(sales, `/api/admin/customers/${customerId}/reply`, { method: "POST", body: { subject: "Hi Joe", text: "Hello" } }))
        .status,
    ).toBe(201);
    const [reply] = (await smtp.waitFor(before + 1)).slice(before);
    expect(reply!.parsed.subject).toBe("Hi Joe");
    expect(reply!.parsed.text).toContain(businessProfile.address.street);
    expect(reply!.parsed.text).toMatch(/Don't want to hear from us\? .*: http:\/\/\S+\/opt-out\/[A-Za-z0-9_-]{43}/);

    const audit = (await (await call(await signInAs(server, "owner"), "/api/admin/audit?action=contact-preferences")).json()) as {
      entries: { entityId: string }[];
    };
    expect(audit.entries.filter((e) => e.entityId === customerId)).toHaveLength(2);
  });
});
