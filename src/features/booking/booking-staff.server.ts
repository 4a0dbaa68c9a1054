import type { AppContext } from "~/server/context.server";
import {
  findBooking,
  listBookingsFrom,
  setBookingStatus,
  SlotTakenError,
  type Booking,
  type BookingStatus,
} from "~/server/data/bookings.server";
import { listServices } from "~/server/data/services.server";
import { businessProfile } from "~/shared/config/business-profile";
import { zonedClock } from "~/shared/lib/business-hours";

/** A booking as the Bookings tab lists it (DESIGN.md difference 8). */
export type StaffBooking = Booking & { serviceName: string | null };

/** Bookings from today (dealership time) on, with their service names. */
export async function upcomingBookings(ctx: AppContext, now = new Date()): Promise<StaffBooking[]> {
  const today = zonedClock(now, businessProfile.timeZone).isoDate;
  const [bookings, services] = await Promise.all([listBookingsFrom(ctx.db, today), listServices(ctx.db)]);
  const names = new Map(services.map((s) => [s.id, s.name]));
  return bookings.map((b) => ({ ...b, serviceName: names.get(b.serviceId) ?? null }));
}

export type ChangeBookingStatusResult =
  | { outcome: "changed"; booking: Booking }
  | { outcome: "not-found" }
  /** Re-opening a cancelled booking whose slot was booked again since. */
  | { outcome: "slot-taken"; message: string };

/** Confirms, cancels or re-opens a booking. A cancelled slot is bookable again. */
export async function changeBookingStatus(ctx: AppContext, id: string, status: BookingStatus): Promise<ChangeBookingStatusResult> {
  try {
    if (!(await setBookingStatus(ctx.db, id, status))) return { outcome: "not-found" };
  } catch (error) {
    if (error instanceof SlotTakenError) return { outcome: "slot-taken", message: error.message };
    throw error;
  }
  const booking = await findBooking(ctx.db, id);
  return booking ? { outcome: "changed", booking } : { outcome: "not-found" };
}
