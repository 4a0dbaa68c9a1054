import { describe, expect, it } from "vitest";
import {
  addDays,
  dealerToday,
  dealerWallClockInstant,
  dealerWallClockValue,
  endOfDealerDay,
  startOfDealerDay,
  wallClockInstant,
  zoneOffsetMinutes,
} from "./dealer-clock";
import { formatDealerTime } from "./dealer-time";

describe("the dealership's clock (America/New_York)", () => {
  it("knows its offset from UTC in winter and in summer", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T12:00:00Z"))).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T12:00:00Z"))).toBe(-240);
  });

  it("gives the instant of a Fitchburg wall-clock time in winter and summer", () => {
    expect(wallClockInstant("2026-01-05", 8 * 60 + 30)).toEqual(new Date("2026-01-05T13:30:00Z"));
    expect(wallClockInstant("2026-07-06", 8 * 60 + 30)).toEqual(new Date("2026-07-06T12:30:00Z"));
    expect(wallClockInstant("2026-03-08", 12 * 60)).toEqual(new Date("2026-03-08T16:00:00Z"));
  });

  it("today is the dealership's date, whatever the UTC date", () => {
    // 22:00 on the 15th in Fitchburg is already the 16th in UTC.
    expect(dealerToday(new Date("2026-01-16T03:00:00Z"))).toBe("2026-01-15");
    expect(dealerToday(new Date("2026-01-16T05:00:00Z"))).toBe("2026-01-16");
    expect(dealerToday(new Date("2026-01-16T03:00:00Z"), "UTC")).toBe("2026-01-16");
  });

  it("moves calendar days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("finds the dealership's midnight across daylight-saving changes", () => {
    expect(startOfDealerDay("2026-11-27").toISOString()).toBe("2026-11-27T05:00:00.000Z");
    expect(startOfDealerDay("2026-07-04").toISOString()).toBe("2026-07-04T04:00:00.000Z");
    expect(startOfDealerDay("2026-03-08").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDealerDay("2026-11-01").toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });

  it("ends the day at midnight in Fitchburg, in winter and in summer, whatever the UTC date", () => {
    expect(endOfDealerDay(new Date("2026-01-15T20:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    expect(endOfDealerDay(new Date("2026-01-16T03:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    expect(endOfDealerDay(new Date("2026-07-06T12:00:00Z")).toISOString()).toBe("2026-07-07T04:00:00.000Z");
  });

  it("ends the day at that midnight on the days the clocks change, before and after the change", () => {
    // 1 November 2026: 01:00 EDT, before the clocks go back at 2 a.m.; the day ends at midnight EST.
    expect(endOfDealerDay(new Date("2026-11-01T05:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(endOfDealerDay(new Date("2026-11-01T15:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    // 8 March 2026: 01:00 EST, before the clocks go forward; the day ends at midnight EDT.
    expect(endOfDealerDay(new Date("2026-03-08T06:00:00Z")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(endOfDealerDay(new Date("2026-03-08T15:00:00Z")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("reads a datetime-local value on the dealership's clock, and writes one back", () => {
    expect(dealerWallClockInstant("2026-01-05T14:05")?.toISOString()).toBe("2026-01-05T19:05:00.000Z");
    expect(dealerWallClockInstant("2026-07-06T14:05")?.toISOString()).toBe("2026-07-06T18:05:00.000Z");
    for (const bad of ["2026-01-05", "2026-01-05T25:00", "2026-13-05T10:00", "2026-01-05T10:00Z", "tomorrow"])
      expect(dealerWallClockInstant(bad), bad).toBeNull();
    expect(dealerWallClockValue(new Date("2026-01-05T19:05:00Z"))).toBe("2026-01-05T14:05");
    expect(dealerWallClockValue(new Date("2026-07-07T03:59:00Z"))).toBe("2026-07-06T23:59");
  });

  it("shows staff an instant on the dealership's clock with the zone named, the same wherever it runs", () => {
    expect(formatDealerTime("2026-11-20T12:00:00.000Z")).toBe("11/20/2026, 7:00 AM ET");
    expect(formatDealerTime("2026-07-04T16:30:00.000Z")).toBe("7/4/2026, 12:30 PM ET");
    expect(formatDealerTime("2026-03-01T03:15:00.000Z", "date")).toBe("2/28/2026");
    expect(formatDealerTime(new Date("2026-11-25T11:08:27.017Z"), "long")).toBe("Wed, Nov 25, 2026, 6:08 AM ET");
  });
});
