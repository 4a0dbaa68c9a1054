import type { Clock } from "~/server/clock.server";
import type { Db } from "~/server/db/database.server";
import type { ServerEnv } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Secrets } from "~/server/secrets.server";

/** What every service and API route needs from the running server; built once at start. */
export type AppContext = {
  env: ServerEnv;
  db: Db;
  logger: Logger;
  secrets: Secrets;
  /** The server's clock (decision 076); read it with serverNow(ctx). Absent: the system clock. */
  clock?: Clock;
};
