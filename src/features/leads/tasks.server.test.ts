import { describe, expect, it } from "vitest";
import { endOfDealershipDay } from "./tasks.server";

describe("the dealership's today for the Today view", () => {
  it("ends at midnight in Fitchburg, in winter and in summer, whatever the UTC date", () => {
    expect(endOfDealershipDay(new Date("2026-01-15T20:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    // 22:00 on the 15th in Fitchburg is already the 16th in UTC: still the 15th's day.
    expect(endOfDealershipDay(new Date("2026-01-16T03:00:00Z")).toISOString()).toBe("2026-01-16T05:00:00.000Z");
    expect(endOfDealershipDay(new Date("2026-07-06T12:00:00Z")).toISOString()).toBe("2026-07-07T04:00:00.000Z");
  });
});
