import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appointmentLabel } from "~/features/booking/booking-mails.server";
import { insertService } from "~/server/data/services.server";
import { migrateToLatest } from "~/server/db/database.server";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import { mail as enMail } from "~/shared/i18n/en/mail";
import { mail as esMail } from "~/shared/i18n/es/mail";
import { mail as ptMail } from "~/shared/i18n/pt/mail";
import { businessProfile } from "~/shared/config/business-profile";
import type { Service } from "~/shared/types/service";
import { upcomingDateFor } from "../support/booking-dates";
import { parseIcs, recipients, sleep } from "../support/lead-delivery-helpers";
import { forgetMailsOnceSent, openServerDatabase, untilOutboxSettled } from "../support/server-database";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { openDatabaseForDataDir, startTestServer, type TestServer } from "../support/test-server";

/**
 * Decision 058: the booking's calendar file follows the booking. The mailed
 * event says CONFIRMED at SEQUENCE 0; a cancellation by the shopper or by staff mails the
 * shopper, in their language, a METHOD:CANCEL with the same UID, a higher SEQUENCE and
 * STATUS:CANCELLED; staff confirming mails the shopper. Real server, real SMTP server on loopback.
 */
const LEADS_TO = "leads@dealer.test";
const MAIL_FROM = "noreply@dealer.test";
let nextClient = 1;
const client = () => `192.0.2.${nextClient++}`;

let smtp: SmtpCapture;
let server: TestServer;
let staff: StaffClient;
let service: Service;
/** The service's name in each language, as the shopper's mails give it (decision 068). */
const serviceNameIn: Partial<Record<"es" | "pt", string>> = {};
let nextSlot = 0;

/** A data directory with the demo services only: quicker than the photo-seeded template. */
async function servicesDataDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-calendar-"));
  const { db } = await openDatabaseForDataDir(dir);
  try {
    await migrateToLatest(db);
    for (const [position, s] of DEMO_SERVICES.entries()) await insertService(db, s, position);
  } finally {
    await db.destroy();
  }
  return dir;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    dataDir: await servicesDataDir(),
    env: { SMTP_URL: smtp.url, LEADS_TO, MAIL_FROM, TRUST_PROXY: "true" },
  });
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  // The service with the most times, so each test takes its own slot.
  service = services.reduce((a, b) => (b.availableTimes.length > a.availableTimes.length ? b : a));
  for (const locale of ["es", "pt"] as const) {
    const localized = (await (await fetch(`${server.url}/api/services?locale=${locale}`)).json()) as Service[];
    serviceNameIn[locale] = localized.find((s) => s.id === service.id)!.name;
  }
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(async () => {
  if (server) await forgetMailsOnceSent(server, smtp);
});

/** Waits for exactly `count` mails (and until the outbox has nothing left to send now, so no extra one comes) and clears them. */
async function takeMails(count: number): Promise<CapturedMail[]> {
  await smtp.waitFor(count, 20_000);
  await untilOutboxSettled(server);
  const got = [...smtp.mails];
  expect(
    got.map((m) => m.parsed.subject),
    "no extra mail",
  ).toHaveLength(count);
  smtp.mails.length = 0;
  return got;
}

