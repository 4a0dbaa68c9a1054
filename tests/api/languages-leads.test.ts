import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetMailsOnceSent, openServerDatabase } from "../support/server-database";
import { mail as enMail } from "~/shared/i18n/en/mail";
import { mail as esMail } from "~/shared/i18n/es/mail";
import { mail as ptMail } from "~/shared/i18n/pt/mail";
import { en } from "~/shared/i18n/en";
import { es } from "~/shared/i18n/es";
import { pt } from "~/shared/i18n/pt";
import { financingPdf as enPdf } from "~/shared/i18n/en/financing-pdf";
import { financingPdf as ptPdf } from "~/shared/i18n/pt/financing-pdf";
import type { Service } from "~/shared/types/service";
import { upcomingDateFor } from "../support/booking-dates";
import { financingApplicationBody, parseIcs, recipients, sleep } from "../support/lead-delivery-helpers";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Each lead keeps the language its page was in; the shopper's mails, calendar
 * file, manage page and PDF copy are written in it, staff mails and the staff PDF stay English,
 * and the dashboard shows the language. Real server, real SMTP server on loopback.
 */
const LEADS_TO = "leads@dealer.test";
let nextClient = 1;
const client = () => `203.0.113.${nextClient++}`;

let smtp: SmtpCapture;
let server: TestServer;
let staff: StaffClient;
let services: Service[];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    seeded: true,
    env: { SMTP_URL: smtp.url, LEADS_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true" },
  });
  services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(async () => {
  if (server) await forgetMailsOnceSent(server, smtp);
});

function postJson(url: string, body: unknown) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
}

/** Waits for `count` mails and returns them (one more poll to be sure no extra one comes). */
async function mails(count: number): Promise<CapturedMail[]> {
  await smtp.waitFor(count, 20_000);
  await sleep(500);
  expect(smtp.mails).toHaveLength(count);
  return [...smtp.mails];
}

function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lang-pdf-")), "a.pdf");
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

async function storedLocale(table: "contactSubmissions" | "bookings" | "financingApplications", id: string) {
  const { db } = openServerDatabase(server);
  try {
    return (await db.selectFrom(table).select("locale").where("id", "=", id).executeTakeFirstOrThrow()).locale;
  } finally {
    await db.destroy();
  }
}

