import fs from "node:fs";
import path from "node:path";
import type { ServerEnv } from "~/server/env.server";

/** The server's time source (decision 076). */
export type Clock = () => Date;

/** The file under DATA_DIR a test writes an ISO instant into to set a TEST_CLOCK server's time. */
export const TEST_CLOCK_FILE = "test-clock";

/**
 * The system clock; under TEST_CLOCK (tests only, refused outside NODE_ENV=test) the instant in
 * DATA_DIR/test-clock while that file holds one, so an API test can move a real server's time
 * (lead arrival, the lead alarm, the outbox) without waiting or touching the machine's clock.
 */
export function createClock(env: Pick<ServerEnv, "testClock" | "dataDir">): Clock {
  if (!env.testClock) return () => new Date();
  const file = path.join(env.dataDir, TEST_CLOCK_FILE);
  // A file caught mid-write reads empty: the last instant read stands rather than jumping to today.
  let last: number | null = null;
  return () => {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch {
      last = null;
    }
    const instant = Date.parse(text);
    if (!Number.isNaN(instant)) last = instant;
    return last === null ? new Date() : new Date(last);
  };
}

/** Now, on the context's clock (the system clock when the context was built without one). */
export function serverNow(ctx: { clock?: Clock }): Date {
  return ctx.clock ? ctx.clock() : new Date();
}
