import { describe, expect, it } from "vitest";
import { clockOffset, computeOpenStatus, formatClockRange, formatClockTime, weeklyHoursRows } from "./business-hours";
import { zonedClock } from "./dealer-clock";

/** An instant given as wall-clock time in Fitchburg (America/New_York, EST in January, EDT in July). */
const fitchburg = (isoLocal: string, offset = "-05:00") => new Date(`${isoLocal}${offset}`);

describe("computeOpenStatus (dealership clock)", () => {
  it("opens at 8:30 on weekdays, not at 8:29", () => {
    // 2026-01-05 is a Monday.
    expect(computeOpenStatus(fitchburg("2026-01-05T08:29:00"))).toBe("closed");
    expect(computeOpenStatus(fitchburg("2026-01-05T08:30:00"))).toBe("open");
  });
  it("closes at 18:00 on weekdays, open at 17:59", () => {
    expect(computeOpenStatus(fitchburg("2026-01-09T17:59:00"))).toBe("open");
    expect(computeOpenStatus(fitchburg("2026-01-09T18:00:00"))).toBe("closed");
  });
  it("is open Saturday from 9:00 to before 16:00", () => {
    // 2026-01-10 is a Saturday.
    expect(computeOpenStatus(fitchburg("2026-01-10T08:59:00"))).toBe("closed");
    expect(computeOpenStatus(fitchburg("2026-01-10T09:00:00"))).toBe("open");
    expect(computeOpenStatus(fitchburg("2026-01-10T15:59:00"))).toBe("open");
    expect(computeOpenStatus(fitchburg("2026-01-10T16:00:00"))).toBe("closed");
  });
  it("is closed all Sunday", () => {
    for (const time of ["00:00", "09:00", "12:00", "17:00"]) {
      expect(computeOpenStatus(fitchburg(`2026-01-11T${time}:00`))).toBe("closed");
    }
  });
  it("follows daylight saving time", () => {
    // 8:30 EDT on Monday 2026-07-06 is 12:30 UTC.
    expect(computeOpenStatus(new Date("2026-07-06T12:29:00Z"))).toBe("closed");
    expect(computeOpenStatus(new Date("2026-07-06T12:30:00Z"))).toBe("open");
  });
  it("ignores the viewer's own time zone", () => {
    // 23:00 UTC Monday is 18:00 in Fitchburg (closed) but 00:00 Tuesday in Berlin.
    const instant = new Date("2026-01-05T23:00:00Z");
    expect(zonedClock(instant, "America/New_York")).toMatchObject({ weekday: "monday", minutes: 18 * 60 });
    expect(computeOpenStatus(instant)).toBe("closed");
  });
});

describe("weekly hours", () => {
  it("groups Monday–Friday, then Saturday and Sunday", () => {
    const rows = weeklyHoursRows();
    expect(rows.map((r) => r.days)).toEqual([["monday", "tuesday", "wednesday", "thursday", "friday"], ["saturday"], ["sunday"]]);
    expect(rows[2]!.interval).toBeNull();
  });
  it("formats clock times like 8:30 AM and 6 PM", () => {
    expect(formatClockTime(8 * 60 + 30)).toBe("8:30 AM");
    expect(formatClockTime(18 * 60)).toBe("6 PM");
    expect(formatClockTime(12 * 60)).toBe("12 PM");
  });
  it("formats opening hours in each language's style (decision 068)", () => {
    expect(formatClockRange(8 * 60 + 30, 18 * 60)).toBe("8:30 AM – 6 PM");
    expect(formatClockRange(8 * 60 + 30, 18 * 60, "es")).toBe("8:30 a. m. – 6 p. m.");
    expect(formatClockRange(8 * 60 + 30, 18 * 60, "pt")).toBe("8h30 às 18h");
    expect(formatClockRange(9 * 60, 16 * 60, "pt")).toBe("9h às 16h");
    expect(formatClockTime(0, "es")).toBe("12 a. m.");
    expect(formatClockTime(12 * 60 + 5, "pt")).toBe("12h05");
  });
});

describe("clockOffset (the badge without Intl in the browser)", () => {
  it("is −300 minutes in January and −240 in July, each holding for a week", () => {
    const january = Date.parse("2026-01-05T12:00:00Z");
    expect(clockOffset(january, "America/New_York")).toEqual({ offsetMinutes: -300, validUntil: january + 7 * 86_400_000 });
    expect(clockOffset(Date.parse("2026-07-06T12:00:00Z"), "America/New_York").offsetMinutes).toBe(-240);
  });
  it("ends at the minute daylight saving time starts", () => {
    // 2026-03-08 02:00 EST (07:00 UTC) becomes 03:00 EDT.
    const offset = clockOffset(Date.parse("2026-03-05T12:00:00Z"), "America/New_York");
    expect(offset).toEqual({ offsetMinutes: -300, validUntil: Date.parse("2026-03-08T07:00:00Z") });
  });
  it("gives the same status as the Intl clock, minute by minute across a week with a change", () => {
    const start = Date.parse("2026-10-29T00:00:00Z");
    const offset = clockOffset(start, "America/New_York");
    for (let instant = start; instant < start + 7 * 86_400_000; instant += 15 * 60_000) {
      expect(computeOpenStatus(new Date(instant), undefined, offset), new Date(instant).toISOString()).toBe(
        computeOpenStatus(new Date(instant)),
      );
    }
  });
});
