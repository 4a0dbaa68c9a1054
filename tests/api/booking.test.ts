import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayOf } from "~/features/booking/available-slots";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import type { Service } from "~/shared/types/service";
import { startTestServer, type TestServer } from "../support/test-server";
import { recentPastDateFor, upcomingDateFor, upcomingWeekday } from "../support/booking-dates";
import { openServerDatabase } from "../support/server-database";

let server: TestServer;
let services: Service[];
let oilChange: Service;
let inspection: Service;

const customer = {
  customerFirstName: "Ana",
  customerLastName: "Silva",
  customerEmail: "ana.silva@example.com",
  customerPhone: "(978) 555-0100",
  notes: "Please check the tire pressure too.",
};

function post(body: unknown, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return fetch(`${server.url}/api/bookings`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  const res = await fetch(`${server.url}/api/services`);
  expect(res.status).toBe(200);
  services = (await res.json()) as Service[];
  oilChange = services.find((s) => s.name === "Oil Change")!;
  inspection = services.find((s) => s.name === "Massachusetts State Inspection")!;
});

afterAll(async () => {
  await server?.stop();
});

describe("GET /api/services", () => {
  it("lists the six demo services with the fields the booking page shows", () => {
    expect(services).toHaveLength(6);
    for (const s of services) {
      expect(Object.keys(s).sort()).toEqual(["availableDays", "availableTimes", "description", "duration", "id", "name", "price"]);
      expect(Number.isInteger(s.duration) && Number.isInteger(s.price)).toBe(true);
    }
  });
});

