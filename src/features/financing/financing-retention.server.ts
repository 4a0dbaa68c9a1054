import type { AppContext } from "~/server/context.server";
import { listFinancingApplicationsBefore, listFinancingDocumentFileNames } from "~/server/data/financing-applications.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { deleteFinancingRecord, documentKey, PRIVATE_DOCUMENTS, removeFinancingDocuments } from "./financing.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Regulation B keeps an application 25 months after the applicant is told of the action taken (12 CFR 1002.12(b)(1)). */
export const RETENTION_MONTHS = 25;

/** `date` moved by whole calendar months (UTC), the day kept or, past the month's end, its last day. */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(date);
  out.setUTCFullYear(y, m, Math.min(date.getUTCDate(), last));
  return out;
}

/**
 * Until when an application must be kept (decision 095): 25 months after the later of its action-taken
 * date (when the applicant was told it was approved, declined or withdrawn) and its submission, or
 * FINANCING_RETENTION_DAYS after that date when the operator keeps applications longer. Never less.
 */
export function retainedUntil(app: { createdAt: string; actionTakenAt: string | null }, extraDays: number | null): Date {
  const from = new Date(Math.max(Date.parse(app.createdAt), app.actionTakenAt ? Date.parse(app.actionTakenAt) : 0));
  const regulation = addMonths(from, RETENTION_MONTHS);
  return extraDays ? new Date(Math.max(regulation.getTime(), from.getTime() + extraDays * DAY_MS)) : regulation;
}

/**
 * Deletes the applications whose retention has run out (retainedUntil): rows, their outbox mails and
 * their encrypted files (docs/behaviour.md §11, decisions 046 and 095). Returns how many were purged.
 */
export async function purgeExpiredFinancingApplications(ctx: AppContext, now = new Date()): Promise<number> {
  // No application submitted within the last 25 months can be due: only older ones are read.
  const candidates = await listFinancingApplicationsBefore(ctx.db, addMonths(now, -RETENTION_MONTHS));
  const expired = candidates.filter((row) => retainedUntil(row, ctx.env.financingRetentionDays).getTime() <= now.getTime());
  let purged = 0;
  for (const row of expired) {
    // Row first: a crash between the two leaves only unreadable orphan ciphertext, never a row without files.
    if (await deleteFinancingRecord(ctx, row.id)) purged++;
    await removeFinancingDocuments(ctx, row);
  }
  return purged;
}

/** In-flight submissions write their files before their row: the daily sweep leaves younger files alone. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes encrypted documents no application refers to, last modified before `olderThan`.
 * They appear when the process dies between writing a submission's files and inserting its
 * row (the shopper got no answer, so nothing was promised); without this sweep the
 * retention purge, which works row by row, would never remove them. Returns how many.
 */
export async function removeOrphanFinancingDocuments(ctx: AppContext, olderThan: Date): Promise<number> {
  const store = fileStoreFor(ctx);
  const referenced = await listFinancingDocumentFileNames(ctx.db);
  const orphans: string[] = [];
  for await (const file of store.list(`${PRIVATE_DOCUMENTS}/`)) {
    const name = file.key.slice(PRIVATE_DOCUMENTS.length + 1);
    // Only the folder's own .enc files (not the trade-in photos beneath it).
    if (name.includes("/") || !name.endsWith(".enc") || referenced.has(name)) continue;
    if (file.modifiedAt.getTime() >= olderThan.getTime()) continue;
    orphans.push(documentKey(name));
  }
  await store.remove(orphans);
  // And the half-written documents of a process killed mid-write (never named by any row).
  return orphans.length + (await store.removeAbandonedWrites(`${PRIVATE_DOCUMENTS}/`, olderThan));
}

/**
 * Purges now (awaited, so start-up is deterministic), then once a day; the timer never keeps
 * the process alive. Returns a stop function. At start-up on SQLite (one process, not listening
 * yet, so no submission is in flight) every orphan document goes; on PostgreSQL another process
 * may be storing a submission's files right now (decision 120), so, like the daily run, the
 * start-up run spares younger files.
 */
export async function scheduleFinancingRetention(ctx: AppContext): Promise<() => void> {
  const run = (orphansBefore: () => Date) =>
    purgeExpiredFinancingApplications(ctx)
      .then(async (purged) => {
        if (purged) ctx.logger.info({ purged }, "expired financing applications purged");
        const orphans = await removeOrphanFinancingDocuments(ctx, orphansBefore());
        if (orphans) ctx.logger.info({ orphans }, "unreferenced financing documents removed");
      })
      .catch((error: Error) => ctx.logger.error({ err: { message: error.message } }, "financing retention purge failed"));
  await run(() => (ctx.env.databaseUrl ? new Date(Date.now() - ORPHAN_GRACE_MS) : new Date(Date.now() + 1000)));
  const timer = setInterval(() => run(() => new Date(Date.now() - ORPHAN_GRACE_MS)), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
