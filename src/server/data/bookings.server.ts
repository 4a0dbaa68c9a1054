import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/server/db/database.server";
import { isUniqueViolation } from "~/server/db/dialect.server";
import type { BookingTable } from "~/server/db/schema.server";
import { recordStaffEvent } from "./staff-events.server";

export type BookingStatus = BookingTable["status"];

export type Booking = {
  id: string;
  serviceId: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  bookingDate: string;
  bookingTime: string;
  status: BookingStatus;
  notes: string | null;
  createdAt: string;
  /** The site language the shopper booked in; their mails use it. */
  locale: string;
  cancelledAt: string | null;
  /** SEQUENCE of the calendar event last mailed to the shopper (decision 058); 0 when booked. */
  calendarSequence: number;
  /** The customer's own vehicle (service desk), each part optional. */
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleMileage: number | null;
  vehicleVin: string | null;
};

type CustomerVehicle = Pick<Booking, "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleMileage" | "vehicleVin">;

export type BookingInput = Omit<Booking, "id" | "status" | "createdAt" | "locale" | "cancelledAt" | "calendarSequence" | keyof CustomerVehicle> &
  Partial<CustomerVehicle> & {
  locale?: string;
  /** SHA-256 of the manage-link token (never the token). */
  manageTokenHash?: string | null;
};

/** Every column but the manage token's hash, which never leaves this module. */
const BOOKING_COLUMNS = [
  "id",
  "serviceId",
  "customerFirstName",
  "customerLastName",
  "customerEmail",
  "customerPhone",
  "bookingDate",
  "bookingTime",
  "status",
  "notes",
  "createdAt",
  "locale",
  "cancelledAt",
  "calendarSequence",
  "vehicleYear",
  "vehicleMake",
  "vehicleModel",
  "vehicleMileage",
  "vehicleVin",
] as const;

/** Thrown when the slot already holds an active booking (the unique index said no). */
export class SlotTakenError extends Error {
  constructor() {
    super("That time slot has just been booked");
  }
}

/**
 * Inserts a pending booking. The partial unique index on (service, date, time) for
 * non-cancelled bookings decides races: the loser gets SlotTakenError.
 */
export async function insertBooking(db: Db, input: BookingInput, now = new Date()): Promise<Booking> {
  const { manageTokenHash = null, locale = "en", ...fields } = input;
  const booking: Booking = {
    id: crypto.randomUUID(),
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleMileage: null,
    vehicleVin: null,
    ...fields,
    locale,
    status: "pending",
    createdAt: now.toISOString(),
    cancelledAt: null,
    calendarSequence: 0,
  };
  try {
    await db
      .insertInto("bookings")
      .values({ ...booking, manageTokenHash })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotTakenError();
    throw error;
  }
  return booking;
}

/** Active (not cancelled) bookings on one date: only what slot computation needs. */
export async function takenSlotsOn(db: Db, date: string): Promise<{ serviceId: string; bookingTime: string }[]> {
  return db
    .selectFrom("bookings")
    .select(["serviceId", "bookingTime"])
    .where("bookingDate", "=", date)
    .where("status", "<>", "cancelled")
    .execute();
}

/** Bookings on or after `fromDate` (yyyy-MM-dd), by date and time. */
export async function listBookingsFrom(db: Db, fromDate: string): Promise<Booking[]> {
  return db
    .selectFrom("bookings")
    .select(BOOKING_COLUMNS)
    .where("bookingDate", ">=", fromDate)
    .orderBy("bookingDate")
    .orderBy("bookingTime")
    .execute();
}

/** Bookings on the days from `fromDate` up to (not including) `beforeDate`, by date and time (the `bookings_date` index). */
export async function listBookingsBetween(db: Db, fromDate: string, beforeDate: string): Promise<Booking[]> {
  return db
    .selectFrom("bookings")
    .select(BOOKING_COLUMNS)
    .where("bookingDate", ">=", fromDate)
    .where("bookingDate", "<", beforeDate)
    .orderBy("bookingDate")
    .orderBy("bookingTime")
    .execute();
}

export async function findBooking(db: Db, id: string): Promise<Booking | null> {
  return (await db.selectFrom("bookings").select(BOOKING_COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The booking a manage link's token hash belongs to. */
export async function findBookingByManageTokenHash(db: Db, tokenHash: string): Promise<Booking | null> {
  return (await db.selectFrom("bookings").select(BOOKING_COLUMNS).where("manageTokenHash", "=", tokenHash).executeTakeFirst()) ?? null;
}

/**
 * Cancels an active booking (freeing its slot) and bumps its calendar SEQUENCE, since the
 * shopper is sent a CANCEL that must outrank the event they hold. Returns the cancelled
 * booking, or null when it was already cancelled or does not exist: of two racing cancels
 * only one changes the row.
 */
export async function cancelActiveBooking(db: Db, id: string, now = new Date()): Promise<Booking | null> {
  const cancelled =
    (await db
      .updateTable("bookings")
      .set((eb) => ({ status: "cancelled", cancelledAt: now.toISOString(), calendarSequence: eb("calendarSequence", "+", 1) }))
      .where("id", "=", id)
      .where("status", "<>", "cancelled")
      .returning(BOOKING_COLUMNS)
      .executeTakeFirst()) ?? null;
  if (cancelled) await bookingCancelled(db, id, now);
  return cancelled;
}

/** The live screens' event for a cancelled booking, in the cancel's transaction (decision 110). */
const bookingCancelled = (db: Db, id: string, now: Date) =>
  recordStaffEvent(db, { name: "booking.cancelled", subjectType: "booking", subjectId: id, area: "bookings" }, now);

/**
 * Moves a booking from the status it was read with to another; null when it no longer has
 * `from` (another change came first) or does not exist, so a change is made, and mailed,
 * once. Cancelling stamps `cancelledAt`, re-opening clears it; `bumpSequence` raises the
 * calendar SEQUENCE when the shopper's calendar event changes (decision 058).
 * Re-activating a cancelled booking whose slot was taken since throws SlotTakenError.
 */
export async function changeBookingStatusFrom(
  db: Db,
  id: string,
  from: BookingStatus,
  to: BookingStatus,
  options: { bumpSequence: boolean; now?: Date },
): Promise<Booking | null> {
  const now = options.now ?? new Date();
  try {
    const changed =
      (await db
        .updateTable("bookings")
        .set((eb) => ({
          status: to,
          cancelledAt: to === "cancelled" ? now.toISOString() : null,
          ...(options.bumpSequence ? { calendarSequence: eb("calendarSequence", "+", 1) } : {}),
        }))
        .where("id", "=", id)
        .where("status", "=", from)
        .returning(BOOKING_COLUMNS)
        .executeTakeFirst()) ?? null;
    if (changed && to === "cancelled") await bookingCancelled(db, id, now);
    return changed;
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotTakenError();
    throw error;
  }
}

/** How many bookings a calendar day holds, cancelled ones left out. */
export async function countBookingsOn(db: Db, date: string): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select(sql<number>`count(*)`.as("n"))
    .where("bookingDate", "=", date)
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
