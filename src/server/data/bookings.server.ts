import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import { isUniqueViolation } from "~/server/db/dialect.server";
import type { BookingTable } from "~/server/db/schema.server";

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
  /** The customer's own vehicle (service desk), each part optional. */
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleMileage: number | null;
  vehicleVin: string | null;
};

type CustomerVehicle = Pick<Booking, "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleMileage" | "vehicleVin">;

export type BookingInput = Omit<Booking, "id" | "status" | "createdAt" | "locale" | "cancelledAt" | keyof CustomerVehicle> &
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

export async function findBooking(db: Db, id: string): Promise<Booking | null> {
  return (await db.selectFrom("bookings").select(BOOKING_COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The booking a manage link's token hash belongs to. */
export async function findBookingByManageTokenHash(db: Db, tokenHash: string): Promise<Booking | null> {
  return (await db.selectFrom("bookings").select(BOOKING_COLUMNS).where("manageTokenHash", "=", tokenHash).executeTakeFirst()) ?? null;
}

/** Cancels an active booking (freeing its slot); false when it was already cancelled or does not exist. */
export async function cancelActiveBooking(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("bookings")
    .set({ status: "cancelled", cancelledAt: now.toISOString() })
    .where("id", "=", id)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Changes a booking's status; false when no such booking. Re-activating a cancelled
 * booking whose slot was taken since throws SlotTakenError.
 */
export async function setBookingStatus(db: Db, id: string, status: BookingStatus): Promise<boolean> {
  try {
    const result = await db.updateTable("bookings").set({ status }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotTakenError();
    throw error;
  }
}
