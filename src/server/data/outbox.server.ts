import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { Database, OutboxStatus } from "~/server/db/schema.server";
import { afterCommit } from "~/server/db/transaction.server";
import { AFTER_HOURS_REPLY_KIND } from "~/server/mail/mail-kinds";
import { announceQueuedMail } from "~/server/mail/outbox-signal.server";
import type { LeadMailRelatedType } from "~/shared/leads/lead-kinds";
import { mailAudience, type LeadMail, type LeadMailState } from "~/shared/staff/lead-tracking";

/** A text attachment (e.g. an .ics file). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** A mail to write into the outbox, in the same transaction as the record it is about. */
export type NewMail = {
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  /**
   * A lead kind's own (src/shared/leads/lead-kinds.ts), or `customer`: about the customer rather than one
   * lead (a staff reply, an alert digest); `alert-subscriber`: an alert confirmation, before the address
   * has a customer record.
   */
  relatedType: LeadMailRelatedType | "customer" | "alert-subscriber";
  relatedId: string;
  /** Not before this time (a reminder); default now. */
  dueAt?: Date;
  /** Extra header fields (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

/** A claimed mail, ready to hand to the transport. */
export type OutgoingMail = {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  headers: Record<string, string>;
  attempts: number;
  dueAt: string;
  relatedType: string;
  relatedId: string;
};

/** A mail as the outbox worker claims it: whether its record was answered by an after-hours reply comes with it. */
export type ClaimedMail = OutgoingMail & { answeredAfterHours: boolean };

/** What staff see of a mail: never its body. */
export type OutboxEntry = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  relatedType: string;
  relatedId: string;
  createdAt: string;
  dueAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
};

/**
 * Writes mails into the outbox, in the caller's transaction (or alone), and wakes this process's worker
 * once they are committed (decision 109): no caller has to remember to, and a rolled-back transaction
 * wakes nobody. Inside a transaction it must be one `inTransaction` opened.
 */
export async function enqueueMails(db: Db, mails: NewMail[], now = new Date()): Promise<void> {
  if (!mails.length) return;
  await db.insertInto("outbox").values(outboxRows(mails, now)).execute();
  announceMailsAtCommit(db);
}

/** The rows `enqueueMails()` writes, for a statement that writes them with others (decision 160). */
export function outboxRows(mails: NewMail[], now: Date) {
  // The column only when a mail of the batch has header fields (the same columns in every row of one insert).
  const withHeaders = mails.some((m) => m.headers && Object.keys(m.headers).length);
  return mails.map((m) => {
    const due = (m.dueAt ?? now).toISOString();
    return {
      kind: m.kind,
      toAddress: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html ?? null,
      attachments: JSON.stringify(m.attachments ?? []),
      ...(withHeaders ? { headers: m.headers && Object.keys(m.headers).length ? JSON.stringify(m.headers) : null } : {}),
      status: "queued" as const,
      attempts: 0,
      dueAt: due,
      nextAttemptAt: due,
      relatedType: m.relatedType,
      relatedId: m.relatedId,
      createdAt: now.toISOString(),
    };
  });
}

/** The outbox worker hears of mails queued in `db`'s transaction once it commits; a rollback wakes nobody. */
export function announceMailsAtCommit(db: Db): void {
  afterCommit(db, announceQueuedMail);
}

/**
 * Claims up to `limit` due mails for `workerId` in one atomic UPDATE: queued mails whose
 * time has come, and mails whose previous claim expired (a process that died mid-send).
 * Another process running the same statement can never claim the same row. Each mail comes with
 * whether its record has an after-hours reply in the outbox, read by the same statement (decision 163).
 */
