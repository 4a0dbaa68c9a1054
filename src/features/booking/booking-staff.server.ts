import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  findBooking,
  listBookingsFrom,
  setBookingStatus,
  SlotTakenError,
  type Booking,
  type BookingStatus,
} from "~/server/data/bookings.server";
import { leadMailsFor } from "~/server/data/outbox.server";
import { listServices } from "~/server/data/services.server";
import type { Staff } from "~/server/http/staff-request.server";
import { businessProfile } from "~/shared/config/business-profile";
import { zonedClock } from "~/shared/lib/business-hours";
import type { LeadMail } from "~/shared/staff/lead-tracking";

/** A booking as the Bookings tab lists it (DESIGN.md difference 8), with its mails' states (issue 12 item 5). */
export type StaffBooking = Booking & { serviceName: string | null; mails: LeadMail[] };

/** Bookings from today (dealership time) on, with their service names and mails. */
export async function upcomingBookings(ctx: AppContext, now = new Date()): Promise<StaffBooking[]> {
  const today = zonedClock(now, businessProfile.timeZone).isoDate;
  const [bookings, services] = await Promise.all([listBookingsFrom(ctx.db, today), listServices(ctx.db)]);
  const names = new Map(services.map((s) => [s.id, s.name]));
  const mails = await leadMailsFor(
    ctx.db,
    "booking",
    bookings.map((b) => b.id),
  );
  return bookings.map((b) => ({ ...b, serviceName: names.get(b.serviceId) ?? null, mails: mails.get(b.id) ?? [] }));
}

export type ChangeBookingStatusResult =
  | { outcome: "changed"; booking: Booking }
  | { outcome: "not-found" }
  /** Re-opening a cancelled booking whose slot was booked again since. */
  | { outcome: "slot-taken"; message: string };

/**
 * Confirms, cancels or re-opens a booking, recorded in the audit log with the person who did it.
 * A cancelled slot is bookable again.
 */
export async function changeBookingStatus(
  ctx: AppContext,
  staff: Staff,
  id: string,
  status: BookingStatus,
): Promise<ChangeBookingStatusResult> {
  try {
    if (!(await setBookingStatus(ctx.db, id, status))) return { outcome: "not-found" };
  } catch (error) {
    if (error instanceof SlotTakenError) return { outcome: "slot-taken", message: error.message };
    throw error;
  }
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: `status-${status}`, entity: "booking", entityId: id });
  const booking = await findBooking(ctx.db, id);
  return booking ? { outcome: "changed", booking } : { outcome: "not-found" };
}
