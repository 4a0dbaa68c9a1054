import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  changeBookingStatusFrom,
  findBooking,
  listBookingsBetween,
  listBookingsFrom,
  SlotTakenError,
  type Booking,
  type BookingStatus,
} from "~/server/data/bookings.server";
import { enqueueMails, leadMailsFor, type NewMail } from "~/server/data/outbox.server";
import { findService, listServices } from "~/server/data/services.server";
import type { ServerEnv } from "~/server/env.server";
import type { Staff } from "~/server/http/staff-request.server";
import { dealerToday } from "~/shared/lib/dealer-clock";
import type { LeadMail } from "~/shared/staff/lead-tracking";
import type { ServiceRecord } from "~/shared/types/service";
import { shopperCancelledMail, shopperConfirmedMail, shopperReopenedMail } from "./booking-mails.server";
import { inTransaction } from "~/server/db/transaction.server";

/** A booking as the Bookings tab lists it (docs/behaviour.md §2 Staff dashboard), with its mails' states. */
export type StaffBooking = Booking & { serviceName: string | null; mails: LeadMail[] };

/** Bookings from today (dealership time) on, with their service names and mails. */
export async function upcomingBookings(ctx: AppContext, now = new Date()): Promise<StaffBooking[]> {
  return withNamesAndMails(ctx, await listBookingsFrom(ctx.db, dealerToday(now)));
}

/** The bookings of the days from `fromDate` up to (not including) `beforeDate`: the Bookings screen's days. */
export async function bookingsBetween(ctx: AppContext, fromDate: string, beforeDate: string): Promise<StaffBooking[]> {
  return withNamesAndMails(ctx, await listBookingsBetween(ctx.db, fromDate, beforeDate));
}

/** The day a booking is on (a staff mail's link names the booking; the screen lists its day); null for no such booking. */
export async function bookingDateOf(ctx: AppContext, id: string): Promise<string | null> {
  return (await findBooking(ctx.db, id))?.bookingDate ?? null;
}

async function withNamesAndMails(ctx: AppContext, bookings: Booking[]): Promise<StaffBooking[]> {
  const services = await listServices(ctx.db);
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
 * What the shopper is sent when staff move their booking from `from` to `row.status`
 * (decision 058): a cancellation with a CANCEL file, a confirmation with the event, the
 * booked mail again when a cancelled booking is re-opened; nothing when a confirmed booking
 * goes back to pending, which changes nothing in the shopper's calendar.
 */
function shopperMailFor(env: ServerEnv, from: BookingStatus, row: Booking, service: ServiceRecord, now: Date): NewMail | null {
  if (row.status === "cancelled") return shopperCancelledMail(env, row, service, "staff", now);
  if (row.status === "confirmed") return shopperConfirmedMail(env, row, service, now);
  return from === "cancelled" ? shopperReopenedMail(env, row, service, now) : null;
}

/**
 * Confirms, cancels or re-opens a booking and, in the same transaction, queues the shopper's
 * mail (decision 033: a change is never without its mail) and records who did it in the audit
 * log. A cancelled slot is bookable again. Setting the status a booking already has changes,
 * mails and records nothing.
 */
export async function changeBookingStatus(
  ctx: AppContext,
  staff: Staff,
  id: string,
  status: BookingStatus,
  now = new Date(),
): Promise<ChangeBookingStatusResult> {
  // Each try moves the booking from the status just read; a concurrent change makes the
  // update match nothing, and the next try starts from what that change left.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findBooking(ctx.db, id);
    if (!current) return { outcome: "not-found" };
    if (current.status === status) return { outcome: "changed", booking: current };
    const service = await findService(ctx.db, current.serviceId);
    let changed: Booking | null;
    try {
      changed = await inTransaction(ctx.db, async (trx) => {
        // The shopper's calendar event changes when it is cancelled or comes back from cancelled.
        const bumpSequence = status === "cancelled" || current.status === "cancelled";
        const row = await changeBookingStatusFrom(trx, id, current.status, status, { bumpSequence, now });
        if (!row) return null;
        const mail = service ? shopperMailFor(ctx.env, current.status, row, service, now) : null;
        if (mail) await enqueueMails(trx, [mail], now);
        await insertAuditEntry(trx, {
          actor: staff.actor,
          accountId: staff.id,
          action: `status-${status}`,
          entity: "booking",
          entityId: id,
        });
        return row;
      });
    } catch (error) {
      if (error instanceof SlotTakenError) return { outcome: "slot-taken", message: error.message };
      throw error;
    }
    if (changed) {
      ctx.logger.info({ bookingId: id, from: current.status, to: status }, "booking status changed by staff");
      return { outcome: "changed", booking: changed };
    }
  }
  const booking = await findBooking(ctx.db, id);
  return booking ? { outcome: "changed", booking } : { outcome: "not-found" };
}
