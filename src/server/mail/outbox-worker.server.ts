import crypto from "node:crypto";
import os from "node:os";
import type { AppContext } from "~/server/context.server";
import { mayMailAlerts } from "~/server/alerts/may-mail-alerts.server";
import { findBooking } from "~/server/data/bookings.server";
import { mayContactCustomer } from "~/server/data/do-not-contact.server";
import { claimDueMails, markMailAttemptFailed, markMailCancelled, markMailsDelivered, type ClaimedMail } from "~/server/data/outbox.server";
import {
  ACKNOWLEDGEMENT_KINDS,
  ALERT_CONFIRMATION_KIND,
  ALERT_DIGEST_KIND,
  BOOKING_REMINDER_KIND,
  OPT_OUT_BOUND_KINDS,
} from "./mail-kinds";
import { withOptOutLinks } from "./opt-out-link.server";
import type { MailTransport } from "./mail-transport.server";
import { onQueuedMail } from "./outbox-signal.server";
import { nextAttemptAfterFailure } from "./retry-schedule";

export type OutboxWorker = { wake(): void; stop(): Promise<void> };

/** How many mails one claim takes. */
const BATCH = 10;
/** How long a delivered mail may wait to be marked with the rest of its batch (decision 163). */
const MARK_WITHIN_MS = 1_000;

export type OutboxWorkerOptions = {
  transport: MailTransport;
  /** Poll interval when nothing wakes the worker (reminders come due, retries, other processes). */
  pollMs?: number;
  /** How long a claim holds; a claim left by a dead process expires after this. */
  leaseMs?: number;
  now?: () => Date;
};

/**
 * Sends the outbox: claims due mails atomically, hands each to the transport and marks them sent
 * together once the SMTP server accepted them, within a second (decision 163); a failure is retried on
 * the backoff schedule (retry-schedule.ts) and given up after 24 h. Runs in the server process.
 */
export function startOutboxWorker(ctx: AppContext, options: OutboxWorkerOptions): OutboxWorker {
  const { transport, pollMs = 3_000, leaseMs = 60_000, now = () => new Date() } = options;
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const log = ctx.logger.child({ component: "outbox" });
  const delivered = transport.mode === "smtp" ? "sent" : "written";
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function stillWanted(mail: ClaimedMail): Promise<boolean> {
    // A customer who opted out of e-mail since the mail was queued does not get one that is no
    // answer to their own request (decision 094).
    if (OPT_OUT_BOUND_KINDS.has(mail.kind) && !(await mayContactCustomer(ctx.db, { email: mail.to, phone: null }, "email"))) return false;
    // After hours the after-hours reply answers the lead: its acknowledgement would contradict it.
    if (ACKNOWLEDGEMENT_KINDS.has(mail.kind) && mail.answeredAfterHours) return false;
    // An alert written before its address unsubscribed from the alerts, or was marked "do not contact by
    // e-mail" (decision 094), is not sent: mayMailAlerts asks both.
    if (mail.kind === ALERT_DIGEST_KIND) return mayMailAlerts(ctx.db, mail.to, "alert");
    if (mail.kind === ALERT_CONFIRMATION_KIND) return mayMailAlerts(ctx.db, mail.to, "confirmation");
    if (mail.kind !== BOOKING_REMINDER_KIND) return true;
    const booking = await findBooking(ctx.db, mail.relatedId);
    return !!booking && booking.status !== "cancelled";
  }

  /**
   * Hands a claimed batch to the transport. The mails still wanted get their opt-out links in one insert,
   * and those delivered are marked in one update at the end of the batch, or before the next mail once
   * the first of them has waited MARK_WITHIN_MS (decision 163): a crash between a delivery and its mark
   * sends it again after the lease, with the same Message-ID, as it always could.
   */
  async function deliverBatch(batch: ClaimedMail[]): Promise<void> {
    const wanted: ClaimedMail[] = [];
    for (const mail of batch) {
      if (await stillWanted(mail)) wanted.push(mail);
      else await markMailCancelled(ctx.db, mail.id, workerId);
    }
    const unmarked: number[] = [];
    let firstUnmarkedAt = 0;
    const mark = () => markMailsDelivered(ctx.db, unmarked.splice(0), workerId, delivered, now());
    for (const mail of await withOptOutLinks(ctx.db, ctx.env.publicUrl, wanted, now())) {
      if (stopped) break;
      if (unmarked.length && now().getTime() - firstUnmarkedAt >= MARK_WITHIN_MS) await mark();
      try {
        await transport.send(mail);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const next = nextAttemptAfterFailure(new Date(mail.dueAt), mail.attempts, now());
        await markMailAttemptFailed(ctx.db, mail.id, workerId, message, next);
        // The recipient address is the shopper's or staff's: log the id and kind only.
        log.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message, retryAt: next?.toISOString() ?? null },
          "mail not sent",
        );
        continue;
      }
      if (!unmarked.length) firstUnmarkedAt = now().getTime();
      unmarked.push(mail.id);
      log.info({ mailId: mail.id, kind: mail.kind, mode: transport.mode }, "mail delivered");
    }
    await mark();
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const batch = await claimDueMails(ctx.db, workerId, now(), leaseMs, BATCH);
        await deliverBatch(batch);
        if (batch.length < BATCH) break;
      }
    } while (again && !stopped);
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
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, "outbox worker failed"))
      .finally(() => {
        running = null;
        schedule(pollMs);
      });
  }

  const unsubscribe = onQueuedMail(() => schedule(0));
  schedule(0);

  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
