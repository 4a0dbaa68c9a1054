import { describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { nextOpening, responseDueAt } from "./business-minutes";

const { hours, timeZone } = businessProfile;
/** Wall-clock time in Fitchburg: EST (−05:00) in January, EDT (−04:00) in July. */
const est = (isoLocal: string) => new Date(`${isoLocal}-05:00`);
const edt = (isoLocal: string) => new Date(`${isoLocal}-04:00`);
const due = (createdAt: Date, minutes = 5) => responseDueAt(createdAt, minutes, hours, timeZone);

// 2026-01-05 is a Monday; 2026-01-10 a Saturday; 2026-01-11 a Sunday.
describe("responseDueAt (open minutes only)", () => {
  it("counts straight through while open", () => {
    expect(due(est("2026-01-05T10:00:00"))).toEqual(est("2026-01-05T10:05:00"));
    expect(due(est("2026-01-05T10:00:30"), 240)).toEqual(est("2026-01-05T14:00:30"));
  });
  it("a lead just before closing is due after the next opening, minus what was left that evening", () => {
    expect(due(est("2026-01-05T17:58:00"))).toEqual(est("2026-01-06T08:33:00"));
    expect(due(est("2026-01-05T17:55:00"))).toEqual(est("2026-01-05T18:00:00"));
  });
  it("a lead that arrives while closed starts counting at the opening", () => {
    expect(due(est("2026-01-05T06:00:00"))).toEqual(est("2026-01-05T08:35:00"));
    expect(due(est("2026-01-05T08:30:00"))).toEqual(est("2026-01-05T08:35:00"));
    // Overnight: after closing on Monday, due Tuesday morning.
    expect(due(est("2026-01-05T18:00:00"))).toEqual(est("2026-01-06T08:35:00"));
    expect(due(est("2026-01-05T23:59:00"))).toEqual(est("2026-01-06T08:35:00"));
  });
  it("skips the weekend's closed hours: Saturday closes at 16:00, Sunday is closed", () => {
    expect(due(est("2026-01-10T15:58:00"))).toEqual(est("2026-01-12T08:33:00"));
    expect(due(est("2026-01-11T12:00:00"))).toEqual(est("2026-01-12T08:35:00"));
    expect(due(est("2026-01-09T19:00:00"))).toEqual(est("2026-01-10T09:05:00"));
  });
  it("spans several days for a long setting", () => {
    // Friday 17:00 with 240 minutes: 60 on Friday, 180 on Saturday from 9:00.
    expect(due(est("2026-01-09T17:00:00"), 240)).toEqual(est("2026-01-10T12:00:00"));
  });
  it("follows daylight saving time: EDT in July, and across the spring and autumn changes", () => {
    expect(due(edt("2026-07-06T17:58:00"))).toEqual(edt("2026-07-07T08:33:00"));
    // Clocks go forward early on Sunday 2026-03-08: Saturday evening (EST) to Monday morning (EDT).
    expect(due(est("2026-03-07T15:58:00"))).toEqual(edt("2026-03-09T08:33:00"));
    // And back on Sunday 2026-11-01: Saturday (EDT) to Monday (EST).
    expect(due(edt("2026-10-31T15:58:00"))).toEqual(est("2026-11-02T08:33:00"));
  });
  it("counts around the clock when no day has opening hours", () => {
    const none = { sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null };
    expect(responseDueAt(est("2026-01-05T23:00:00"), 5, none, timeZone)).toEqual(est("2026-01-05T23:05:00"));
  });
});

describe("nextOpening", () => {
  it("is the moment itself while open", () => {
    expect(nextOpening(est("2026-01-05T12:00:00"), hours, timeZone)).toEqual(est("2026-01-05T12:00:00"));
  });
  it("is this morning's opening before it, tomorrow's after closing, Monday's on Sunday", () => {
    expect(nextOpening(est("2026-01-05T07:00:00"), hours, timeZone)).toEqual(est("2026-01-05T08:30:00"));
    expect(nextOpening(est("2026-01-05T18:00:00"), hours, timeZone)).toEqual(est("2026-01-06T08:30:00"));
    expect(nextOpening(est("2026-01-10T16:00:00"), hours, timeZone)).toEqual(est("2026-01-12T08:30:00"));
    expect(nextOpening(est("2026-01-11T09:00:00"), hours, timeZone)).toEqual(est("2026-01-12T08:30:00"));
  });
});
