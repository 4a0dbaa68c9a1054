import { describe, expect, it } from "vitest";
import { createLoginThrottle, LOCKOUT_MS } from "./admin-session.server";

describe("sign-in throttle", () => {
  it("locks a client after 5 misses for 15 minutes, others unaffected", () => {
    let now = 0;
    const throttle = createLoginThrottle(() => now);
    for (let i = 0; i < 4; i++) throttle.recordMiss("a");
    expect(throttle.lockedFor("a")).toBe(0);
    throttle.recordMiss("a");
    expect(throttle.lockedFor("a")).toBe(LOCKOUT_MS);
    expect(throttle.lockedFor("b")).toBe(0);
    now += LOCKOUT_MS - 1;
    expect(throttle.lockedFor("a")).toBe(1);
    now += 1;
    expect(throttle.lockedFor("a")).toBe(0);
    throttle.recordMiss("a");
    expect(throttle.lockedFor("a")).toBe(0);
  });
});
