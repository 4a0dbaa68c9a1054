import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { countOutbox, findOutboxEntry, lastMailAttempt, listOutbox, retryFailedMail, type OutboxEntry } from "~/server/data/outbox.server";
import type { OutboxStatus } from "~/server/db/schema.server";
import type { Staff } from "~/server/http/staff-request.server";

/** Staff use cases on the mail outbox (decision 046). */

export const OUTBOX_LIST_LIMIT = 200;

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "written", "failed", "cancelled"] as const;
/** GET /api/admin/outbox's query and the Outbox screen's filter (`?status=failed`). */
export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: `Status must be one of ${OUTBOX_STATUSES.join(", ")}.` }).optional(),
});
/** A mail's id in POST /api/admin/outbox/{id}/retry and in the screen's Retry form. */
export const mailIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Why a mail that has not failed cannot be retried (409). */
export const notFailedMessage = (status: OutboxStatus) => `Only a failed mail can be retried; this one is ${status}.`;

/** What the dashboard's banner needs: is mail configured, did the last send fail, how many failed for good. */
export type MailStatus = {
  /** `eml`: no SMTP_URL, mails are only written as .eml files under DATA_DIR/mail. */
  mode: "smtp" | "eml";
  lastSendFailed: boolean;
  lastAttemptAt: string | null;
  failed: number;
};

export async function mailStatus(ctx: AppContext): Promise<MailStatus> {
  const [last, counts] = await Promise.all([lastMailAttempt(ctx.db), countOutbox(ctx.db)]);
  return {
    mode: ctx.env.smtpUrl ? "smtp" : "eml",
    lastSendFailed: last?.failed ?? false,
    lastAttemptAt: last?.at ?? null,
    failed: counts.failed,
  };
}

/** The Outbox view: counts per state and the newest mails (never a body), optionally of one state. */
export type OutboxPage = { counts: Record<OutboxStatus, number>; mails: OutboxEntry[]; limit: number };

export async function outboxPage(ctx: AppContext, status: OutboxStatus | null): Promise<OutboxPage> {
  const [counts, mails] = await Promise.all([
    countOutbox(ctx.db),
    // "queued" in the view includes the mails being handed over right now.
    listOutbox(ctx.db, OUTBOX_LIST_LIMIT, status === "queued" ? ["queued", "sending"] : status ? [status] : undefined),
  ]);
  return { counts, mails, limit: OUTBOX_LIST_LIMIT };
}

export type RetryResult =
  { outcome: "queued"; mail: OutboxEntry } | { outcome: "not-found" } | { outcome: "not-failed"; status: OutboxStatus };

/** Puts a failed mail back in the queue (a fresh 24 h of retries), wakes the worker and records it in the audit log. */
export async function retryMail(ctx: AppContext, staff: Staff, id: number, now = new Date()): Promise<RetryResult> {
  if (!(await retryFailedMail(ctx.db, id, now))) {
    const mail = await findOutboxEntry(ctx.db, id);
    return mail ? { outcome: "not-failed", status: mail.status } : { outcome: "not-found" };
  }
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "retry-mail", entity: "outbox", entityId: String(id) });
  const mail = await findOutboxEntry(ctx.db, id);
  return mail ? { outcome: "queued", mail } : { outcome: "not-found" };
}
