import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { describe, expect, it } from "vitest";
import {
  availableSlots,
  formatSlotTime,
  isDateBookable,
  NEXT_BOOKABLE_DATE_SEARCH_LIMIT,
  nextBookableDate,
  weekdayOf,
  type SlotService,
} from "./available-slots";

const detailing: SlotService = {
  id: "detailing",
  availableDays: ["tuesday", "thursday", "saturday"],
  availableTimes: ["09:00", "12:30", "15:00"],
};
const oilChange: SlotService = { id: "oil", availableDays: ["monday", "tuesday"], availableTimes: ["09:00", "12:30"] };

// Monday 2026-11-23, 10:00 in Fitchburg (EST, UTC-5) = 15:00 UTC.
const mondayTenAm = new Date("2026-11-23T15:00:00Z");

describe("calendar arithmetic", () => {
  it("knows the weekday of a date regardless of the process time zone", () => {
    expect(weekdayOf("2026-11-23")).toBe("monday");
    expect(weekdayOf("2026-11-29")).toBe("sunday");
    expect(weekdayOf("2024-02-29")).toBe("thursday");
  });
  it("adds days across months, years and DST changes", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("formats slot times on a 12-hour clock", () => {
    expect(formatSlotTime("09:00")).toBe("9:00 AM");
    expect(formatSlotTime("12:30")).toBe("12:30 PM");
    expect(formatSlotTime("00:15")).toBe("12:15 AM");
    expect(formatSlotTime("16:30")).toBe("4:30 PM");
  });
});

describe("isDateBookable", () => {
  it("accepts only the weekdays the service runs", () => {
    expect(isDateBookable(detailing, "2026-11-24", mondayTenAm)).toBe(true); // tuesday
    expect(isDateBookable(detailing, "2026-11-25", mondayTenAm)).toBe(false); // wednesday
    expect(isDateBookable(detailing, "2026-11-28", mondayTenAm)).toBe(true); // saturday
    expect(isDateBookable(detailing, "2026-11-29", mondayTenAm)).toBe(false); // sunday
  });
  it("rejects past dates and accepts today", () => {
    expect(isDateBookable(oilChange, "2026-11-17", mondayTenAm)).toBe(false); // last tuesday
    expect(isDateBookable(oilChange, "2026-11-23", mondayTenAm)).toBe(true); // today, a monday
  });
  it("rejects text that is not yyyy-MM-dd", () => {
    expect(isDateBookable(oilChange, "2026-11-3", mondayTenAm)).toBe(false);
    expect(isDateBookable(oilChange, "", mondayTenAm)).toBe(false);
  });
});

describe("availableSlots", () => {
  it("offers every time of the service on a future day it runs", () => {
    expect(availableSlots(detailing, "2026-11-24", [], mondayTenAm)).toEqual(["09:00", "12:30", "15:00"]);
  });
  it("offers nothing on a weekday the service does not run", () => {
    expect(availableSlots(detailing, "2026-11-25", [], mondayTenAm)).toEqual([]);
  });
  it("offers nothing on a past date", () => {
    expect(availableSlots(detailing, "2026-11-21", [], mondayTenAm)).toEqual([]);
  });
  it("leaves out times an active booking of the same service holds", () => {
    const taken = [
      { serviceId: "detailing", bookingTime: "12:30" },
      { serviceId: "oil", bookingTime: "09:00" }, // another service's booking does not block this one
    ];
    expect(availableSlots(detailing, "2026-11-24", taken, mondayTenAm)).toEqual(["09:00", "15:00"]);
  });
  it("offers nothing when every time is taken", () => {
    const taken = detailing.availableTimes.map((bookingTime) => ({ serviceId: "detailing", bookingTime }));
    expect(availableSlots(detailing, "2026-11-24", taken, mondayTenAm)).toEqual([]);
  });
  it("on today's date leaves out times already past (and the current minute)", () => {
    expect(availableSlots(oilChange, "2026-11-23", [], mondayTenAm)).toEqual(["12:30"]);
    const atHalfPastTwelve = new Date("2026-11-23T17:30:00Z");
    expect(availableSlots(oilChange, "2026-11-23", [], atHalfPastTwelve)).toEqual([]);
    const justBefore = new Date("2026-11-23T17:29:00Z");
    expect(availableSlots(oilChange, "2026-11-23", [], justBefore)).toEqual(["12:30"]);
  });
  it("does not filter past times on later days", () => {
    expect(availableSlots(oilChange, "2026-11-24", [], mondayTenAm)).toEqual(["09:00", "12:30"]);
  });
});

describe("dealership time zone versus the viewer's clock", () => {
  // 02:00 UTC on Tuesday 2026-11-24 is still Monday 21:00 in Fitchburg (a viewer in
  // Lisbon or UTC already sees Tuesday).
  const lateMondayInFitchburg = new Date("2026-11-24T02:00:00Z");

  it("today is the dealership's date, not UTC's", () => {
    expect(dealerToday(lateMondayInFitchburg)).toBe("2026-11-23");
    expect(dealerToday(lateMondayInFitchburg, "UTC")).toBe("2026-11-24");
  });
  it("tuesday is tomorrow at the dealership, so all its times are offered", () => {
    expect(availableSlots(oilChange, "2026-11-24", [], lateMondayInFitchburg)).toEqual(["09:00", "12:30"]);
  });
  it("monday is still today at the dealership and every time has passed", () => {
    expect(isDateBookable(oilChange, "2026-11-23", lateMondayInFitchburg)).toBe(true);
    expect(availableSlots(oilChange, "2026-11-23", [], lateMondayInFitchburg)).toEqual([]);
  });
  it("a viewer ahead of the dealership (Tokyo) cannot hide the dealership's today", () => {
    // 23:30 UTC Monday = 08:30 Tuesday in Tokyo, 18:30 Monday in Fitchburg.
    const now = new Date("2026-11-23T23:30:00Z");
    expect(dealerToday(now, "Asia/Tokyo")).toBe("2026-11-24");
    expect(isDateBookable(oilChange, "2026-11-23", now)).toBe(true);
  });
  it("a viewer behind the dealership (Honolulu) cannot book the dealership's yesterday", () => {
    // 06:00 UTC Tuesday = 20:00 Monday in Honolulu, 01:00 Tuesday in Fitchburg.
    const now = new Date("2026-11-24T06:00:00Z");
    expect(dealerToday(now, "Pacific/Honolulu")).toBe("2026-11-23");
    expect(isDateBookable(oilChange, "2026-11-23", now)).toBe(false);
    expect(availableSlots(oilChange, "2026-11-24", [], now)).toEqual(["09:00", "12:30"]);
  });
  it("uses daylight time in summer (EDT, UTC-4)", () => {
    // 13:15 UTC on Monday 2026-07-13 is 09:15 EDT: 09:00 is past, 12:30 still offered.
    expect(availableSlots(oilChange, "2026-07-13", [], new Date("2026-07-13T13:15:00Z"))).toEqual(["12:30"]);
  });
});

describe("nextBookableDate", () => {
  it("finds the next day the service runs", () => {
    expect(nextBookableDate(detailing, "2026-11-23", mondayTenAm)).toBe("2026-11-24");
    expect(nextBookableDate(detailing, "2026-11-25", mondayTenAm)).toBe("2026-11-26");
    expect(nextBookableDate(detailing, "2026-11-29", mondayTenAm)).toBe("2026-12-01");
  });
  it("gives up (null) for a service that never runs", () => {
    expect(nextBookableDate({ id: "never", availableDays: [], availableTimes: ["09:00"] }, "2026-11-23", mondayTenAm)).toBeNull();
  });
  it("gives up after exactly 365 steps", () => {
    expect(NEXT_BOOKABLE_DATE_SEARCH_LIMIT).toBe(365);
    const everyDay: SlotService = {
      id: "x",
      availableDays: ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
      availableTimes: [],
    };
    // Every date before today is disabled; starting 364 days back, step 364 reaches today.
    expect(nextBookableDate(everyDay, addDays("2026-11-23", -364), mondayTenAm)).toBe("2026-11-23");
    // Starting 365 days back, today would be step 365: beyond the limit.
    expect(nextBookableDate(everyDay, addDays("2026-11-23", -365), mondayTenAm)).toBeNull();
  });
});
