import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import os from "node:os";
import { createVinDecoder } from "~/features/vehicles/vin-decoder.server";
import { insertVehicle } from "~/server/data/vehicles.server";
import { storeImage } from "~/server/images/image-store.server";
import type { Service } from "~/shared/types/service";
import type { Vehicle } from "~/shared/types/vehicle";
import { adfDtdErrors } from "../support/adf-dtd";
import { upcomingDateFor } from "../support/booking-dates";
import { financingApplicationBody, parseIcs, recipients, sleep, subjects } from "../support/lead-delivery-helpers";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { startTestServer, type TestServer } from "../support/test-server";
import { civicDataDir, testPhoto } from "../support/civic-data-dir";
import { forgetMailsOnceSent, openServerDatabase, untilOutboxSettled } from "../support/server-database";
import { fileStoreForDataDir } from "../support/test-storage";

/** Parses an ADF body, each prospect's vehicles always as a list. */
const parseAdf = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => name === "vehicle" }).parse(
    xml,
  ).adf.prospect;

/** The staff mail's "Received" line: the dealership's clock, "Wed, Nov 25, 2026, 6:08 AM ET". */
const DEALER_TIME = /Received: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) ET/;

const LEADS_TO = "leads@dealer.test";
/** A financing application's staff mail goes to finance and owners only, never LEADS_TO (decision 089): here the demo owner. */
const FINANCING_STAFF = "owner@example.com";
/** Shared with the staff API tests: the vPIC database is unpacked once per machine, not per test server. */
const VPIC_CACHE_DIR = path.join(os.tmpdir(), "dealership-vpic-cache");
const ADF_TO = "crm@dealer.test";
const SSN = "123-45-6789";
const DOB = "1985-04-12";

let nextClient = 1;
const client = () => `198.51.100.${nextClient++}`;

function postJson(server: TestServer, url: string, body: unknown) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client() },
    body: JSON.stringify(body),
  });
}

async function outboxRows(server: TestServer) {
  const { db } = openServerDatabase(server);
  try {
    return await db.selectFrom("outbox").selectAll().orderBy("id").execute();
  } finally {
    await db.destroy();
  }
}

/** Waits for exactly `count` mails, and until the outbox has nothing left to send now, so no more can come. */
async function exactly(server: TestServer, smtp: SmtpCapture, count: number, timeoutMs = 20_000): Promise<CapturedMail[]> {
  await smtp.waitFor(count, timeoutMs);
  await untilOutboxSettled(server, timeoutMs);
  expect(subjects(smtp.mails), "no extra mail").toHaveLength(count);
  return [...smtp.mails];
}

/** The Civic's data directory and the services, plus a sold Camry. */
async function leadDataDir(): Promise<string> {
  const { dir } = await civicDataDir({
    prefix: "leads",
    services: true,
    more: async (db, dir) => {
      // Sold: a financing form opened from its page before the sale names no vehicle.
      await insertVehicle(db, {
        year: 2015,
        make: "Toyota",
        model: "Camry",
        price: 9995,
        mileage: 98000,
        transmission: "Automatic",
        drivetrain: "FWD",
        bodyStyle: "Sedan",
        exteriorColor: "Gray",
        vin: "4T1BF1FK5FU123456",
        status: "sold",
        features: [],
        description: null,
        images: [await storeImage(await fileStoreForDataDir(dir), await testPhoto())],
      });
    },
  });
  return dir;
}

const contactBody = (vehicleId?: string) => ({
  firstName: "Jane",
  lastName: "Doe",
  email: "jane.doe@example.com",
  phone: "9785550100",
  message: "Is it still available? <b>Can I test drive it Saturday?</b>",
  hasTradeIn: true,
  ...(vehicleId ? { vehicleId } : {}),
});

