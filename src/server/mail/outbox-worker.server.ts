import crypto from "node:crypto";
import os from "node:os";
import type { AppContext } from "~/server/context.server";
import { mayMailAlerts } from "~/server/alerts/may-mail-alerts.server";
import { findBooking } from "~/server/data/bookings.server";
import { hasMailOfKind } from "~/server/data/outbox.server";
import { mayContactCustomer } from "~/server/data/do-not-contact.server";
import {
  claimDueMails,
  markMailAttemptFailed,
  markMailCancelled,
  markMailSent,
  markMailWritten,
  type OutgoingMail,
} from "~/server/data/outbox.server";
import {
  ACKNOWLEDGEMENT_KINDS,
  AFTER_HOURS_REPLY_KIND,
  ALERT_CONFIRMATION_KIND,
  ALERT_DIGEST_KIND,
  BOOKING_REMINDER_KIND,
  OPT_OUT_BOUND_KINDS,
} from "./mail-kinds";
import { withOptOutLink } from "./opt-out-link.server";
import type { MailTransport } from "./mail-transport.server";
import { onQueuedMail } from "./outbox-signal.server";
import { nextAttemptAfterFailure } from "./retry-schedule";

export type OutboxWorker = { wake(): void; stop(): Promise<void> };

export type OutboxWorkerOptions = {
  transport: MailTransport;
  /** Poll interval when nothing wakes the worker (reminders come due, retries, other processes). */
  pollMs?: number;
  /** How long a claim holds; a claim left by a dead process expires after this. */
  leaseMs?: number;
  now?: () => Date;
};

/**
 * Sends the outbox: claims due mails atomically, hands each to the transport and marks it
 * sent right after the SMTP server accepted it; a failure is retried on the backoff
 * schedule (retry-schedule.ts) and given up after 24 h. Runs in the server process.
 */
export function startOutboxWorker(ctx: AppContext, options: OutboxWorkerOptions): OutboxWorker {
  const { transport, pollMs = 3_000, leaseMs = 60_000, now = () => new Date() } = options;
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const log = ctx.logger.child({ component: "outbox" });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function stillWanted(mail: OutgoingMail): Promise<boolean> {
    // A customer who opted out of e-mail since the mail was queued does not get one that is no
    // answer to their own request (decision 094).
    if (OPT_OUT_BOUND_KINDS.has(mail.kind) && !(await mayContactCustomer(ctx.db, { email: mail.to, phone: null }, "email"))) return false;
    // After hours the after-hours reply answers the lead: its acknowledgement would contradict it.
    if (ACKNOWLEDGEMENT_KINDS.has(mail.kind) && (await hasMailOfKind(ctx.db, mail.relatedType, mail.relatedId, AFTER_HOURS_REPLY_KIND)))
      return false;
    // An alert written before its address unsubscribed from the alerts, or was marked "do not contact by
    // e-mail" (decision 094), is not sent: mayMailAlerts asks both.
    if (mail.kind === ALERT_DIGEST_KIND) return mayMailAlerts(ctx.db, mail.to, "alert");
    if (mail.kind === ALERT_CONFIRMATION_KIND) return mayMailAlerts(ctx.db, mail.to, "confirmation");
    if (mail.kind !== BOOKING_REMINDER_KIND) return true;
    const booking = await findBooking(ctx.db, mail.relatedId);
    return !!booking && booking.status !== "cancelled";
  }

  async function deliver(mail: OutgoingMail): Promise<void> {
    if (!(await stillWanted(mail))) {
      await markMailCancelled(ctx.db, mail.id, workerId);
      return;
    }
    try {
      await transport.send(await withOptOutLink(ctx.db, ctx.env.publicUrl, mail, now()));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const next = nextAttemptAfterFailure(new Date(mail.dueAt), mail.attempts, now());
      await markMailAttemptFailed(ctx.db, mail.id, workerId, message, next);
      // The recipient address is the shopper's or staff's: log the id and kind only.
      log.warn(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message, retryAt: next?.toISOString() ?? null },
        "mail not sent",
      );
      return;
    }
    if (transport.mode === "smtp") await markMailSent(ctx.db, mail.id, workerId, now());
    else await markMailWritten(ctx.db, mail.id, workerId, now());
    log.info({ mailId: mail.id, kind: mail.kind, mode: transport.mode }, "mail delivered");
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const batch = await claimDueMails(ctx.db, workerId, now(), leaseMs, 10);
        for (const mail of batch) {
          if (stopped) break;
          await deliver(mail);
        }
        if (batch.length < 10) break;
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
