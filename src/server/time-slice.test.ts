import { describe, expect, it } from "vitest";
import { timeSlicer } from "./time-slice.server";

/** Busy work for `ms`, calling `pause` about every millisecond; returns when the timer fired, relative to the start. */
async function busyFor(ms: number, pause: () => Promise<void>): Promise<number | null> {
  const start = performance.now();
  let firedAt: number | null = null;
  setTimeout(() => (firedAt = performance.now() - start), 0);
  while (performance.now() - start < ms) {
    const until = performance.now() + 1;
    while (performance.now() < until);
    await pause();
  }
  return firedAt;
}

describe("timeSlicer", () => {
  it("lets a timer queued behind busy work run within a few slices", async () => {
    const firedAt = await busyFor(80, timeSlicer(5));
    expect(firedAt).not.toBeNull();
    expect(firedAt!).toBeLessThan(40);
  });

  it("is needed: awaiting resolved promises alone never lets the timer in", async () => {
    expect(await busyFor(40, () => Promise.resolve())).toBeNull();
  });
});
