import { describe, expect, it } from "vitest";
import { GIVE_UP_AFTER_MS, nextAttemptAfterFailure, retryDelay } from "./retry-schedule";

describe("mail retry schedule", () => {
  it("retries first within 30 s, then doubles, capped at one hour", () => {
    expect(retryDelay(1)).toBeLessThanOrEqual(30_000);
    expect(retryDelay(2)).toBe(retryDelay(1) * 2);
    expect(retryDelay(3)).toBe(retryDelay(1) * 4);
    expect(retryDelay(20)).toBe(60 * 60_000);
    expect(retryDelay(1000)).toBe(60 * 60_000);
  });

  it("keeps trying for 24 h after the mail was due, then gives up", () => {
    const due = new Date("2026-11-23T10:00:00Z");
    const early = new Date(due.getTime() + 60_000);
    expect(nextAttemptAfterFailure(due, 1, early)?.getTime()).toBe(early.getTime() + retryDelay(1));
    const almost = new Date(due.getTime() + GIVE_UP_AFTER_MS - 1);
    expect(nextAttemptAfterFailure(due, 12, almost)).not.toBeNull();
    expect(nextAttemptAfterFailure(due, 13, new Date(due.getTime() + GIVE_UP_AFTER_MS))).toBeNull();
  });

  it("sums to about 24 h of attempts with at most an hour between two", () => {
    const due = new Date("2026-11-23T10:00:00Z");
    let now = due;
    let attempts = 0;
    let next: Date | null = due;
    while (next) {
      attempts++;
      now = next;
      next = nextAttemptAfterFailure(due, attempts, now);
      if (next) expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(60 * 60_000);
    }
    expect(now.getTime() - due.getTime()).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});
