import type { BusinessProfile } from "~/shared/config/business-profile";
import { addDays } from "~/shared/lib/dealer-clock";
import { minutesOf } from "./available-slots";

/**
 * The VTIMEZONE for America/New_York (US Eastern rules since 2007). iCalendar requires a
 * VTIMEZONE for every TZID a calendar references, so clients without a tz database (and
 * Outlook) still place the appointment at the dealership's wall-clock time.
 */
const VTIMEZONES: Record<string, string[]> = {
  "America/New_York": [
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
};

/**
 * The iTIP method of the file (RFC 5546 §1.4, §3.2; decision 058). REQUEST: the event mailed
 * to the shopper, so a later CANCEL with the same UID removes it from their calendar.
 * CANCEL: the booking was cancelled. PUBLISH: the download from the confirmation page, a
 * plain copy of the event for someone who is not its attendee (no ATTENDEE allowed).
 */
export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

/** A calendar user: the dealership as ORGANIZER, the shopper as ATTENDEE. */
export type CalendarUser = { name: string; email: string };

export type CalendarEventInput = {
  method: CalendarMethod;
  /** SEQUENCE (RFC 5545 §3.8.7.4): 0 when booked, raised by every change the shopper is sent. */
  sequence: number;
  organizer: CalendarUser;
  /** The shopper; REQUEST and CANCEL name them (RFC 5546 §3.2.2, §3.2.5), PUBLISH must not (§3.2.1). */
  attendee: CalendarUser | null;
  bookingId: string;
  serviceName: string;
  /** Minutes. */
  duration: number;
  /** yyyy-MM-dd */
  bookingDate: string;
  /** HH:mm on the dealership's clock. */
  bookingTime: string;
  summary: string;
  description: string;
  profile: BusinessProfile;
  /** When the file is produced (DTSTAMP). */
  now: Date;
};

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and newlines. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** 20261125T093000 (floating local form) from a date and minutes after midnight; minutes may exceed a day. */
function localDateTime(isoDate: string, minutes: number): string {
  const date = addDays(isoDate, Math.floor(minutes / 1440));
  const m = ((minutes % 1440) + 1440) % 1440;
  const hh = String(Math.floor(m / 60)).padStart(2, "0");
  const mm = String(m % 60).padStart(2, "0");
  return `${date.replaceAll("-", "")}T${hh}${mm}00`;
}

/**
 * A quoted parameter value (RFC 5545 §3.1 QSAFE-CHAR): neither a DQUOTE nor a control
 * character can be escaped inside one, so they are dropped rather than let a name end the
 * parameter or start a new line.
 */
function quotedParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/[\u0000-\u0008\u000a-\u001f\u007f"]/g, "")}"`;
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/**
 * An iCalendar file (VCALENDAR with one VEVENT) for a booked appointment: wall-clock times
 * in the dealership's time zone with its VTIMEZONE, the end from the service's duration,
 * and the dealership's address as LOCATION. CRLF line endings, folded lines.
 *
 * The UID is the booking's, so every file about one booking is the same event; SEQUENCE and
 * the UTC DTSTAMP order them (RFC 5546 §2.1.5). STATUS is CONFIRMED, the same word as the
 * mail's "booked", or CANCELLED in a CANCEL (RFC 5545 §3.8.1.11, RFC 5546 §3.2.5).
 */
export function bookingCalendarFile(input: CalendarEventInput): string {
  const { profile } = input;
  const tz = profile.timeZone;
  const vtimezone = VTIMEZONES[tz];
  if (!vtimezone) throw new Error(`No VTIMEZONE definition for ${tz}`);
  const start = minutesOf(input.bookingTime);
  const address = profile.address;
  const location = `${profile.name}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeIcsText(profile.name)}//Service Booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${input.method}`,
    ...vtimezone,
    "BEGIN:VEVENT",
    `UID:${input.bookingId}@${profile.domain}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${utcStamp(input.now)}`,
    `ORGANIZER;CN=${quotedParam(input.organizer.name)}:mailto:${input.organizer.email}`,
    // The shopper booked the time themselves: already accepted, no reply asked for.
    ...(input.attendee
      ? [`ATTENDEE;CN=${quotedParam(input.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${input.attendee.email}`]
      : []),
    `DTSTART;TZID=${tz}:${localDateTime(input.bookingDate, start)}`,
    `DTEND;TZID=${tz}:${localDateTime(input.bookingDate, start + input.duration)}`,
    `SUMMARY:${escapeIcsText(input.summary)}`,
    `DESCRIPTION:${escapeIcsText(input.description)}`,
    `LOCATION:${escapeIcsText(location)}`,
    `GEO:${profile.coordinates.latitude};${profile.coordinates.longitude}`,
    `STATUS:${input.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
