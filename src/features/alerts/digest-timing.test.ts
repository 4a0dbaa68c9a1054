import { describe, expect, it } from "vitest";
import { dealershipMidnight, digestDueAt, intoMailWindow, nextMorning, sameDealershipDay } from "./digest-timing";

const zone = "America/New_York";
const at = (iso: string) => new Date(iso);
const TEN_MINUTES = 600_000;

describe("when an alert digest goes out (docs/behaviour.md §21)", () => {
  it("the first event of a day: ALERT_DIGEST_DELAY after it", () => {
    // Tuesday 2026-12-01 10:00 in Fitchburg (EST, UTC−5).
    expect(digestDueAt(at("2026-12-01T15:00:00Z"), null, TEN_MINUTES, zone).toISOString()).toBe("2026-12-01T15:10:00.000Z");
    // Mailed yesterday: today's first event still goes out after the delay.
    expect(digestDueAt(at("2026-12-01T15:00:00Z"), at("2026-11-30T23:00:00Z"), TEN_MINUTES, zone).toISOString()).toBe(
      "2026-12-01T15:10:00.000Z",
    );
  });

  it("already mailed that dealership day: the next morning at 8:00", () => {
    // Mailed at 9:00, an event at 15:00: the digest waits for Wednesday 8:00 (13:00 UTC).
    expect(digestDueAt(at("2026-12-01T20:00:00Z"), at("2026-12-01T14:00:00Z"), TEN_MINUTES, zone).toISOString()).toBe(
      "2026-12-02T13:00:00.000Z",
    );
  });

  it("at night: the morning after (nothing between 21:00 and 8:00)", () => {
    // 22:30 on Tuesday → Wednesday 8:00.
    expect(digestDueAt(at("2026-12-02T03:30:00Z"), null, TEN_MINUTES, zone).toISOString()).toBe("2026-12-02T13:00:00.000Z");
    // 20:55 plus ten minutes is 21:05: the morning after too.
    expect(digestDueAt(at("2026-12-02T01:55:00Z"), null, TEN_MINUTES, zone).toISOString()).toBe("2026-12-02T13:00:00.000Z");
    // 6:00 → the same day's 8:00.
    expect(intoMailWindow(at("2026-12-02T11:00:00Z"), zone).toISOString()).toBe("2026-12-02T13:00:00.000Z");
  });

  it("a dealership day is the dealership's, not UTC's, across daylight saving", () => {
    // 23:30 EST on 2026-12-01 is already 2 December in UTC: still the 1st in Fitchburg.
    expect(sameDealershipDay(at("2026-12-02T04:30:00Z"), at("2026-12-01T14:00:00Z"), zone)).toBe(true);
    expect(dealershipMidnight(at("2026-12-02T04:30:00Z"), zone).toISOString()).toBe("2026-12-01T05:00:00.000Z");
    // Spring forward (Sunday 8 March 2026): the next morning's 8:00 is 12:00 UTC (EDT, UTC−4).
    expect(nextMorning(at("2026-03-08T03:00:00Z"), zone).toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(nextMorning(at("2026-03-07T20:00:00Z"), zone).toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
});