/** Books a fresh slot in `locale`; returns the id, the shopper's address and the manage token. */
async function book(locale: "en" | "es" | "pt", firstName: string) {
  const slot = nextSlot++;
  const email = `${firstName
    .normalize("NFD")
    .replace(/[^a-z]/gi, "")
    .toLowerCase()}.${slot}@example.com`;
  const bookingDate = upcomingDateFor(service, 3);
  const bookingTime = service.availableTimes[slot % service.availableTimes.length]!;
  const res = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify({
      serviceId: service.id,
      bookingDate,
      bookingTime,
      customerFirstName: firstName,
      customerLastName: "Calendar",
      customerEmail: email,
      customerPhone: "(978) 555-0142",
      locale,
    }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const [confirmation] = (await takeMails(2)).filter((m) => recipients(m) === email);
  const token = /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(confirmation!.parsed.text!)![1]!;
  return { id, email, token, confirmation: confirmation!, bookingDate, bookingTime };
}

const slotOf = (b: { bookingDate: string; bookingTime: string }) => ({ bookingDate: b.bookingDate, bookingTime: b.bookingTime });

/** The calendar file a mail carries: its MIME method parameter and its parsed VEVENT. */
function calendarOf(mail: CapturedMail) {
  const attachments = mail.parsed.attachments.filter((a) => a.contentType === "text/calendar");
  expect(attachments).toHaveLength(1);
  const [file] = attachments;
  const type = file!.headers.get("content-type") as { value: string; params: Record<string, string> };
  const ics = parseIcs(file!.content.toString("utf8"));
  const one = (name: string) => {
    const values = ics.props[name] ?? [];
    return values.length === 1 ? values[0]!.value : `${values.length} × ${name}`;
  };
  return {
    mimeMethod: type.params.method,
    method: one("METHOD"),
    uid: one("UID"),
    sequence: Number(one("SEQUENCE")),
    status: one("STATUS"),
    organizer: one("ORGANIZER"),
    attendee: one("ATTENDEE"),
    filename: file!.filename,
  };
}

async function bookingRow(id: string) {
  const { db } = openServerDatabase(server);
  try {
    return await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}

async function outboxRows(id: string) {
  const { db } = openServerDatabase(server);
  try {
    return await db.selectFrom("outbox").selectAll().where("relatedId", "=", id).orderBy("id").execute();
  } finally {
    await db.destroy();
  }
}

const patchStatus = (id: string, status: string) => staff.fetch(`/api/admin/bookings/${id}`, { method: "PATCH", body: { status } });

describe("calendar files that follow the booking", () => {
  it("the confirmation's .ics is a REQUEST with STATUS:CONFIRMED, SEQUENCE:0, the dealership as organizer and the shopper as attendee", async () => {
    const { id, email, confirmation } = await book("en", "Ada");
    expect(confirmation.parsed.text).toContain(enMail.shopper.bookingBody); // the mail says booked…
    const calendar = calendarOf(confirmation);
    expect(calendar).toMatchObject({ mimeMethod: "REQUEST", method: "REQUEST", status: "CONFIRMED", sequence: 0 }); // …and so does the file
    expect(calendar.uid).toContain(id);
    expect(calendar.organizer).toBe(`mailto:${MAIL_FROM}`);
    expect(calendar.attendee).toBe(`mailto:${email}`);
    expect((await bookingRow(id)).calendarSequence).toBe(0);
  });

  it("a shopper's cancellation through the manage link mails them, in Portuguese, a METHOD:CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED", async () => {
    const booking = await book("pt", "Joana");
    const { id, email, token, confirmation } = booking;
    const booked = calendarOf(confirmation);

    const cancel = await fetch(`${server.url}/api/bookings/manage/${token}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    const mails = await takeMails(2);
    expect(mails.find((m) => recipients(m) === LEADS_TO)!.parsed.subject).toMatch(/^Booking cancelled: /); // staff stay English
    const toShopper = mails.find((m) => recipients(m) === email)!;
    expect(toShopper.parsed.subject).toBe(ptMail.shopper.cancelledSubject(serviceNameIn.pt!, appointmentLabel(slotOf(booking), "pt")));
    expect(toShopper.parsed.text).toContain(ptMail.shopper.cancelledHeading("Joana"));
    expect(toShopper.parsed.text).toContain(ptMail.shopper.cancelledByShopperBody);
    expect(toShopper.parsed.html).toContain('<html lang="pt-BR">');
    const cancelled = calendarOf(toShopper);
    expect(cancelled).toMatchObject({
      mimeMethod: "CANCEL",
      method: "CANCEL",
      status: "CANCELLED",
      uid: booked.uid,
      organizer: booked.organizer,
    });
    expect(cancelled.sequence).toBeGreaterThan(booked.sequence);
    expect(cancelled.filename).toBe(confirmation.parsed.attachments[0]!.filename);
    expect((await bookingRow(id)).calendarSequence).toBe(cancelled.sequence);

    // A second cancel changes nothing and mails nobody.
    expect((await fetch(`${server.url}/api/bookings/manage/${token}/cancel`, { method: "POST" })).status).toBe(409);
    await untilOutboxSettled(server);
    expect(smtp.mails).toHaveLength(0);
  });

  it("staff cancelling mails the shopper, in Spanish, a METHOD:CANCEL of the same event, once, and the 24-hour reminder never goes out", async () => {
    const booking = await book("es", "Lucía");
    const { id, email, confirmation } = booking;
    const booked = calendarOf(confirmation);

    const res = await patchStatus(id, "cancelled");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "cancelled", calendarSequence: 1 });
    const [toShopper] = await takeMails(1);
    expect(recipients(toShopper!)).toBe(email);
    expect(toShopper!.parsed.subject).toBe(esMail.shopper.cancelledSubject(serviceNameIn.es!, appointmentLabel(slotOf(booking), "es")));
    expect(toShopper!.parsed.text).toContain(esMail.shopper.cancelledByStaffBody(businessProfile.phone));
    // A reply reaches the dealership, not the no-reply sender.
    expect(toShopper!.parsed.replyTo?.text).toBe(businessProfile.email);
    expect(toShopper!.parsed.text).not.toContain(enMail.shopper.cancelledByShopperBody);
    expect(toShopper!.parsed.html).toContain('<html lang="es-US">');
    const cancelled = calendarOf(toShopper!);
    expect(cancelled).toMatchObject({ mimeMethod: "CANCEL", method: "CANCEL", status: "CANCELLED", uid: booked.uid });
    expect(cancelled.sequence).toBeGreaterThan(booked.sequence);
    expect((await bookingRow(id)).cancelledAt).not.toBeNull();

    // Cancelling again is no change: no second mail.
    expect((await patchStatus(id, "cancelled")).status).toBe(200);
    await untilOutboxSettled(server);
    expect(smtp.mails).toHaveLength(0);

    // The reminder's time comes (moved forward in the real database): it is dropped, not sent.
    const reminder = (await outboxRows(id)).find((r) => r.kind === "booking-reminder")!;
    const { db } = openServerDatabase(server);
    const now = new Date().toISOString();
    await db.updateTable("outbox").set({ dueAt: now, nextAttemptAt: now }).where("id", "=", reminder.id).execute();
    await db.destroy();
    for (let i = 0; i < 60 && (await outboxRows(id)).find((r) => r.id === reminder.id)!.status === "queued"; i++) await sleep(250);
    expect((await outboxRows(id)).find((r) => r.id === reminder.id)!.status).toBe("cancelled");
    await untilOutboxSettled(server);
    expect(smtp.mails).toHaveLength(0);
  });

  it("staff confirming mails the shopper the event again; re-opening a cancelled booking sends it back at a higher SEQUENCE", async () => {
    const booking = await book("en", "Grace");
    const { id, email, confirmation } = booking;
    const booked = calendarOf(confirmation);

    expect((await patchStatus(id, "confirmed")).status).toBe(200);
    const [confirmed] = await takeMails(1);
    expect(recipients(confirmed!)).toBe(email);
    expect(confirmed!.parsed.subject).toBe(enMail.shopper.confirmedSubject(service.name, appointmentLabel(slotOf(booking), "en")));
    expect(confirmed!.parsed.text).toContain(enMail.shopper.confirmedBody);
    // Nothing about the event changed: the same SEQUENCE, a newer DTSTAMP.
    expect(calendarOf(confirmed!)).toMatchObject({ method: "REQUEST", status: "CONFIRMED", uid: booked.uid, sequence: booked.sequence });

    // Confirming a confirmed booking mails nobody.
    expect((await patchStatus(id, "confirmed")).status).toBe(200);
    await untilOutboxSettled(server);
    expect(smtp.mails).toHaveLength(0);

    expect((await patchStatus(id, "cancelled")).status).toBe(200);
    const cancelled = calendarOf((await takeMails(1))[0]!);
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: booked.uid, sequence: booked.sequence + 1 });
    expect((await fetch(`${server.url}/api/bookings/${id}/ics`)).status).toBe(404);

    expect((await patchStatus(id, "pending")).status).toBe(200);
    const [reopened] = await takeMails(1);
    expect(recipients(reopened!)).toBe(email);
    expect(reopened!.parsed.text).toContain(enMail.shopper.bookingBody);
    const back = calendarOf(reopened!);
    expect(back).toMatchObject({ method: "REQUEST", status: "CONFIRMED", uid: booked.uid });
    expect(back.sequence).toBeGreaterThan(cancelled.sequence);

    // The confirmation page's download is a PUBLISH of the same event at the current SEQUENCE, naming no attendee.
    const download = parseIcs(await (await fetch(`${server.url}/api/bookings/${id}/ics`)).text());
    expect(download.props.METHOD?.[0]?.value).toBe("PUBLISH");
    expect(download.props.UID?.[0]?.value).toBe(booked.uid);
    expect(download.props.SEQUENCE?.[0]?.value).toBe(String(back.sequence));
    expect(download.props.ORGANIZER).toHaveLength(1);
    expect(download.props.ATTENDEE).toBeUndefined();
  });
});
