import type { AppContext } from "~/server/context.server";
import { deleteFinancingApplication, listFinancingApplicationsBefore } from "~/server/data/financing-applications.server";
import { removeFinancingDocuments } from "./financing.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_DAYS = 730;

/**
 * Deletes applications older than FINANCING_RETENTION_DAYS (default 730), rows and their
 * encrypted files (DESIGN.md difference 3). Returns how many were purged.
 */
export async function purgeExpiredFinancingApplications(ctx: AppContext, now = new Date()): Promise<number> {
  const days = Number.isFinite(ctx.env.financingRetentionDays) && ctx.env.financingRetentionDays > 0 ? ctx.env.financingRetentionDays : DEFAULT_RETENTION_DAYS;
  const expired = await listFinancingApplicationsBefore(ctx.db, new Date(now.getTime() - days * DAY_MS));
  let purged = 0;
  for (const row of expired) {
    // Row first: a crash between the two leaves only unreadable orphan ciphertext, never a row without files.
    if (await deleteFinancingApplication(ctx.db, row.id)) purged++;
    await removeFinancingDocuments(ctx, row);
  }
  return purged;
}

/** Purges now (awaited, so start-up is deterministic), then once a day; the timer never keeps the process alive. Returns a stop function. */
export async function scheduleFinancingRetention(ctx: AppContext): Promise<() => void> {
  const run = () =>
    purgeExpiredFinancingApplications(ctx)
      .then((purged) => {
        if (purged) ctx.logger.info({ purged }, "expired financing applications purged");
      })
      .catch((error: Error) => ctx.logger.error({ err: { message: error.message } }, "financing retention purge failed"));
  await run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
