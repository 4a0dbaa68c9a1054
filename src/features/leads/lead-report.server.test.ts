import { describe, expect, it } from "vitest";
import { isoWeek, leadFigures, leadReportRange, median } from "./lead-report.server";

const lead = (createdAt: string, firstResponseAt: string | null) => ({
  type: "message",
  assigneeId: null,
  createdAt,
  firstResponseAt,
  source: null,
});

describe("lead report arithmetic", () => {
  it("numbers ISO weeks from the week holding the year's first Thursday", () => {
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    expect(isoWeek("2025-12-29")).toBe("2026-W01");
    expect(isoWeek("2026-01-05")).toBe("2026-W02");
    expect(isoWeek("2026-11-27")).toBe("2026-W48");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
  });

  it("takes the median of the answered leads and the share of all leads answered within the minutes", () => {
    expect(median([])).toBeNull();
    expect(median([3])).toBe(3);
    expect(median([10, 1, 4])).toBe(4);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    const figures = leadFigures([
      lead("2026-11-27T14:00:00Z", "2026-11-27T14:02:00Z"),
      lead("2026-11-27T14:00:00Z", "2026-11-27T14:05:00Z"),
      lead("2026-11-27T14:00:00Z", "2026-11-27T14:30:00Z"),
      lead("2026-11-27T14:00:00Z", null),
    ]);
    expect(figures).toEqual({ leads: 4, answered: 3, medianFirstResponseMinutes: 5, answeredWithin: 2, answeredWithinShare: 0.5 });
  });

  it("defaults to the last 30 days and refuses bad ranges with field messages", () => {
    expect(leadReportRange({}, new Date("2026-11-27T15:00:00Z"))).toEqual({ ok: true, range: { from: "2026-10-29", to: "2026-11-27" } });
    expect(leadReportRange({ from: "2026-02-30" })).toMatchObject({ ok: false, fieldErrors: { from: expect.any(String) } });
    expect(leadReportRange({ from: "2026-11-02", to: "2026-11-01" })).toMatchObject({
      ok: false,
      fieldErrors: { from: expect.any(String) },
    });
    expect(leadReportRange({ from: "2025-01-01", to: "2026-11-01" })).toMatchObject({ ok: false, fieldErrors: { to: expect.any(String) } });
    expect(leadReportRange({ from: ["2026-01-01", "2026-01-02"] })).toMatchObject({ ok: false });
  });

  it.each([
    ["1000-01-01", "1000-01-02"],
    ["0000-01-01", "0000-01-02"],
    ["9999-12-30", "9999-12-31"],
    ["1969-12-31", "1970-01-01"],
  ])("refuses the far dates %s to %s with a field message", (from, to) => {
    expect(leadReportRange({ from, to })).toMatchObject({ ok: false, fieldErrors: { from: "Use a date from 1970 to 2999." } });
  });
});