describe("lead delivery through SMTP", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let vehicle: Vehicle;
  let services: Service[];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Unpacked before the server starts, so a booking's VIN decodes within the booking's wait.
    await createVinDecoder(VPIC_CACHE_DIR).warm();
    server = await startTestServer({
      dataDir: await leadDataDir(),
      env: { SMTP_URL: smtp.url, LEADS_TO, ADF_TO, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true", VPIC_CACHE_DIR },
    });
    vehicle = ((await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[]).find((v) => v.make === "Honda")!;
    services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  beforeEach(async () => {
    if (server) await forgetMailsOnceSent(server, smtp);
  });

  it("a contact message mails staff (reply-to the shopper), the CRM as ADF/XML and the shopper", async () => {
    const res = await postJson(server, "/api/contact", contactBody(vehicle.id));
    expect(res.status).toBe(201);
    const mails = await exactly(server, smtp, 3);
    const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

    const staff = mails.find((m) => recipients(m) === LEADS_TO)!;
    expect(staff.parsed.subject).toBe(`New message: ${name} — Jane Doe`);
    expect(staff.parsed.replyTo?.text).toBe("jane.doe@example.com");
    expect(staff.parsed.from?.text).toContain("noreply@dealer.test");
    expect(staff.parsed.text).toContain("Can I test drive it Saturday?");
    expect(staff.parsed.text).toContain("Trade-in: Yes");
    expect(staff.parsed.text).toContain(vehicle.vin);
    expect(staff.parsed.html).toContain("&lt;b&gt;Can I test drive");
    expect(staff.parsed.html).not.toContain("<b>Can I");

    // A salesperson can act on it: local time, tel:/mailto: links, the vehicle as the lot knows it, the record's link.
    expect(staff.parsed.text!.split("\n")[0]).toBe("Shopper wrote in English");
    expect(staff.parsed.text).toMatch(DEALER_TIME);
    expect(staff.parsed.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(staff.parsed.html).toContain('href="tel:+19785550100"');
    expect(staff.parsed.html).toContain('href="mailto:jane.doe@example.com"');
    expect(staff.parsed.text).toContain("Stock #: F1234");
    expect(staff.parsed.text).toContain("Mileage: 42,000 mi");
    expect(staff.parsed.text).toContain("Advertised price: $18,995");
    expect(staff.parsed.html).toMatch(/href="http[^"]+\/used-2019-honda-civic-fitchburg-ma-01430-[^"]+"/);
    const messageId = (await outboxRows(server)).find((r) => r.kind === "contact-staff")!.relatedId;
    expect(staff.parsed.text).toContain(`/podium/messages/${messageId}`);

    const adf = mails.find((m) => recipients(m) === ADF_TO)!;
    const xml = adf.parsed.text!;
    expect(adfDtdErrors(xml)).toBe("");
    expect(xml).toContain('<?adf version="1.0"?>');
    const prospect = parseAdf(xml);
    expect(Number.isNaN(Date.parse(prospect.requestdate))).toBe(false);
    const [buy, trade] = prospect.vehicle;
    expect(buy).toMatchObject({
      "@interest": "buy",
      "@status": "used",
      year: String(vehicle.year),
      make: vehicle.make,
      vin: vehicle.vin,
      stock: "F1234",
    });
    expect(buy.price).toMatchObject({ "#text": String(vehicle.price), "@type": "asking" });
    expect(buy.odometer).toMatchObject({ "#text": String(vehicle.mileage), "@units": "mi" });
    expect(buy.comments).toMatch(/^Vehicle page: http\S+\/used-2019-honda-civic-fitchburg-ma-01430-/);
    // The form's trade-in checkbox names no vehicle: it goes in the comments, never as a blank vehicle (L3).
    expect(trade).toBeUndefined();
    expect(prospect.customer.comments).toContain("Trade-in: The shopper has a trade-in; ask for its details.");
    expect(prospect.customer.comments).toMatch(/^Shopper's language: English \(en\)/);
    expect(prospect.customer.contact.email).toBe("jane.doe@example.com");
    expect(prospect.customer.contact.name.map((n: Record<string, string>) => n["#text"])).toEqual(["Jane", "Doe"]);
    expect(prospect.customer.comments).toContain("<b>Can I test drive it Saturday?</b>");
    expect(prospect.vendor.vendorname).toBeTruthy();
    expect(prospect.provider.url).toMatch(/^http/);

    const ack = mails.find((m) => recipients(m) === "jane.doe@example.com")!;
    expect(ack.parsed.subject).toMatch(/^We received your message/);
    expect(ack.parsed.text).toContain("100 Demo Street");
    expect(ack.parsed.text).toContain("(978) 555-0142");
    // It names the vehicle asked about, and a reply reaches the dealership.
    expect(ack.parsed.text).toContain(`Your message is about the ${name}.`);
    expect(ack.parsed.replyTo?.text).toBe("sales@example.com");
    // Every mail is marked sent once the SMTP server accepted it.
    const rows = (await outboxRows(server)).filter((r) => r.relatedType === "contact");
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("a financing application from a vehicle page names that vehicle to staff and CRM, and no mail carries SSN, date of birth or income", async () => {
    const body = await financingApplicationBody({
      ssn: SSN,
      dateOfBirth: DOB,
      monthlyIncome: "4321",
      vehicleOfInterest: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
      vehicleId: vehicle.id,
      downPayment: "2500",
      hasTradeIn: true,
      tradeInDetails: "2012 Toyota Corolla, 120k miles",
      hasCoOwner: false,
      locale: "es",
    });
    const res = await postJson(server, "/api/financing", body);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const mails = await exactly(server, smtp, 3);
    const staff = mails.find((m) => recipients(m) === FINANCING_STAFF)!;
    expect(staff.parsed.subject).toBe(`New financing application: ${vehicle.year} ${vehicle.make} ${vehicle.model} — Jane Applicant`);
    expect(staff.parsed.text!.split("\n")[0]).toBe("Shopper wrote in Spanish");
    expect(staff.parsed.text).toMatch(DEALER_TIME);
    expect(staff.parsed.text).toContain(`/podium/financing/${id}`);
    expect(staff.parsed.html).toContain('href="tel:+19785550100"');
    expect(staff.parsed.html).toContain('href="mailto:jane@example.com"');
    for (const line of [`VIN: ${vehicle.vin}`, "Stock #: F1234", "Mileage: 42,000 mi", "Advertised price: $18,995", "Down payment: $2,500"])
      expect(staff.parsed.text).toContain(line);
    expect(staff.parsed.text).toContain("Trade-in: 2012 Toyota Corolla, 120k miles");
    const adf = mails.find((m) => recipients(m) === ADF_TO)!;
    expect(adfDtdErrors(adf.parsed.text!)).toBe("");
    const prospect = parseAdf(adf.parsed.text!);
    const [buy, trade] = prospect.vehicle;
    expect(buy).toMatchObject({ vin: vehicle.vin, stock: "F1234" });
    expect(buy.finance).toMatchObject({ method: "finance", amount: { "#text": "2500", "@type": "downpayment", "@currency": "USD" } });
    // Described only in words: in the comments, not as a blank vehicle (L3).
    expect(trade).toBeUndefined();
    expect(prospect.customer.comments).toContain("Trade-in: 2012 Toyota Corolla, 120k miles");
    expect(prospect.customer.contact.address).toMatchObject({ street: { "#text": "12 Main Street" }, city: "Fitchburg", regioncode: "MA" });
    expect(prospect.customer.comments).toMatch(/^Shopper's language: Spanish \(es\)/);
    const receipt0 = mails.find((m) => recipients(m) === "jane@example.com")!;
    // The shopper's language names the vehicle its own way (language review B1).
    expect(receipt0.parsed.text).toContain(`Vehículo: ${vehicle.make} ${vehicle.model} ${vehicle.year}`);
    expect(receipt0.parsed.replyTo?.text).toBe("sales@example.com");
    const { db } = openServerDatabase(server);
    const row = await db.selectFrom("financingApplications").select("vehicleId").where("id", "=", id).executeTakeFirstOrThrow();
    await db.destroy();
    expect(row.vehicleId).toBe(vehicle.id);
    const receipt = mails.find((m) => recipients(m) === "jane@example.com")!;
    expect(receipt.parsed.subject).toMatch(/^Recibimos su solicitud de financiamiento/);
    for (const mail of mails) {
      for (const secret of [SSN, "123456789", DOB, "04/12/1985", "4,321", "data:image"]) {
        expect(mail.raw, `${mail.parsed.subject} must not contain ${secret}`).not.toContain(secret);
      }
      // Four digits alone (the SSN's last four, the birth year, the income) also occur by chance inside
      // the random ids a mail carries (a vehicle's UUID, the Message-ID's time, MIME boundaries): they are
      // looked for as numbers of their own in the decoded mail, its UUIDs left out.
      const decoded = [mail.parsed.subject, mail.parsed.text, mail.parsed.html || ""]
        .join("\n")
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>");
      for (const secret of ["6789", "1985", "4321"]) {
        expect(decoded, `${mail.parsed.subject} must not contain ${secret}`).not.toMatch(
          new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`),
        );
      }
      expect(mail.parsed.attachments).toHaveLength(0);
    }
  });

  it("free text is never matched to stock, and a sold vehicle's id is left out with a note to staff", async () => {
    // The shopper typed the Civic's name but the form carried no id: no VIN, price or stock is guessed.
    const typed = await postJson(server, "/api/financing", await financingApplicationBody({ vehicleOfInterest: "2019 Honda Civic" }));
    expect(typed.status).toBe(201);
    let mails = await exactly(server, smtp, 3);
    let xml = mails.find((m) => recipients(m) === ADF_TO)!.parsed.text!;
    expect(adfDtdErrors(xml)).toBe("");
    expect(xml).not.toContain(vehicle.vin);
    expect(xml).not.toContain("<stock>");
    expect(parseAdf(xml).vehicle[0]).toMatchObject({ year: "", make: "", model: "" });
    expect(parseAdf(xml).vehicle[0].comments).toContain("2019 Honda Civic");
    expect(parseAdf(xml).vehicle).toHaveLength(1);
    expect(mails.find((m) => recipients(m) === FINANCING_STAFF)!.parsed.text).not.toContain(vehicle.vin);

    // The form was opened from the Camry's page before it sold: accepted, no vehicle attached, staff told why.
    smtp.mails.length = 0;
    const { db } = openServerDatabase(server);
    const camry = await db.selectFrom("vehicles").select(["id", "vin"]).where("status", "=", "sold").executeTakeFirstOrThrow();
    await db.destroy();
    const res = await postJson(server, "/api/financing", await financingApplicationBody({ vehicleId: camry.id }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    mails = await exactly(server, smtp, 3);
    const staff = mails.find((m) => recipients(m) === FINANCING_STAFF)!;
    expect(staff.parsed.text).toContain(`Applied from the page of a vehicle no longer for sale (id ${camry.id}); no vehicle is attached.`);
    expect(staff.parsed.text).not.toContain(camry.vin);
    xml = mails.find((m) => recipients(m) === ADF_TO)!.parsed.text!;
    expect(adfDtdErrors(xml)).toBe("");
    expect(xml).not.toContain(camry.vin);
    const { db: check } = openServerDatabase(server);
    const row = await check.selectFrom("financingApplications").select("vehicleId").where("id", "=", id).executeTakeFirstOrThrow();
    await check.destroy();
    expect(row.vehicleId).toBeNull();

    // A malformed id is bad input: 400 with the field's message in the page's language.
    smtp.mails.length = 0;
    const bad = await postJson(server, "/api/financing", await financingApplicationBody({ vehicleId: "not-a-vehicle", locale: "pt" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.vehicleId).toBe("Veículo inválido.");
  });

  it("a booking mails staff (with the customer's vehicle, its VIN decoded) and the shopper, sends no ADF, and schedules one reminder", async () => {
    const oil = services.find((s) => s.name === "Oil Change")!;
    const date = upcomingDateFor(oil, 3);
    const res = await postJson(server, "/api/bookings", {
      serviceId: oil.id,
      bookingDate: date,
      bookingTime: "09:00",
      customerFirstName: "Jane",
      customerLastName: "Doe",
      customerEmail: "jane.booker@example.com",
      customerPhone: "(978) 555-0100",
      notes: "Bring the spare key",
      // Year, make and model left blank: the VIN fills them in.
      vehicleMileage: "61250",
      vehicleVin: "1hgcm82633a004352",
      locale: "pt",
    });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as { id: string };
    // Staff and shopper only: a service booking is not a sales lead, and the DTD has no service interest.
    const mails = await exactly(server, smtp, 2);
    expect(mails.map(recipients)).not.toContain(ADF_TO);
    const staff = mails.find((m) => recipients(m) === LEADS_TO)!;
    expect(staff.parsed.subject).toMatch(/^New booking: Oil Change, \w{3}, \w{3} \d{1,2} 9:00 AM — Jane Doe$/);
    expect(staff.parsed.text).toContain("Bring the spare key");
    expect(staff.parsed.text!.split("\n")[0]).toBe("Shopper wrote in Portuguese (Brazil)");
    expect(staff.parsed.text).toContain("Customer's vehicle: 2003 Honda Accord");
    expect(staff.parsed.text).toContain("Mileage: 61,250 mi");
    expect(staff.parsed.text).toContain("VIN: 1HGCM82633A004352");
    expect(staff.parsed.html).toContain('href="tel:+19785550100"');
    expect(staff.parsed.html).toContain('href="mailto:jane.booker@example.com"');
    expect(staff.parsed.text).toContain(`/podium/bookings?id=${booking.id}`);
    const { db: stored } = openServerDatabase(server);
    const row = await stored.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    await stored.destroy();
    expect(row).toMatchObject({
      vehicleYear: 2003,
      vehicleMake: "Honda",
      vehicleModel: "Accord",
      vehicleMileage: 61250,
      vehicleVin: "1HGCM82633A004352",
    });
    const confirmation = mails.find((m) => recipients(m) === "jane.booker@example.com")!;
    expect(confirmation.parsed.text).toContain("100 Demo Street");
    expect(confirmation.parsed.replyTo?.text).toBe("sales@example.com");
    const [ics] = confirmation.parsed.attachments;
    expect(ics?.contentType).toBe("text/calendar");
    const calendar = parseIcs(ics!.content.toString("utf8"));
    expect(calendar.components).toEqual(["VCALENDAR", "VTIMEZONE", "DAYLIGHT", "STANDARD", "VEVENT"]);
    expect(calendar.props.DTSTART?.at(-1)).toEqual({ params: ";TZID=America/New_York", value: `${date.replaceAll("-", "")}T090000` });
    expect(calendar.props.UID?.[0]?.value).toContain(booking.id);

    // The reminder waits in the outbox until 24 h before the appointment.
    const rows = (await outboxRows(server)).filter((r) => r.relatedId === booking.id);
    const reminder = rows.find((r) => r.kind === "booking-reminder")!;
    expect(reminder.status).toBe("queued");
    expect(new Date(reminder.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());

    // Its time comes (moved forward in the real database): it is sent, once.
    smtp.mails.length = 0;
    const { db } = openServerDatabase(server);
    const now = new Date().toISOString();
    await db.updateTable("outbox").set({ dueAt: now, nextAttemptAt: now }).where("id", "=", reminder.id).execute();
    await db.destroy();
    const [sent] = await exactly(server, smtp, 1, 15_000);
    expect(sent!.parsed.subject).toMatch(/^Lembrete: Troca de óleo amanhã/);
    expect(recipients(sent!)).toBe("jane.booker@example.com");
    expect(sent!.parsed.text).toContain("/pt/booking/manage/");
    await sleep(3_500); // one more poll: still once
    expect(smtp.mails).toHaveLength(1);
    expect((await outboxRows(server)).find((r) => r.id === reminder.id)?.status).toBe("sent");
  });

  it("the manage link shows the booking, cancels it once, frees the slot and tells staff and the shopper", async () => {
    const inspection = services.find((s) => s.name !== "Oil Change" && s.availableTimes.length > 0)!;
    const date = upcomingDateFor(inspection, 5);
    const time = inspection.availableTimes[0]!;
    const res = await postJson(server, "/api/bookings", {
      serviceId: inspection.id,
      bookingDate: date,
      bookingTime: time,
      customerFirstName: "Sam",
      customerLastName: "Lee",
      customerEmail: "sam.lee@example.com",
      customerPhone: "(978) 555-0101",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const mails = await exactly(server, smtp, 2);
    const confirmation = mails.find((m) => recipients(m) === "sam.lee@example.com")!;
    const link = /(http\S+\/booking\/manage\/([A-Za-z0-9_-]+))/.exec(confirmation.parsed.text!)!;
    const token = link[2]!;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits

    // Stored hashed: the token itself is nowhere in the database.
    const { db } = openServerDatabase(server);
    const row = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await db.destroy();
    expect(row.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const { db: check } = openServerDatabase(server);
    const bookingRows = await check.selectFrom("bookings").selectAll().execute();
    await check.destroy();
    expect(JSON.stringify(bookingRows)).not.toContain(token);
    // SQLite: not in the database file's bytes either (the confirmation mail in the outbox carries the link).
    if (!server.databaseUrl) expect(fs.readFileSync(path.join(server.dataDir, "dealership.sqlite")).includes(token)).toBe(false);

    const shown = await fetch(`${server.url}/api/bookings/manage/${token}`);
    expect(shown.status).toBe(200);
    const view = (await shown.json()) as Record<string, unknown>;
    expect(view).toMatchObject({ serviceName: inspection.name, bookingDate: date, bookingTime: time, status: "pending", canCancel: true });
    expect(JSON.stringify(view)).not.toContain("sam.lee@example.com");
    expect((await fetch(`${server.url}/api/bookings/date/${date}`).then((r) => r.json())) as unknown[]).toContainEqual({
      serviceId: inspection.id,
      bookingTime: time,
    });

    smtp.mails.length = 0;
    const cancel = await fetch(`${server.url}/api/bookings/manage/${token}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { status: string }).status).toBe("cancelled");
    const again = await fetch(`${server.url}/api/bookings/manage/${token}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already cancelled/);
    expect((await fetch(`${server.url}/api/bookings/date/${date}`).then((r) => r.json())) as unknown[]).not.toContainEqual({
      serviceId: inspection.id,
      bookingTime: time,
    });
    // Staff are told; the shopper gets the calendar file that cancels the event (decision 058).
    const cancelMails = await exactly(server, smtp, 2);
    const told = cancelMails.find((m) => recipients(m) === LEADS_TO);
    expect(told!.parsed.subject).toMatch(/^Booking cancelled: .* — Sam Lee$/);
    const shopperCopy = cancelMails.find((m) => recipients(m) === "sam.lee@example.com");
    expect(shopperCopy!.parsed.subject).toMatch(/^Cancelled: /);
    expect(parseIcs(shopperCopy!.parsed.attachments[0]!.content.toString("utf8")).props.METHOD?.[0]?.value).toBe("CANCEL");
    const reminder = (await outboxRows(server)).find((r) => r.relatedId === id && r.kind === "booking-reminder");
    expect(reminder?.status).toBe("cancelled");

    expect((await fetch(`${server.url}/api/bookings/manage/${"x".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/bookings/manage/short`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/bookings/manage/${"y".repeat(43)}/cancel`, { method: "POST" })).status).toBe(404);
  });
});

describe("lead delivery when SMTP is down", () => {
  it("stores the lead at once, delivers each mail exactly once when SMTP is back, also after a SIGKILL", async () => {
    const probe = await startSmtpCapture();
    const port = probe.port;
    await probe.close();
    const env = { SMTP_URL: `smtp://user:secret@127.0.0.1:${port}`, LEADS_TO, TRUST_PROXY: "true" };
    let server = await startTestServer({ env });
    const mails: CapturedMail[] = [];
    let smtp: SmtpCapture | null = null;
    try {
      // 1. SMTP down: the submission succeeds; its mails wait and retry.
      const started = Date.now();
      expect((await postJson(server, "/api/contact", contactBody())).status).toBe(201);
      // It never waits for SMTP (a connection timeout would be 10 s).
      expect(Date.now() - started).toBeLessThan(8_000);
      for (let i = 0; i < 200 && !(await outboxRows(server)).every((r) => r.attempts >= 1 && r.status === "queued"); i++) await sleep(100);
      const waiting = await outboxRows(server);
      expect(waiting).toHaveLength(2);
      expect(waiting.every((r) => r.status === "queued" && r.attempts >= 1 && r.lastError)).toBe(true);
      expect(waiting.every((r) => !r.lastError!.includes("secret"))).toBe(true);
      // The first retry comes within 30 s.
      for (const r of waiting)
        expect(new Date(r.nextAttemptAt).getTime() - new Date(r.lastAttemptAt!).getTime()).toBeLessThanOrEqual(30_000);

      smtp = await startSmtpCapture({ port, mails });
      await smtp.waitFor(2, 75_000);
      expect(subjects(mails)).toEqual(["New message: General inquiry — Jane Doe", "We received your message — Demo Motors of Fitchburg"]);

      // 2. SMTP down again, the server is killed while mails wait: they go out after the restart.
      await smtp.close();
      smtp = null;
      mails.length = 0;
      expect((await postJson(server, "/api/contact", { ...contactBody(), firstName: "Kim" })).status).toBe(201);
      for (let i = 0; i < 200 && (await outboxRows(server)).filter((r) => r.status === "queued" && r.attempts >= 1).length < 2; i++)
        await sleep(100);
      await server.kill("SIGKILL");
      smtp = await startSmtpCapture({ port, mails });
      server = await startTestServer({ dataDir: server.dataDir, env });
      await smtp.waitFor(2, 75_000);
      await sleep(4_000);
      expect(subjects(mails)).toEqual(["New message: General inquiry — Kim Doe", "We received your message — Demo Motors of Fitchburg"]);
      expect(new Set(mails.map((m) => m.parsed.messageId)).size).toBe(2);
      const rows = await outboxRows(server);
      expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent", "sent"]);
    } finally {
      await server.stop();
      await smtp?.close();
    }
  }, 240_000);
});

describe("lead delivery without SMTP_URL", () => {
  it("writes each mail as an .eml file under DATA_DIR/mail and keeps it in the outbox", async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: "true" } });
    try {
      expect((await postJson(server, "/api/contact", contactBody())).status).toBe(201);
      const dir = path.join(server.dataDir, "mail");
      for (let i = 0; i < 100 && (!fs.existsSync(dir) || fs.readdirSync(dir).length < 2); i++) await sleep(100);
      const files = fs.readdirSync(dir).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith(".eml"))).toBe(true);
      const staff = await simpleParser(
        fs.readFileSync(
          path.join(
            dir,
            files.find((f) => f.includes("contact-staff"))!,
          ),
        ),
      );
      expect(staff.subject).toBe("New message: General inquiry — Jane Doe");
      expect(staff.to && "text" in staff.to ? staff.to.text : "").toBe("sales@example.com");
      // The file is written before its row is marked: on a busy machine the second row was still "sending".
      await expect
        .poll(async () => (await outboxRows(server)).map((r) => r.status), { timeout: 10_000, interval: 100 })
        .toEqual(["written", "written"]);
    } finally {
      await server.stop();
    }
  });
});
