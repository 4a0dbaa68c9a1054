import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
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
};

export type BookingInput = Omit<Booking, "id" | "status" | "createdAt">;

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
  const booking: Booking = { id: crypto.randomUUID(), ...input, status: "pending", createdAt: now.toISOString() };
  try {
    await db.insertInto("bookings").values(booking).execute();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message)) throw new SlotTakenError();
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
    .selectAll()
    .where("bookingDate", ">=", fromDate)
    .orderBy("bookingDate")
    .orderBy("bookingTime")
    .execute();
}

export async function findBooking(db: Db, id: string): Promise<Booking | null> {
  return (await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
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
    if (error instanceof Error && /UNIQUE constraint failed/i.test(error.message)) throw new SlotTakenError();
    throw error;
  }
}