export async function claimDueMails(db: Db, workerId: string, now: Date, leaseMs: number, limit = 10): Promise<ClaimedMail[]> {
  const at = now.toISOString();
  const claimable = (w: ExpressionBuilder<Database, "outbox">) =>
    w.or([
      w.and([w("status", "=", "queued"), w("nextAttemptAt", "<=", at)]),
      w.and([w("status", "=", "sending"), w("claimedUntil", "<=", at)]),
    ]);
  const rows = await db
    .updateTable("outbox")
    .set((eb) => ({
      status: "sending",
      claimedBy: workerId,
      claimedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
      lastAttemptAt: at,
    }))
    .where("id", "in", (eb) => eb.selectFrom("outbox").select("id").where(claimable).orderBy("nextAttemptAt").limit(limit))
    // Again on the row itself: PostgreSQL re-checks only the outer WHERE on a row another process
    // claimed while this statement waited for its lock, and must then skip it.
    .where(claimable)
    .returningAll()
    .returning((eb) =>
      eb
        .exists(
          eb
            .selectFrom("outbox as reply")
            .select("reply.id")
            .whereRef("reply.relatedType", "=", "outbox.relatedType")
            .whereRef("reply.relatedId", "=", "outbox.relatedId")
            .where("reply.kind", "=", AFTER_HOURS_REPLY_KIND),
        )
        .as("answeredAfterHours"),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.toAddress,
    replyTo: r.replyTo,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    attachments: JSON.parse(r.attachments) as MailAttachment[],
    headers: r.headers ? (JSON.parse(r.headers) as Record<string, string>) : {},
    attempts: r.attempts,
    dueAt: r.dueAt,
    relatedType: r.relatedType,
    relatedId: r.relatedId,
    // SQLite answers EXISTS with 0 or 1.
    answeredAfterHours: Boolean(r.answeredAfterHours),
  }));
}

/**
 * Marks claimed mails delivered, in one statement (decision 163): "sent" once the SMTP server accepted
 * them, or "written" to .eml files when no SMTP server is configured (they stay listed, never sent). A
 * mail no longer claimed by `workerId` (deleted with its record, or claimed again after its lease
 * ran out) is left alone.
 */
export async function markMailsDelivered(
  db: Db,
  ids: readonly number[],
  workerId: string,
  status: "sent" | "written",
  now = new Date(),
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("outbox")
    .set({ status, sentAt: now.toISOString(), claimedBy: null, claimedUntil: null, lastError: null })
    .where("id", "in", ids)
    .where("claimedBy", "=", workerId)
    .execute();
}

/** Records a failed attempt: queued again for `nextAttemptAt`, or failed for good when null. */
export async function markMailAttemptFailed(db: Db, id: number, workerId: string, error: string, nextAttemptAt: Date | null): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      status: nextAttemptAt ? "queued" : "failed",
      nextAttemptAt: nextAttemptAt ? nextAttemptAt.toISOString() : sql<string>`next_attempt_at`,
      lastError: error.slice(0, 500),
      claimedBy: null,
      claimedUntil: null,
    })
    .where("id", "=", id)
    .where("claimedBy", "=", workerId)
    .execute();
}

/** Marks a claimed mail that is no longer wanted (e.g. the reminder of a cancelled booking). */
export async function markMailCancelled(db: Db, id: number, workerId: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "cancelled", claimedBy: null, claimedUntil: null })
    .where("id", "=", id)
    .where("claimedBy", "=", workerId)
    .execute();
}

/** Cancels the still-queued mails of one kind about one record (a cancelled booking's reminder). */
export async function cancelQueuedMails(db: Db, relatedType: string, relatedId: string, kind: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "cancelled" })
    .where("relatedType", "=", relatedType)
    .where("relatedId", "=", relatedId)
    .where("kind", "=", kind)
    .where("status", "=", "queued")
    .execute();
}

