import crypto from "node:crypto";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { claimDuePushes, markPushAttemptFailed, markPushSent, onQueuedPushes, prunePushOutbox } from "~/server/data/push-outbox.server";
import { deletePushSubscription, markPushSubscriptionUsed } from "~/server/data/push-subscriptions.server";
import { sendPush } from "./push-sender.server";
import { vapidKeysOf } from "./vapid-keys.server";

/** A claim lasts this long: a process that dies mid-send leaves its pushes to another after it. */
const LEASE_MS = 60_000;
/** A push is worth sending for a day (its TTL at the push service too); then it is given up. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failure: 5 s, doubling, at most 10 minutes (a lead is urgent). */
export function pushRetryDelay(attempts: number): number {
  return Math.min(5000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)), 10 * 60_000);
}

/**
 * Sends the push outbox (decision 112): woken by this process's commits and polling every second for
 * other processes' (and for retries), it claims due pushes, sends each, and records what happened: sent;
 * the device gone (404/410: the subscription is deleted, and its other queued pushes with it); the push
 * service down or busy (tried again with backoff, given up after a day); refused (given up).
 */
export function startPushWorker(ctx: AppContext, { pollMs = 1000 }: { pollMs?: number } = {}): { stop: () => Promise<void> } {
  const workerId = `push-${process.pid}-${crypto.randomUUID()}`;
  const vapid = vapidKeysOf(ctx.env, ctx.secrets);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const runOnce = async () => {
    for (;;) {
      const now = serverNow(ctx);
      const pushes = await claimDuePushes(ctx.db, workerId, now, LEASE_MS);
      if (!pushes.length) return;
      await Promise.all(
        pushes.map(async (push) => {
          const outcome = await sendPush(push, push.payload, vapid, { loopback: ctx.env.pushLoopback });
          const at = serverNow(ctx);
          if (outcome.kind === "sent") {
            await markPushSent(ctx.db, push.id, workerId, at);
            await markPushSubscriptionUsed(ctx.db, push.subscriptionId, at);
          } else if (outcome.kind === "gone") {
            ctx.logger.info({ push: push.id, status: outcome.status }, "push subscription gone: removed");
            await deletePushSubscription(ctx.db, push.subscriptionId);
          } else {
            const late = at.getTime() - Date.parse(push.dueAt) >= GIVE_UP_AFTER_MS;
            const next = outcome.kind === "retry" && !late ? new Date(at.getTime() + pushRetryDelay(push.attempts)) : null;
            ctx.logger.warn({ push: push.id, attempts: push.attempts, reason: outcome.reason, retry: Boolean(next) }, "push not delivered");
            await markPushAttemptFailed(ctx.db, push.id, workerId, outcome.reason, next);
          }
        }),
      );
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !stopped);
      } catch (error) {
        ctx.logger.warn({ err: error }, "push worker: a round failed");
      } finally {
        running = null;
      }
    })();
  };
  const poll = setInterval(wake, pollMs);
  poll.unref();
  const prune = setInterval(() => void prunePushOutbox(ctx.db, new Date(Date.now() - 7 * 24 * 60 * 60_000)).catch(() => {}), 60 * 60_000);
  prune.unref();
  // A commit on this process: now, and once more just after (a wake that came before the commit finds nothing yet).
  const unsubscribe = onQueuedPushes(() => {
    wake();
    setTimeout(wake, 200).unref();
  });
  wake();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(prune);
      unsubscribe();
      await running;
    },
  };
}
