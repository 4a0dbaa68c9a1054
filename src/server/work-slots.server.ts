import os from "node:os";

/**
 * How many CPU-heavy pieces of work (a password hash, an image's decode) run at once: one fewer than
 * there are cores (at most 2, at least 1), so a core stays free for the event loop and libuv threads for
 * reading files.
 */
export const SPARE_CORE_SLOTS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/** Every slot taken and the queue full: try again in a moment (the HTTP layer answers 503 with Retry-After). */
export class WorkBusyError extends Error {
  readonly status = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * At most `slots` pieces of work at once; the others wait in arrival order, at most `maxQueued` of them
 * (beyond that `run` throws the caller's busy error at once, which the HTTP layer answers 503). One
 * helper for every CPU- or memory-heavy step the server bounds: document renders, password hashing,
 * image decoding.
 */
export class WorkSlots {
  /** Every named pool of slots in this process, for /metrics (`dealer_work_in_progress`, decision 122). */
  static readonly named = new Map<string, WorkSlots>();
  private readonly waiting: (() => void)[] = [];
  private busy = 0;

  constructor(
    private readonly slots: number,
    private readonly maxQueued = Number.POSITIVE_INFINITY,
    name?: string,
  ) {
    if (name) WorkSlots.named.set(name, this);
  }

  /** How many pieces of work hold a slot now. */
  get running(): number {
    return this.busy;
  }

  /** How many pieces of work wait for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Takes a slot, waiting for one; past the queue's bound throws `busy()` without waiting. */
  async acquire(busy?: () => Error): Promise<void> {
    if (this.busy < this.slots) {
      this.busy += 1;
      return;
    }
    if (busy && this.waiting.length >= this.maxQueued) throw busy();
    // The slot is handed over by release(): `busy` stays as it was.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the next in line, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy -= 1;
  }

  /**
   * Runs `work` in a slot. With `busy`, a full queue refuses at once (a request's work); without it the
   * caller waits however long the queue is (start-up and command-line work, such as the demo seed).
   */
  async run<T>(work: () => Promise<T>, busy?: () => Error): Promise<T> {
    await this.acquire(busy);
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