describe("POST /api/bookings", () => {
  it("books a free slot: 201 with the booking, never echoing customer data", async () => {
    const date = upcomingDateFor(oilChange, 4);
    const res = await post({ serviceId: oilChange.id, bookingDate: date, bookingTime: "10:00", ...customer });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ serviceId: oilChange.id, bookingDate: date, bookingTime: "10:00", status: "pending" });
    expect(JSON.stringify(body)).not.toContain("ana.silva");

    const { db } = openServerDatabase(server);
    const row = await db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", body.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customerEmail: "ana.silva@example.com",
      customerPhone: "(978) 555-0100",
      status: "pending",
      notes: customer.notes,
    });
    await db.destroy();
  });

  it("20 parallel requests for one slot: exactly one 201 and 19 × 409 with a clear message", async () => {
    const date = upcomingDateFor(oilChange, 5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ serviceId: oilChange.id, bookingDate: date, bookingTime: "11:30", ...customer, customerEmail: `racer${i}@example.com` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const conflict = (await responses.find((r) => r.status === 409)!.json()) as { error: string };
    expect(conflict.error).toMatch(/pick another time/i);

    const { db } = openServerDatabase(server);
    const rows = await db.selectFrom("bookings").select("id").where("bookingDate", "=", date).where("bookingTime", "=", "11:30").execute();
    expect(rows).toHaveLength(1);
    await db.destroy();
  });

  it("the same time of another service, or a cancelled booking's slot, is still bookable", async () => {
    const date = upcomingDateFor(inspection, 6);
    expect((await post({ serviceId: inspection.id, bookingDate: date, bookingTime: "09:00", ...customer })).status).toBe(201);
    const tire = services.find((s) => s.name === "Tire Rotation")!;
    const tireDate = tire.availableDays.includes(weekdayOf(date)) ? date : upcomingDateFor(tire, 6);
    expect((await post({ serviceId: tire.id, bookingDate: tireDate, bookingTime: "09:00", ...customer })).status).toBe(201);

    const { db } = openServerDatabase(server);
    await db
      .updateTable("bookings")
      .set({ status: "cancelled" })
      .where("serviceId", "=", inspection.id)
      .where("bookingDate", "=", date)
      .execute();
    await db.destroy();
    expect((await post({ serviceId: inspection.id, bookingDate: date, bookingTime: "09:00", ...customer })).status).toBe(201);
  });

  const valid = () => ({ serviceId: oilChange.id, bookingDate: upcomingDateFor(oilChange, 7), bookingTime: "13:00", ...customer });

  it.each([
    ["serviceId", "", "Please select a service"],
    ["bookingDate", "", "Please select a date"],
    ["bookingDate", "12/01/2030", "Please select a date"],
    ["bookingDate", "2030-02-30", "Please select a date"],
    ["bookingTime", "", "Please select a time slot"],
    ["bookingTime", "1pm", "Please select a time slot"],
    ["customerFirstName", "  ", "First name is required"],
    ["customerLastName", "", "Last name is required"],
    ["customerEmail", "ana@", "Valid email is required"],
    ["customerPhone", "555-0100", "Valid phone number is required"],
  ])("400 when %s is %j: %s", async (field, value, message) => {
    const res = await post({ ...valid(), [field]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.fieldErrors[field]).toBe(message);
    expect(JSON.stringify(body)).not.toContain("ana.silva");
  });

  it("400 listing every field for an empty body, a non-JSON body, and malformed JSON", async () => {
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(Object.keys(((await empty.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual(
      ["bookingDate", "bookingTime", "customerEmail", "customerFirstName", "customerLastName", "customerPhone", "serviceId"].sort(),
    );
    expect((await post("serviceId=x", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
  });

  it("400 for a service that does not exist", async () => {
    const res = await post({ ...valid(), serviceId: "00000000-0000-4000-8000-000000000000" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.serviceId).toBe("Please select a service");
  });

  it("rejects a past date (in the dealership's time zone)", async () => {
    const res = await post({ ...valid(), bookingDate: recentPastDateFor(oilChange), bookingTime: "09:00" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.bookingDate).toMatch(/past/);
  });

  it("rejects a weekday the service does not run (inspection on a Sunday, detailing on a Monday)", async () => {
    const sunday = await post({ ...valid(), serviceId: inspection.id, bookingDate: upcomingWeekday("sunday"), bookingTime: "09:00" });
    expect(sunday.status).toBe(400);
    expect(((await sunday.json()) as { fieldErrors: Record<string, string> }).fieldErrors.bookingDate).toMatch(/not offered/);
    const detailing = services.find((s) => s.name === "Full Detailing")!;
    const monday = await post({ ...valid(), serviceId: detailing.id, bookingDate: upcomingWeekday("monday"), bookingTime: "09:00" });
    expect(monday.status).toBe(400);
  });

  it("rejects a time that is not one of the service's times", async () => {
    const detailing = services.find((s) => s.name === "Full Detailing")!;
    for (const bookingTime of ["09:15", "10:00", "23:00"]) {
      const res = await post({ ...valid(), serviceId: detailing.id, bookingDate: upcomingDateFor(detailing, 3), bookingTime });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.bookingTime).toBe(
        "Please select one of the offered time slots.",
      );
    }
  });
});

describe("GET /api/bookings/date/{date}", () => {
  it("returns only serviceId and bookingTime of active bookings, never customer data", async () => {
    // Far past the other tests' dates: near ones can meet when a closed day shifts two of them onto one open day.
    const date = upcomingDateFor(oilChange, 60);
    expect((await post({ serviceId: oilChange.id, bookingDate: date, bookingTime: "14:30", ...customer })).status).toBe(201);
    const res = await fetch(`${server.url}/api/bookings/date/${date}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual([{ serviceId: oilChange.id, bookingTime: "14:30" }]);
    for (const secret of ["Ana", "Silva", "example.com", "555-0100", "tire pressure", "pending"]) expect(text).not.toContain(secret);
  });

  it("returns an empty list for a day without bookings", async () => {
    const res = await fetch(`${server.url}/api/bookings/date/2031-01-07`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it.each(["2026-13-01", "2026-02-30", "20261201", "tomorrow", "2026-1-1"])("400 for the malformed date %s", async (date) => {
    const res = await fetch(`${server.url}/api/bookings/date/${date}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/yyyy-MM-dd/);
  });
});

describe("GET /api/bookings/{id}/ics", () => {
  it("downloads a valid iCalendar file for the appointment", async () => {
    const date = upcomingDateFor(oilChange, 9);
    const created = (await (await post({ serviceId: oilChange.id, bookingDate: date, bookingTime: "09:30", ...customer })).json()) as {
      id: string;
    };
    const res = await fetch(`${server.url}/api/bookings/${created.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="service-appointment-${date}.ics"`);
    const ics = await res.text();
    const compact = date.replaceAll("-", "");
    expect(ics).toContain(`DTSTART;TZID=America/New_York:${compact}T093000\r\n`);
    expect(ics).toContain(`DTEND;TZID=America/New_York:${compact}T100000\r\n`);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(ics).toContain(`UID:${created.id}@`);
    expect(ics).toContain("LOCATION:Demo Motors of Fitchburg\\, 100 Demo Street\\, Fitchburg\\, MA 01430");
    expect(ics).not.toContain("Silva");
  });

  it("404 for an unknown or malformed id", async () => {
    expect((await fetch(`${server.url}/api/bookings/00000000-0000-4000-8000-000000000000/ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/bookings/nope/ics`)).status).toBe(404);
  });
});

describe("rate limit", () => {
  it("answers 429 once a client exceeds the booking attempts allowed per window", async () => {
    const fresh = await startTestServer({ seeded: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= BOOKING_RATE_LIMIT.limit; i++) {
        const res = await fetch(`${fresh.url}/api/bookings`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, BOOKING_RATE_LIMIT.limit).every((s) => s === 400)).toBe(true);
      expect(statuses[BOOKING_RATE_LIMIT.limit]).toBe(429);
    } finally {
      await fresh.stop();
    }
  });
});
