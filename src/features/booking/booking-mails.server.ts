import type { Booking } from "~/server/data/bookings.server";
import type { MailAttachment, NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { BOOKING_REMINDER_KIND } from "~/server/mail/mail-kinds";
import { dealershipSignature, renderMail, type MailBlock } from "~/server/mail/mail-layout.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { mailFrom } from "~/server/mail/mail-transport.server";
import { staffLeadsAddress } from "~/server/mail/recipients.server";
import { mailtoHref, shopperLanguageLine, leadRecordUrl, telHref } from "~/server/mail/staff-mail.server";
import { formatClockTime } from "~/shared/lib/business-hours";
import { formatNumber } from "~/shared/lib/format";
import { businessProfile } from "~/shared/config/business-profile";
import { messagesFor } from "~/shared/i18n/catalogues";
import { asLocale, LANGUAGE_TAGS, localizedPath, type Locale } from "~/shared/i18n/locales";
import { localizeService, type ServiceRecord } from "~/shared/types/service";
import { formatSlotTime, minutesOf } from "./available-slots";
import { bookingCalendarFile, type CalendarMethod } from "./booking-calendar-file";
import { formatBookingDate } from "./booking-dates";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";

const shortDates = new Map<Locale, Intl.DateTimeFormat>();

/** An abbreviation with its period ("dic" → "dic."), as Spanish and Portuguese write them. */
const abbreviated = (word: string) => (word.endsWith(".") ? word : `${word}.`);

/**
 * Short enough for a lock screen: "Tue, Dec 1 9:00 AM" in English, "mar. 1 de dic., 9:00 a. m."
 * in Spanish, "ter., 1 de dez., às 9h" in Portuguese (each language's way of abbreviating and
 * of saying the hour).
 */
export function appointmentLabel(booking: Pick<Booking, "bookingDate" | "bookingTime">, locale: Locale = "en"): string {
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
    shortDates.set(locale, format);
  }
  const date = new Date(`${booking.bookingDate}T00:00:00Z`);
  if (locale === "en") return `${format.format(date)} ${formatSlotTime(booking.bookingTime, locale)}`;
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  const day = `${abbreviated(part("weekday"))}${locale === "pt" ? "," : ""} ${part("day")} de ${abbreviated(part("month"))}`;
  if (locale === "pt") return `${day}, às ${formatClockTime(minutesOf(booking.bookingTime), "pt")}`;
  return `${day}, ${formatSlotTime(booking.bookingTime, locale)}`;
}

/** The shopper's manage page for a token, in the language they booked in (/es/booking/manage/…). */
export function manageUrl(env: ServerEnv, token: string, locale: Locale = "en"): string {
  return `${env.publicUrl}${localizedPath(`/booking/manage/${token}`, locale)}`;
}

const customerName = (b: Booking) => `${b.customerFirstName} ${b.customerLastName}`;

/**
 * The booking's calendar event as iCalendar text, in the shopper's language, at the SEQUENCE
 * the booking now has (decision 058). The ORGANIZER is the mail's sender, so a client that
 * checks who may update or cancel the event finds the same address on every file.
 */
export function bookingCalendarText(env: ServerEnv, booking: Booking, service: ServiceRecord, method: CalendarMethod, now: Date): string {
  const locale = asLocale(booking.locale);
  const ics = messagesFor(locale).booking.ics;
  // The shopper's calendar names the service in their language when staff translated it.
  const name = localizeService(service, locale).name;
  const organizer = mailFrom(env);
  return bookingCalendarFile({
    method,
    sequence: booking.calendarSequence,
    organizer: { name: organizer.name, email: organizer.address },
    // A PUBLISH may not name attendees (RFC 5546 §3.2.1); the download is only a copy.
    attendee: method === "PUBLISH" ? null : { name: customerName(booking), email: booking.customerEmail },
    bookingId: booking.id,
    serviceName: name,
    duration: service.duration,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    summary: ics.summary(name, businessProfile.name),
    description: ics.description(name, service.duration, businessProfile.phone),
    profile: businessProfile,
    now,
  });
}

/**
 * The calendar file a shopper's mail carries. The MIME type's `method` must equal the file's
 * METHOD (RFC 6047 §2.4), or Outlook will not apply it.
 */
export function bookingCalendarAttachment(
  env: ServerEnv,
  booking: Booking,
  service: ServiceRecord,
  method: Exclude<CalendarMethod, "PUBLISH">,
  now: Date,
): MailAttachment {
  return {
    filename: messagesFor(asLocale(booking.locale)).booking.ics.fileName(booking.bookingDate),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: bookingCalendarText(env, booking, service, method, now),
  };
}

