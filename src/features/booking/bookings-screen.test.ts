import { describe, expect, it } from "vitest";
import { groupByDate } from "./bookings-screen.server";

describe("Bookings screen", () => {
  it("groups bookings by date in order", () => {
    const groups = groupByDate([
      { bookingDate: "2026-01-02", n: 1 },
      { bookingDate: "2026-01-02", n: 2 },
      { bookingDate: "2026-01-03", n: 3 },
    ]);
    expect(groups.map(([d, items]) => [d, items.length])).toEqual([
      ["2026-01-02", 2],
      ["2026-01-03", 1],
    ]);
  });
});