describe("leads in the shopper's language", () => {
  it("a Portuguese message: Portuguese acknowledgement, English staff mail, 'pt' stored and shown to staff", async () => {
    const res = await postJson("/api/contact", {
      firstName: "Ana",
      lastName: "Souza",
      email: "ana.souza@example.com",
      phone: "9785550177",
      message: "O carro ainda está disponível?",
      locale: "pt",
    });
    expect(res.status).toBe(201);
    const sent = await mails(2);
    const ack = sent.find((m) => recipients(m) === "ana.souza@example.com")!;
    expect(ack.parsed.subject).toBe(ptMail.shopper.contactSubject("Demo Motors of Fitchburg"));
    expect(ack.parsed.text).toContain(ptMail.shopper.transactional);
    expect(ack.parsed.html).toContain('<html lang="pt-BR">');
    const toStaff = sent.find((m) => recipients(m) === LEADS_TO)!;
    expect(toStaff.parsed.subject).toMatch(/^New message: General inquiry — Ana Souza$/);

    const listed = (await (await staff.fetch("/api/admin/contact-submissions")).json()) as { firstName: string; locale: string }[];
    expect(listed.find((m) => m.firstName === "Ana")?.locale).toBe("pt");
  });

  it("a Spanish booking: Spanish confirmation, .ics and /es/ manage link; the manage page in Spanish; staff mail English", async () => {
    const oil = services.find((s) => s.name === "Oil Change")!;
    const date = upcomingDateFor(oil, 4);
    const res = await postJson("/api/bookings", {
      serviceId: oil.id,
      bookingDate: date,
      bookingTime: "10:00",
      customerFirstName: "Lucía",
      customerLastName: "Pérez",
      customerEmail: "lucia.perez@example.com",
      customerPhone: "(978) 555-0133",
      locale: "es",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await storedLocale("bookings", id)).toBe("es");
    const sent = await mails(2);

    const toStaff = sent.find((m) => recipients(m) === LEADS_TO)!;
    expect(toStaff.parsed.subject).toMatch(/^New booking: Oil Change, \w{3}, \w{3} \d{1,2} 10:00 AM — Lucía Pérez$/);

    const confirmation = sent.find((m) => recipients(m) === "lucia.perez@example.com")!;
    // The shopper's mail names the service in Spanish (decision 068); the staff mail above stays English.
    expect(confirmation.parsed.subject).toMatch(
      /^Su cita: Cambio de aceite, (lun|mar|mié|jue|vie|sáb)\. \d{1,2} de \p{L}+\., 10:00 a\. m\.$/u,
    );
    expect(confirmation.parsed.text).toContain(`${esMail.shopper.fields.service}: Cambio de aceite`);
    expect(confirmation.parsed.text).not.toContain("Oil Change");
    expect(confirmation.parsed.text).toContain(esMail.shopper.bookingBody);
    expect(confirmation.parsed.text).toContain(`${esMail.shopper.fields.address}:`);
    expect(confirmation.parsed.text).not.toContain(enMail.shopper.bookingBody);
    expect(confirmation.parsed.html).toContain('<html lang="es-US">');
    const [attachment] = confirmation.parsed.attachments;
    expect(attachment?.filename).toBe(es.booking.ics.fileName(date));
    const calendar = parseIcs(attachment!.content.toString("utf8"));
    expect(calendar.props.SUMMARY?.[0]?.value).toBe(es.booking.ics.summary("Cambio de aceite", "Demo Motors of Fitchburg"));
    expect(calendar.props.DESCRIPTION?.[0]?.value).toContain("Cambio de aceite");
    expect(calendar.props.DESCRIPTION?.[0]?.value).not.toContain("Oil Change");

    const link = /(http\S+?)(\/es\/booking\/manage\/[A-Za-z0-9_-]+)/.exec(confirmation.parsed.text!);
    expect(link, "manage link under /es/").not.toBeNull();
    const page = await fetch(`${server.url}${link![2]}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="es-US"');
    expect(html).toContain(esMail.manage.heading);
    expect(html).toContain(esMail.manage.cancel);
    expect(html).not.toContain(enMail.manage.cancel);
    expect(html).toContain("Cambio de aceite");
    expect(html).not.toContain("Oil Change");

    // The .ics download from the confirmation page is in the booking's language too.
    const ics = await fetch(`${server.url}/api/bookings/${id}/ics`);
    expect(ics.headers.get("content-disposition")).toContain(es.booking.ics.fileName(date));
    expect(parseIcs(await ics.text()).props.SUMMARY?.[0]?.value).toBe(
      es.booking.ics.summary("Cambio de aceite", "Demo Motors of Fitchburg"),
    );

    const listed = (await (await staff.fetch("/api/admin/bookings")).json()) as { id: string; locale: string }[];
    expect(listed.find((b) => b.id === id)?.locale).toBe("es");
  });

  it("a Portuguese financing application: Portuguese field errors, receipt and PDF copy; the staff PDF stays English", async () => {
    const invalid = await postJson("/api/financing", { locale: "pt", firstName: "" });
    expect(invalid.status).toBe(400);
    const errors = (await invalid.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(errors.error).toBe(pt.financing.validation.formError);
    expect(errors.fieldErrors.firstName).toBe(pt.financing.validation.firstName);
    expect(errors.fieldErrors.creditConsent).toBe(pt.privacy.creditConsent.required);

    const res = await postJson("/api/financing", { ...(await financingApplicationBody({ hasCoOwner: false })), locale: "pt" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await storedLocale("financingApplications", id)).toBe("pt");
    const sent = await mails(2);
    // An application's staff mail goes to finance and owners only (decision 089): here the demo owner.
    const receipt = sent.find((m) => recipients(m) !== "owner@example.com")!;
    expect(receipt.parsed.subject).toBe(ptMail.shopper.financingSubject("Demo Motors of Fitchburg"));
    expect(sent.find((m) => recipients(m) === "owner@example.com")!.parsed.subject).toMatch(/^New financing application: /);

    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const copy = await fetch(`${server.url}/api/financing/${id}/pdf`, { headers: { cookie } });
    expect(copy.status).toBe(200);
    const shopperText = pdfText(await copy.arrayBuffer());
    expect(shopperText).toContain(ptPdf.title);
    expect(shopperText).toContain(ptPdf.applicant);
    expect(shopperText).toContain(ptPdf.pageOf(1, 2));
    expect(shopperText).not.toContain(enPdf.title);

    const staffCopy = await staff.fetch(`/api/admin/financing/${id}/pdf`);
    expect(staffCopy.status).toBe(200);
    const staffText = pdfText(await staffCopy.arrayBuffer());
    expect(staffText).toContain(enPdf.title);
    expect(staffText).not.toContain(ptPdf.title);

    const listed = (await (await staff.fetch("/api/admin/financing")).json()) as { id: string; locale: string }[];
    expect(listed.find((a) => a.id === id)?.locale).toBe("pt");
  });
});

describe("the financing form opened from a vehicle names it in the page's language", () => {
  it("year first in English, after the model in Spanish and Portuguese (the one vehicle name)", async () => {
    const [vehicle] = (await (await fetch(`${server.url}/api/vehicles`)).json()) as {
      id: string;
      year: number;
      make: string;
      model: string;
    }[];
    const { id, year, make, model } = vehicle!;
    const shown = async (prefix: string) => {
      const html = await (await fetch(`${server.url}${prefix}/financing?vehicleId=${id}`)).text();
      return (
        /<input[^>]*name="vehicleOfInterest"[^>]*value="([^"]*)"/.exec(html)?.[1] ??
        /<input[^>]*value="([^"]*)"[^>]*name="vehicleOfInterest"/.exec(html)?.[1]
      );
    };
    expect(await shown("")).toBe(`${year} ${make} ${model}`);
    expect(await shown("/es")).toBe(`${make} ${model} ${year}`);
    expect(await shown("/pt")).toBe(`${make} ${model} ${year}`);
  });
});

describe("forms posted before JavaScript under /es and /pt (decision 025)", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const postForm = (url: string, fields: Record<string, string>) =>
    fetch(`${server.url}${url}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client() },
      body: form(fields),
    });

  it("/es/contact answers field errors in Spanish and stores a valid message with 'es'", async () => {
    const invalid = await postForm("/es/contact", { firstName: "", lastName: "Ruiz", email: "no", phone: "1", message: "corto" });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    for (const message of [es.contact.errors.firstName, es.contact.errors.email, es.contact.errors.phone, es.contact.errors.message]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain(en.contact.errors.firstName);

    const valid = await postForm("/es/contact", {
      firstName: "Marta",
      lastName: "Ruiz",
      email: "marta.ruiz@example.com",
      phone: "9785550188",
      message: "Quisiera probar el carro el sábado.",
    });
    expect(valid.status).toBe(200);
    const sent = await mails(2);
    expect(sent.find((m) => recipients(m) === "marta.ruiz@example.com")!.parsed.subject).toBe(
      esMail.shopper.contactSubject("Demo Motors of Fitchburg"),
    );
    const { db } = openServerDatabase(server);
    const row = await db
      .selectFrom("contactSubmissions")
      .select("locale")
      .where("email", "=", "marta.ruiz@example.com")
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(row.locale).toBe("es");
  });

  it("/pt/booking answers field errors in Portuguese", async () => {
    const res = await postForm("/pt/booking", { serviceId: "", bookingDate: "", bookingTime: "", customerFirstName: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain(pt.booking.validation.serviceId);
    expect(html).toContain(pt.booking.validation.firstName);
    expect(html).not.toContain(en.booking.validation.firstName);
  });
});