/** "2019 Honda Civic" from what the customer gave (any part may be missing), or null when nothing was. */
export function customerVehicleName(b: Pick<Booking, "vehicleYear" | "vehicleMake" | "vehicleModel">): string | null {
  const name = [b.vehicleYear, b.vehicleMake, b.vehicleModel].filter((part) => part !== null && part !== "").join(" ");
  return name || null;
}

/** The booking for the service desk: what, when, who (phone and e-mail as links) and the customer's vehicle. */
function staffBlocks(env: ServerEnv, b: Booking, service: ServiceRecord): MailBlock[] {
  const staff = mailMessagesFor("en").staff;
  const f = staff.fields;
  const vehicle = customerVehicleName(b);
  return [
    {
      type: "fields",
      rows: [
        [f.service, service.name],
        [f.date, formatBookingDate(b.bookingDate)],
        [f.time, formatSlotTime(b.bookingTime)],
        [f.name, customerName(b)],
        [f.phone, b.customerPhone, telHref(b.customerPhone)],
        [f.email, b.customerEmail, mailtoHref(b.customerEmail)],
        ...(vehicle ? ([[f.customerVehicle, vehicle]] as const) : []),
        ...(b.vehicleMileage !== null ? ([[f.mileage, `${formatNumber(b.vehicleMileage)} mi`]] as const) : []),
        ...(b.vehicleVin ? ([[f.vin, b.vehicleVin]] as const) : []),
        ...(b.notes ? ([[f.notes, b.notes]] as const) : []),
      ],
    },
    { type: "link", label: staff.openBooking, href: leadRecordUrl(env, "booking", b.id) },
  ];
}

function shopperFields(b: Booking, service: ServiceRecord, locale: Locale) {
  const f = mailMessagesFor(locale).shopper.fields;
  const a = businessProfile.address;
  return {
    type: "fields" as const,
    rows: [
      [f.service, localizeService(service, locale).name],
      [f.date, formatBookingDate(b.bookingDate, locale)],
      [f.time, formatSlotTime(b.bookingTime, locale)],
      [f.address, `${businessProfile.name}, ${a.street}, ${a.city}, ${a.region} ${a.postalCode}`],
      [f.phone, businessProfile.phone],
    ] as const,
  };
}

/**
 * The mails a new booking sends: the staff notification, the shopper's
 * confirmation with the .ics and the manage link, and the reminder due 24 h ahead (none
 * when `reminderDue` is null).
 */
export function newBookingMails(
  env: ServerEnv,
  booking: Booking,
  service: ServiceRecord,
  manageToken: string,
  calendarFile: MailAttachment,
  reminderDue: Date | null,
): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  // Staff read English; the shopper's mails are in the language they booked in.
  const locale = asLocale(booking.locale);
  const shopper = mailMessagesFor(locale).shopper;
  const related = { relatedType: LEAD_KINDS.booking.mails.relatedType, relatedId: booking.id };
  const when = appointmentLabel(booking);
  const shopperWhen = appointmentLabel(booking, locale);
  const shopperService = localizeService(service, locale).name;
  const link = { type: "link" as const, label: shopper.manageLink, href: manageUrl(env, manageToken, locale) };
  const mails: NewMail[] = [
    {
      kind: LEAD_KINDS.booking.mails.staff,
      to: staffLeadsAddress(env),
      replyTo: booking.customerEmail,
      subject: staff.newBookingSubject(service.name, when, customerName(booking)),
      ...renderMail(staff.bookingHeading, staffBlocks(env, booking, service), [businessProfile.name], "en-US", shopperLanguageLine(locale)),
      ...related,
    },
    {
      kind: "booking-confirmation",
      to: booking.customerEmail,
      // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
      replyTo: businessProfile.email,
      subject: shopper.bookingSubject(shopperService, shopperWhen),
      ...renderMail(
        shopper.bookingHeading(booking.customerFirstName),
        [{ type: "paragraph", text: shopper.bookingBody }, shopperFields(booking, service, locale), link],
        [...dealershipSignature(), shopper.transactional],
        LANGUAGE_TAGS[locale],
      ),
      attachments: [calendarFile],
      ...related,
    },
  ];
  if (reminderDue) {
    mails.push({
      kind: BOOKING_REMINDER_KIND,
      to: booking.customerEmail,
      replyTo: businessProfile.email,
      subject: shopper.reminderSubject(shopperService, shopperWhen),
      ...renderMail(
        shopper.reminderHeading(booking.customerFirstName),
        [{ type: "paragraph", text: shopper.reminderBody }, shopperFields(booking, service, locale), link],
        [...dealershipSignature(), shopper.transactional],
        LANGUAGE_TAGS[locale],
      ),
      dueAt: reminderDue,
      ...related,
    });
  }
  return mails;
}

/** The shopper's own link back to the booking page, in their language. */
function bookAgainLink(env: ServerEnv, locale: Locale) {
  const shopper = mailMessagesFor(locale).shopper;
  return { type: "link" as const, label: shopper.bookAgainLink, href: `${env.publicUrl}${localizedPath("/booking", locale)}` };
}

