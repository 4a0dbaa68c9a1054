import type { AppContext } from "~/server/context.server";
import {
  cancelActiveBooking,
  findBooking,
  findBookingByManageTokenHash,
  insertBooking,
  type Booking,
  type BookingInput,
} from "~/server/data/bookings.server";
import { cancelQueuedMails, enqueueMails } from "~/server/data/outbox.server";
import { assignArrivingLead, inLeadTransaction, registerLead } from "~/server/leads/register-lead.server";
import { findService } from "~/server/data/services.server";
import { BOOKING_REMINDER_KIND } from "~/server/mail/mail-kinds";
import { businessProfile } from "~/shared/config/business-profile";
import { asLocale, type Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import { localizeService, type ServiceRecord } from "~/shared/types/service";
import { appointmentStart, reminderDueAt } from "./appointment-time";
import { bookingCalendarAttachment, bookingCancelledMail, newBookingMails, shopperCancelledMail } from "./booking-mails.server";
import { hashSecretLinkToken, newSecretLinkToken, SECRET_LINK_TOKEN_PATTERN } from "~/server/secret-link.server";
import { inTransaction } from "~/server/db/transaction.server";

/**
 * Stores a booking with a fresh manage token and, in the same transaction, its mails:
 * staff notification, confirmation (.ics, manage link) and the reminder 24 h ahead.
 * Throws SlotTakenError like insertBooking.
 */
export async function storeBookingWithMails(
  ctx: AppContext,
  input: Omit<BookingInput, "manageTokenHash">,
  service: ServiceRecord,
  now = new Date(),
  source: LeadSource | null = null,
): Promise<Booking> {
  const token = newSecretLinkToken();
  const booking: Booking = await inLeadTransaction(ctx.db, { type: "booking", locale: input.locale ?? "en" }, now, async (trx) => {
    const stored = await insertBooking(trx, { ...input, manageTokenHash: hashSecretLinkToken(token) }, now);
    const start = appointmentStart(stored.bookingDate, stored.bookingTime, businessProfile.timeZone);
    // A REQUEST, not a PUBLISH: the later CANCEL then removes this very event (decision 058).
    const calendarFile = bookingCalendarAttachment(ctx.env, stored, service, "REQUEST", now);
    const mails = newBookingMails(ctx.env, stored, service, token, calendarFile, reminderDueAt(start, now));
    const arriving = await registerLead(
      trx,
      {
        type: "booking",
        id: stored.id,
        firstName: stored.customerFirstName,
        lastName: stored.customerLastName,
        email: stored.customerEmail,
        phone: stored.customerPhone,
        locale: stored.locale,
        vehicleId: null,
        source,
      },
      now,
    );
    await assignArrivingLead(trx, ctx.env, arriving, mails, now);
    return stored;
  });
  return booking;
}

/** What the manage page shows: the appointment, never the shopper's contact details. */
export type ManagedBooking = {
  /** In the page's language when translated, else English with `serviceNameLang` "en" (decision 068). */
  serviceName: string;
  serviceNameLang?: Locale;
  duration: number;
  bookingDate: string;
  bookingTime: string;
  status: Booking["status"];
  customerFirstName: string;
  /** False for a cancelled booking or one whose time has come. */
  canCancel: boolean;
};

async function bookingForToken(ctx: AppContext, token: string): Promise<{ booking: Booking; service: ServiceRecord } | null> {
  if (!SECRET_LINK_TOKEN_PATTERN.test(token)) return null;
  const booking = await findBookingByManageTokenHash(ctx.db, hashSecretLinkToken(token));
  if (!booking) return null;
  const service = await findService(ctx.db, booking.serviceId);
  return service ? { booking, service } : null;
}

function isPast(booking: Booking, now: Date): boolean {
  return appointmentStart(booking.bookingDate, booking.bookingTime, businessProfile.timeZone).getTime() <= now.getTime();
}

function view(booking: Booking, service: ServiceRecord, now: Date, locale: Locale | undefined): ManagedBooking {
  const { name, nameLang } = localizeService(service, locale ?? asLocale(booking.locale));
  return {
    serviceName: name,
    ...(nameLang ? { serviceNameLang: nameLang } : {}),
    duration: service.duration,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    status: booking.status,
    customerFirstName: booking.customerFirstName,
    canCancel: booking.status !== "cancelled" && !isPast(booking, now),
  };
}

/**
 * The booking behind a manage link, or null for an unknown token. The service is named in
 * `locale` (the page's language), else in the language the shopper booked in.
 */
export async function findManagedBooking(
  ctx: AppContext,
  token: string,
  locale?: Locale,
  now = new Date(),
): Promise<ManagedBooking | null> {
  const found = await bookingForToken(ctx, token);
  return found ? view(found.booking, found.service, now, locale) : null;
}

export type CancelManagedBookingResult =
  | { kind: "cancelled"; booking: ManagedBooking }
  | { kind: "not-found" }
  | { kind: "already-cancelled"; booking: ManagedBooking }
  | { kind: "past"; booking: ManagedBooking };

/**
 * Cancels through the manage link: frees the slot at once, drops the queued reminder, tells
 * staff and sends the shopper a METHOD:CANCEL calendar file at the raised SEQUENCE, all in
 * one transaction (decision 033, 058). A cancelled or past booking stays as it is.
 */
export async function cancelManagedBooking(
  ctx: AppContext,
  token: string,
  locale?: Locale,
  now = new Date(),
): Promise<CancelManagedBookingResult> {
  const found = await bookingForToken(ctx, token);
  if (!found) return { kind: "not-found" };
  const { booking, service } = found;
  if (booking.status === "cancelled") return { kind: "already-cancelled", booking: view(booking, service, now, locale) };
  if (isPast(booking, now)) return { kind: "past", booking: view(booking, service, now, locale) };
  const cancelled = await inTransaction(ctx.db, async (trx) => {
    // Only one of two racing cancels changes the row; the other reports it already cancelled.
    const row = await cancelActiveBooking(trx, booking.id, now);
    if (!row) return false;
    await cancelQueuedMails(trx, "booking", booking.id, BOOKING_REMINDER_KIND);
    await enqueueMails(
      trx,
      [bookingCancelledMail(ctx.env, row, service), shopperCancelledMail(ctx.env, row, service, "shopper", now)],
      now,
    );
    return true;
  });
  const current = (await findBooking(ctx.db, booking.id)) ?? booking;
  if (!cancelled) return { kind: "already-cancelled", booking: view(current, service, now, locale) };
  ctx.logger.info({ bookingId: booking.id }, "booking cancelled by the customer");
  return { kind: "cancelled", booking: view(current, service, now, locale) };
}
