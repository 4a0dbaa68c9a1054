import { describe, expect, it } from "vitest";
import { endOfDealershipDay } from "./tasks.server";

describe("the dealership's today for the Today view", () => {
  it("ends at midnight in Fitchburg, in winter and in summer, whatever the UTC date", () => {
    expect(endOfDealershipDay(new Date("2026-01-15T20:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    // 22:00 on the 15th in Fitchburg is already the 16th in UTC: still the 15th's day.
    expect(endOfDealershipDay(new Date("2026-01-16T03:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    expect(endOfDealershipDay(new Date("2026-07-06T12:00:00Z")).toISOString()).toBe("2026-07-07T04:00:00.000Z");
  });

  it("ends at that midnight on the days the clocks change, before and after the change", () => {
    // 1 November 2026: 01:00 EDT, before the clocks go back at 2 a.m.; the day ends at midnight EST.
    expect(endOfDealershipDay(new Date("2026-11-01T05:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(endOfDealershipDay(new Date("2026-11-01T15:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
    // 8 March 2026: 01:00 EST, before the clocks go forward; the day ends at midnight EDT.
    expect(endOfDealershipDay(new Date("2026-03-08T06:00:00Z")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(endOfDealershipDay(new Date("2026-03-08T15:00:00Z")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
});