type ShopperCalendarMail = {
  kind: "booking-cancelled" | "booking-confirmed" | "booking-reopened";
  subject: string;
  heading: string;
  body: string;
  method: Exclude<CalendarMethod, "PUBLISH">;
  bookAgain?: boolean;
};

/** A mail to the shopper about their booking, carrying the event as it now stands (decision 058). */
function shopperCalendarMail(env: ServerEnv, booking: Booking, service: ServiceRecord, now: Date, mail: ShopperCalendarMail): NewMail {
  const locale = asLocale(booking.locale);
  const shopper = mailMessagesFor(locale).shopper;
  return {
    kind: mail.kind,
    to: booking.customerEmail,
    // Replies reach the dealership, as from every other shopper mail (MAIL_FROM may be a no-reply address).
    replyTo: businessProfile.email,
    subject: mail.subject,
    ...renderMail(
      mail.heading,
      [
        { type: "paragraph", text: mail.body },
        shopperFields(booking, service, locale),
        ...(mail.bookAgain ? [bookAgainLink(env, locale)] : []),
      ],
      [...dealershipSignature(), shopper.transactional],
      LANGUAGE_TAGS[locale],
    ),
    attachments: [bookingCalendarAttachment(env, booking, service, mail.method, now)],
    relatedType: LEAD_KINDS.booking.mails.relatedType,
    relatedId: booking.id,
  };
}

/**
 * The shopper is told their booking is cancelled, by themselves (manage link) or by staff,
 * with a METHOD:CANCEL file at the raised SEQUENCE that takes the event out of their
 * calendar (decision 058). `booking` is the row as cancelled.
 */
export function shopperCancelledMail(
  env: ServerEnv,
  booking: Booking,
  service: ServiceRecord,
  by: "shopper" | "staff",
  now: Date,
): NewMail {
  const locale = asLocale(booking.locale);
  const shopper = mailMessagesFor(locale).shopper;
  return shopperCalendarMail(env, booking, service, now, {
    kind: "booking-cancelled",
    subject: shopper.cancelledSubject(localizeService(service, locale).name, appointmentLabel(booking, locale)),
    heading: shopper.cancelledHeading(booking.customerFirstName),
    body: by === "shopper" ? shopper.cancelledByShopperBody : shopper.cancelledByStaffBody(businessProfile.phone),
    method: "CANCEL",
    bookAgain: true,
  });
}

/**
 * Staff confirmed the booking: the shopper is told, with the event again as a REQUEST (same
 * UID, the booking's SEQUENCE, a newer DTSTAMP), so a calendar that lost it gets it back.
 */
export function shopperConfirmedMail(env: ServerEnv, booking: Booking, service: ServiceRecord, now: Date): NewMail {
  const locale = asLocale(booking.locale);
  const shopper = mailMessagesFor(locale).shopper;
  return shopperCalendarMail(env, booking, service, now, {
    kind: "booking-confirmed",
    subject: shopper.confirmedSubject(localizeService(service, locale).name, appointmentLabel(booking, locale)),
    heading: shopper.confirmedHeading(booking.customerFirstName),
    body: shopper.confirmedBody,
    method: "REQUEST",
  });
}

/**
 * Staff re-opened a cancelled booking (back to pending): the shopper's calendar holds it as
 * cancelled, so they get the booked mail again with a REQUEST at the raised SEQUENCE.
 * The manage link cannot be repeated: only its hash is stored.
 */
export function shopperReopenedMail(env: ServerEnv, booking: Booking, service: ServiceRecord, now: Date): NewMail {
  const locale = asLocale(booking.locale);
  const shopper = mailMessagesFor(locale).shopper;
  return shopperCalendarMail(env, booking, service, now, {
    kind: "booking-reopened",
    subject: shopper.bookingSubject(localizeService(service, locale).name, appointmentLabel(booking, locale)),
    heading: shopper.bookingHeading(booking.customerFirstName),
    body: shopper.bookingBody,
    method: "REQUEST",
  });
}

/** Staff are told when a shopper cancels through the manage link. */
export function bookingCancelledMail(env: ServerEnv, booking: Booking, service: ServiceRecord): NewMail {
  const staff = mailMessagesFor("en").staff;
  return {
    kind: "booking-cancelled-staff",
    to: staffLeadsAddress(env),
    replyTo: booking.customerEmail,
    subject: staff.bookingCancelledSubject(service.name, appointmentLabel(booking), customerName(booking)),
    ...renderMail(
      staff.bookingCancelledHeading,
      staffBlocks(env, booking, service),
      [businessProfile.name],
      "en-US",
      shopperLanguageLine(booking.locale),
    ),
    relatedType: LEAD_KINDS.booking.mails.relatedType,
    relatedId: booking.id,
  };
}
