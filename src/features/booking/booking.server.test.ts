import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "~/server/db/database.server";
import { insertService } from "~/server/data/services.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { bookingCalendarDownload, createBooking, refusalFieldErrors, takenSlotsForDate } from "./booking.server";

// A real SQLite file in a temp dir (no mocks); `now` is fixed so clock rules are exact.
// Monday 2026-11-23 at 10:00 in Fitchburg (EST) = 15:00 UTC.
const now = new Date("2026-11-23T15:00:00Z");
let dataDir: string;
let opened: OpenedDatabase;
let ctx: AppContext;
let serviceId: string;

const customer = {
  customerFirstName: "Ana",
  customerLastName: "Silva",
  customerEmail: "ana@example.com",
  customerPhone: "9785550100",
  notes: undefined,
};

/** Parsed booking values (the schema's output) for the test service. */
const booking = (bookingDate: string, bookingTime: string) => ({ serviceId, bookingDate, bookingTime, ...customer });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-service-"));
  opened = openDatabase(dataDir);
  await migrateToLatest(opened.db);
  ctx = { env: readEnv({ DATA_DIR: dataDir }), db: opened.db, logger: createLogger("silent"), secrets: loadSecrets(dataDir) };
  serviceId = await insertService(
    opened.db,
    {
      name: "Oil Change",
      description: "Oil and filter",
      duration: 30,
      price: 59,
      availableDays: ["monday", "tuesday"],
      availableTimes: ["09:00", "12:30"],
    },
    0,
  );
});

afterAll(async () => {
  await opened.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("createBooking", () => {
  it("refuses a time that has already passed today at the dealership", async () => {
    const result = await createBooking(ctx, { serviceId, bookingDate: "2026-11-23", bookingTime: "09:00", ...customer }, now);
    expect(result).toEqual({ kind: "refused", field: "bookingTime", reason: "time-past" });
    if (result.kind !== "refused") throw new Error("expected a refusal");
    expect(refusalFieldErrors(result)).toEqual({ bookingTime: "This time has already passed. Please select a later time." });
  });

  it("accepts a later time today", async () => {
    const result = await createBooking(ctx, { serviceId, bookingDate: "2026-11-23", bookingTime: "12:30", ...customer }, now);
    expect(result).toMatchObject({
      kind: "booked",
      booking: { serviceId, bookingDate: "2026-11-23", bookingTime: "12:30", status: "pending" },
    });
  });

  it("judges 'past' on the dealership's calendar: Monday is still today at 21:00 New York time", async () => {
    const lateMonday = new Date("2026-11-24T02:00:00Z"); // already Tuesday in UTC
    const past = await createBooking(ctx, { serviceId, bookingDate: "2026-11-17", bookingTime: "09:00", ...customer }, lateMonday);
    expect(past).toEqual({ kind: "refused", field: "bookingDate", reason: "date-past" });
    const tuesday = await createBooking(ctx, { serviceId, bookingDate: "2026-11-24", bookingTime: "09:00", ...customer }, lateMonday);
    expect(tuesday.kind).toBe("booked");
  });

  it("refuses a weekday the service does not run", async () => {
    const result = await createBooking(ctx, { serviceId, bookingDate: "2026-11-25", bookingTime: "09:00", ...customer }, now);
    expect(result).toEqual({ kind: "refused", field: "bookingDate", reason: "day-not-offered" });
    if (result.kind !== "refused") throw new Error("expected a refusal");
    expect(refusalFieldErrors(result).bookingDate).toMatch(/not offered/);
  });

  it("refuses an unknown service and a time the service does not offer", async () => {
    const unknown = await createBooking(ctx, { ...booking("2026-11-24", "09:00"), serviceId: "no-such-service" }, now);
    expect(unknown).toEqual({ kind: "refused", field: "serviceId", reason: "unknown-service" });
    expect(await createBooking(ctx, booking("2026-11-24", "10:15"), now)).toEqual({
      kind: "refused",
      field: "bookingTime",
      reason: "time-not-offered",
    });
  });

  it("lets the unique index decide a taken slot: 409", async () => {
    const result = await createBooking(ctx, { serviceId, bookingDate: "2026-11-24", bookingTime: "09:00", ...customer }, now);
    expect(result).toEqual({ kind: "slot-taken" });
  });

  it("taken slots carry only serviceId and bookingTime", async () => {
    expect(await takenSlotsForDate(ctx, "2026-11-24")).toEqual([{ serviceId, bookingTime: "09:00" }]);
  });

  it("offers the .ics only for active bookings", async () => {
    const created = await createBooking(ctx, { serviceId, bookingDate: "2026-11-30", bookingTime: "09:00", ...customer }, now);
    if (created.kind !== "booked") throw new Error("expected a booking");
    const file = await bookingCalendarDownload(ctx, created.booking.id, now);
    expect(file?.fileName).toBe("service-appointment-2026-11-30.ics");
    expect(file?.body).toContain("DTSTART;TZID=America/New_York:20261130T090000");
    await opened.db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", created.booking.id).execute();
    expect(await bookingCalendarDownload(ctx, created.booking.id, now)).toBeNull();
  });
});
