import { describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { bookingCalendarFile, escapeIcsText, foldIcsLine } from "./booking-calendar-file";

const base = {
  method: "REQUEST" as const,
  sequence: 0,
  organizer: { name: "Demo Motors of Fitchburg", email: "noreply@dealer.test" },
  attendee: { name: "Jane Doe", email: "jane@example.com" },
  bookingId: "0b0e7a5e-8c1d-4c59-9a59-6d1f0f3f2a10",
  serviceName: "Full Detailing",
  duration: 180,
  bookingDate: "2026-11-24",
  bookingTime: "12:30",
  summary: "Full Detailing at Demo Motors of Fitchburg",
  description: "Service appointment: Full Detailing (180 minutes).",
  profile: businessProfile,
  now: new Date("2026-11-23T15:04:05.678Z"),
};

/** The unfolded VEVENT lines whose property name is `name` (whatever their parameters). */
function eventLines(ics: string, name: string): string[] {
  const unfolded = ics.replace(/\r\n /g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"), unfolded.indexOf("END:VEVENT"));
  return event.split("\r\n").filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

/** Unfolds lines and returns property name → value for the VEVENT. */
function eventProps(ics: string): Map<string, string> {
  const unfolded = ics.replace(/\r\n /g, "");
  const event = unfolded.slice(unfolded.indexOf("BEGIN:VEVENT"), unfolded.indexOf("END:VEVENT"));
  const map = new Map<string, string>();
  for (const line of event.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) map.set(line.slice(0, i), line.slice(i + 1));
  }
  return map;
}

describe("bookingCalendarFile", () => {
  const ics = bookingCalendarFile(base);

  it("is a VCALENDAR with one VEVENT and a VTIMEZONE, CRLF line endings only", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n");
    expect(ics).toMatch(/PRODID:.+/);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("keeps every line within 75 octets", () => {
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("starts at the booked wall-clock time in the dealership's zone and ends after the duration", () => {
    const props = eventProps(ics);
    expect(props.get("DTSTART;TZID=America/New_York")).toBe("20261124T123000");
    expect(props.get("DTEND;TZID=America/New_York")).toBe("20261124T153000");
  });

  it("has UID, a UTC DTSTAMP, SUMMARY and the dealership's address as LOCATION", () => {
    const props = eventProps(ics);
    expect(props.get("UID")).toBe(`${base.bookingId}@${businessProfile.domain}`);
    expect(props.get("DTSTAMP")).toBe("20261123T150405Z");
    expect(props.get("SUMMARY")).toBe("Full Detailing at Demo Motors of Fitchburg");
    expect(props.get("LOCATION")).toBe("Demo Motors of Fitchburg\\, 100 Demo Street\\, Fitchburg\\, MA 01430");
  });

  it("rolls the end over midnight", () => {
    const late = eventProps(bookingCalendarFile({ ...base, bookingDate: "2026-12-31", bookingTime: "23:30", duration: 45 }));
    expect(late.get("DTEND;TZID=America/New_York")).toBe("20270101T001500");
  });

  it("escapes text and folds long lines without breaking characters", () => {
    expect(escapeIcsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const folded = foldIcsLine(`DESCRIPTION:${"é".repeat(80)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"é".repeat(80)}`);
  });
});

/** Decision 058: the calendar file follows the booking through iTIP. */
describe("bookingCalendarFile through the booking's life", () => {
  it("mails the booked event as a REQUEST: STATUS:CONFIRMED (as the mail says booked), SEQUENCE:0, organizer and shopper", () => {
    const ics = bookingCalendarFile(base);
    expect(ics).toContain("\r\nMETHOD:REQUEST\r\n");
    const props = eventProps(ics);
    expect(props.get("STATUS")).toBe("CONFIRMED");
    expect(props.get("SEQUENCE")).toBe("0");
    expect(eventLines(ics, "ORGANIZER")).toEqual(['ORGANIZER;CN="Demo Motors of Fitchburg":mailto:noreply@dealer.test']);
    expect(eventLines(ics, "ATTENDEE")).toEqual([
      'ATTENDEE;CN="Jane Doe";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:jane@example.com',
    ]);
  });

  it("cancels with METHOD:CANCEL, the same UID, the raised SEQUENCE, STATUS:CANCELLED and the ORGANIZER RFC 5546 §3.2.5 requires", () => {
    const booked = eventProps(bookingCalendarFile(base));
    const ics = bookingCalendarFile({ ...base, method: "CANCEL", sequence: 1, now: new Date("2026-11-23T16:00:00Z") });
    expect(ics).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(ics).not.toContain("METHOD:REQUEST");
    const props = eventProps(ics);
    expect(props.get("UID")).toBe(booked.get("UID"));
    expect(Number(props.get("SEQUENCE"))).toBeGreaterThan(Number(booked.get("SEQUENCE")));
    expect(props.get("STATUS")).toBe("CANCELLED");
    expect(props.get("DTSTAMP")).toBe("20261123T160000Z");
    expect(eventLines(ics, "ORGANIZER")).toHaveLength(1);
    expect(eventLines(ics, "ATTENDEE")).toHaveLength(1);
    // Still the same appointment in the dealership's zone, so the client shows what is cancelled.
    expect(props.get("DTSTART;TZID=America/New_York")).toBe("20261124T123000");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("publishes the download with an ORGANIZER and no ATTENDEE (RFC 5546 §3.2.1)", () => {
    const ics = bookingCalendarFile({ ...base, method: "PUBLISH", attendee: null, sequence: 2 });
    expect(ics).toContain("\r\nMETHOD:PUBLISH\r\n");
    expect(eventLines(ics, "ORGANIZER")).toHaveLength(1);
    expect(eventLines(ics, "ATTENDEE")).toEqual([]);
    expect(eventProps(ics).get("SEQUENCE")).toBe("2");
    expect(eventProps(ics).get("STATUS")).toBe("CONFIRMED");
  });

  it("keeps a name with a double quote or a line break from breaking the parameter", () => {
    const ics = bookingCalendarFile({ ...base, attendee: { name: 'Jo "JJ"\r\nX-EVIL:1', email: "jo@example.com" } });
    expect(eventLines(ics, "ATTENDEE")[0]).toMatch(/^ATTENDEE;CN="Jo JJX-EVIL:1";ROLE=/);
    expect(eventLines(ics, "X-EVIL")).toEqual([]);
  });
});
