import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { onVehiclesChanged } from "~/server/data/vehicles.server";
import { runAlertDigests, runAlertMatching } from "./alert-matching.server";

export type AlertRunner = { stop(): Promise<void> };

export type AlertRunnerOptions = {
  /** How often due digests are written (and how soon a vehicle change is matched at the latest). */
  pollMs: number;
  /** The sweep: matching runs at least this often, for changes made through other processes. */
  sweepMs: number;
  /** A vehicle change through this process is matched this long after it (its transaction commits meanwhile). */
  changeDelayMs?: number;
};

/**
 * Runs the alerts in every server process (docs/behaviour.md §21, decision 117): matching right after
 * each vehicle change this process makes and as a sweep, and the digests as they come due. The database
 * says what is recorded and mailed, so a restart or a second process changes nothing.
 */
export function startAlertRunner(ctx: AppContext, options: AlertRunnerOptions): AlertRunner {
  const { pollMs, sweepMs, changeDelayMs = 500 } = options;
  const log = ctx.logger.child({ component: "alerts" });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let matchSoon = true;
  let nextSweep = 0;

  async function tick(): Promise<void> {
    if (matchSoon || Date.now() >= nextSweep) {
      matchSoon = false;
      nextSweep = Date.now() + sweepMs;
      const run = await runAlertMatching(ctx, serverNow(ctx));
      if (run.events) log.info(run, "alert events recorded");
    }
    await runAlertDigests(ctx, serverNow(ctx));
  }

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run(): void {
    timer = null;
    if (stopped) return;
    if (running) {
      schedule(changeDelayMs);
      return;
    }
    running = tick()
      .catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, "alerts run failed"))
      .finally(() => {
        running = null;
        if (!timer) schedule(pollMs);
      });
  }

  const unsubscribe = onVehiclesChanged(() => {
    matchSoon = true;
    schedule(changeDelayMs);
  });
  schedule(0);

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