/** Puts a failed mail back in the queue, due now with a fresh 24 h, and wakes the worker once committed; false when it is not failed. */
export async function retryFailedMail(db: Db, id: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("outbox")
    .set({ status: "queued", dueAt: at, nextAttemptAt: at, lastError: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  const queued = Number(result.numUpdatedRows) > 0;
  if (queued) afterCommit(db, announceQueuedMail);
  return queued;
}

const ENTRY_COLUMNS = [
  "id",
  "kind",
  "toAddress as to",
  "subject",
  "status",
  "attempts",
  "lastError",
  "relatedType",
  "relatedId",
  "createdAt",
  "dueAt",
  "nextAttemptAt",
  "sentAt",
] as const;

/** The newest mails, without bodies; only those in `statuses` when given. */
export async function listOutbox(db: Db, limit = 200, statuses?: readonly OutboxStatus[]): Promise<OutboxEntry[]> {
  let q = db.selectFrom("outbox").select(ENTRY_COLUMNS);
  if (statuses?.length) q = q.where("status", "in", statuses);
  return q.orderBy("id", "desc").limit(limit).execute();
}

/** The mails about some records, without bodies, oldest first. */
export async function listMailsFor(db: Db, relatedType: string, relatedIds: string[]): Promise<OutboxEntry[]> {
  if (!relatedIds.length) return [];
  return db
    .selectFrom("outbox")
    .select(ENTRY_COLUMNS)
    .where("relatedType", "=", relatedType)
    .where("relatedId", "in", relatedIds)
    .orderBy("id")
    .execute();
}

/** Each record's mails as its dashboard row shows them (state only), keyed by record id. */
export async function leadMailsFor(db: Db, relatedType: string, relatedIds: string[]): Promise<Map<string, LeadMail[]>> {
  const byRecord = new Map<string, LeadMail[]>();
  // SQLite binds at most 32,766 parameters per statement; chunk so a long list never hits it.
  for (let i = 0; i < relatedIds.length; i += 500) {
    for (const mail of await listMailsFor(db, relatedType, relatedIds.slice(i, i + 500))) {
      const state: LeadMailState = mail.status === "sending" ? "queued" : mail.status;
      const list = byRecord.get(mail.relatedId) ?? [];
      list.push({ id: mail.id, kind: mail.kind, audience: mailAudience(mail.kind), state, attempts: mail.attempts });
      byRecord.set(mail.relatedId, list);
    }
  }
  return byRecord;
}

/**
 * Deletes every mail about one record, whatever its state: called in the transaction that
 * deletes the record (a staff delete, the retention purge), because a mail's subject and body
 * are a copy of the lead's personal data (decision 046). A mail being sent right now is
 * still handed over; marking it sent afterwards finds no row and does nothing.
 */
export async function deleteMailsFor(db: Db, relatedType: string, relatedId: string): Promise<number> {
  const result = await db.deleteFrom("outbox").where("relatedType", "=", relatedType).where("relatedId", "=", relatedId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One mail without its body, or null. */
export async function findOutboxEntry(db: Db, id: number): Promise<OutboxEntry | null> {
  return (await db.selectFrom("outbox").select(ENTRY_COLUMNS).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The most recently attempted mail: did the last send fail? */
export async function lastMailAttempt(db: Db): Promise<{ failed: boolean; error: string | null; at: string } | null> {
  const row = await db
    .selectFrom("outbox")
    .select(["status", "lastError", "lastAttemptAt"])
    .where("lastAttemptAt", "is not", null)
    .orderBy("lastAttemptAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row?.lastAttemptAt) return null;
  return { failed: row.status !== "sent" && row.status !== "sending" && !!row.lastError, error: row.lastError, at: row.lastAttemptAt };
}

/** The newest mail's id (0 for an empty outbox): a watermark for `cancelQueuedMailsAfter`. */
export async function lastOutboxId(db: Db): Promise<number> {
  const row = await db.selectFrom("outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Cancels every still-queued mail written after the mail `afterId` (the demo seed's: they name
 * made-up people and must never leave, LEADS_TO's copies included). Returns how many.
 */
export async function cancelQueuedMailsAfter(db: Db, afterId: number): Promise<number> {
  const result = await db.updateTable("outbox").set({ status: "cancelled" }).where("id", ">", afterId).where("status", "=", "queued").executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many mails wait in each state. */
export async function countOutbox(db: Db): Promise<Record<OutboxStatus, number>> {
  const rows = await db.selectFrom("outbox").select(["status", (eb) => eb.fn.countAll<number>().as("count")]).groupBy("status").execute();
  const counts: Record<OutboxStatus, number> = { queued: 0, sending: 0, sent: 0, written: 0, failed: 0, cancelled: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

/** When the oldest mail that is due but not yet sent (queued, or being sent) was due; null when none waits (/metrics). */
export async function oldestDueUnsentMail(db: Db, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.min("dueAt").as("dueAt"))
    .where("status", "in", ["queued", "sending"])
    .where("dueAt", "<=", now.toISOString())
    .executeTakeFirst();
  return row?.dueAt ?? null;
}

/** Moves the mails about one record to another of the same type (a customer merged into another). */
export async function moveMailsFor(db: Db, relatedType: string, fromId: string, toId: string): Promise<void> {
  await db.updateTable("outbox").set({ relatedId: toId }).where("relatedType", "=", relatedType).where("relatedId", "=", fromId).execute();
}

/** Mails of these kinds handed over (sent, or written as .eml without SMTP) since `since`, by kind. */
export async function countDeliveredMails(db: Db, kinds: readonly string[], since: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(kinds.map((kind) => [kind, 0]));
  if (!kinds.length) return counts;
  const rows = await db
    .selectFrom("outbox")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "in", kinds)
    .where("status", "in", ["sent", "written"])
    .where("sentAt", ">=", since.toISOString())
    .groupBy("kind")
    .execute();
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}
