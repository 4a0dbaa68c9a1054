import { describe, expect, it } from "vitest";
import { WorkSlots } from "./work-slots.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("WorkSlots", () => {
  it("lets `slots` holders in at once and the next waiter in as each leaves, in order", async () => {
    const slots = new WorkSlots(2);
    const entered: number[] = [];
    const enter = async (n: number) => {
      await slots.acquire();
      entered.push(n);
    };
    void enter(1);
    void enter(2);
    void enter(3);
    void enter(4);
    await tick();
    expect(entered).toEqual([1, 2]);
    slots.release();
    await tick();
    expect(entered).toEqual([1, 2, 3]);
    slots.release();
    slots.release();
    await tick();
    expect(entered).toEqual([1, 2, 3, 4]);
  });

  it("refuses work at once past the queue's bound, and frees the slot when work fails", async () => {
    const slots = new WorkSlots(1, 1);
    const busy = () => new Error("busy");
    let finish = () => {};
    const first = slots.run(() => new Promise<void>((resolve) => (finish = resolve)), busy);
    const second = slots.run(async () => "second", busy);
    await expect(slots.run(async () => "third", busy)).rejects.toThrow("busy");
    // Without a busy error the caller waits, however long the queue is.
    const patient = slots.run(async () => "patient");
    expect(slots.queued).toBe(2);
    finish();
    await first;
    expect(await second).toBe("second");
    expect(await patient).toBe("patient");
    await expect(slots.run(() => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(await slots.run(async () => "after a failure")).toBe("after a failure");
  });
});
