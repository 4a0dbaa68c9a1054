import type { AppContext } from "~/server/context.server";
import { listFinancingApplicationsBefore, listFinancingDocumentFileNames } from "~/server/data/financing-applications.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { deleteFinancingRecord, documentKey, PRIVATE_DOCUMENTS, removeFinancingDocuments } from "./financing.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_DAYS = 730;

/**
 * Deletes applications older than FINANCING_RETENTION_DAYS (default 730): rows, their outbox
 * mails and their encrypted files (docs/behaviour.md §11, decision 046). Returns how many were purged.
 */
export async function purgeExpiredFinancingApplications(ctx: AppContext, now = new Date()): Promise<number> {
  const days =
    Number.isFinite(ctx.env.financingRetentionDays) && ctx.env.financingRetentionDays > 0
      ? ctx.env.financingRetentionDays
      : DEFAULT_RETENTION_DAYS;
  const expired = await listFinancingApplicationsBefore(ctx.db, new Date(now.getTime() - days * DAY_MS));
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
  return orphans.length;
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
