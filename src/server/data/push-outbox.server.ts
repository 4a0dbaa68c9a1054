import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";

/** One push for one device, written in the transaction of what it is about. */
export type NewPush = { subscriptionId: string; kind: string; payload: string; dueAt: Date };

/** A claimed push, with its device's keys. */
export type OutgoingPush = {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  dueAt: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * In-process wake-up of the push worker after a commit that queued pushes (as the mail outbox's);
 * other processes find them at their next poll, a second later.
 */
const listeners = new Set<() => void>();
export function announceQueuedPushes(): void {
  for (const listener of listeners) listener();
}
export function onQueuedPushes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function enqueuePushes(db: Db, pushes: NewPush[], now = new Date()): Promise<void> {
  if (!pushes.length) return;
  await db
    .insertInto("pushOutbox")
    .values(
      pushes.map((push) => ({
        subscriptionId: push.subscriptionId,
        kind: push.kind,
        payload: push.payload,
        status: "queued" as const,
        dueAt: push.dueAt.toISOString(),
        nextAttemptAt: push.dueAt.toISOString(),
        claimedBy: null,
        claimedUntil: null,
        lastError: null,
        createdAt: now.toISOString(),
        sentAt: null,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due pushes for `workerId` in one UPDATE (queued and due, or claimed by a worker
 * whose lease ran out): no two workers, on any process, claim one push.
 */
export async function claimDuePushes(db: Db, workerId: string, now: Date, leaseMs: number, limit = 20): Promise<OutgoingPush[]> {
  const at = now.toISOString();
  const claimable = (w: ExpressionBuilder<Database, "pushOutbox">) =>
    w.or([
      w.and([w("status", "=", "queued"), w("nextAttemptAt", "<=", at)]),
      w.and([w("status", "=", "sending"), w("claimedUntil", "<=", at)]),
    ]);
  const claimed = await db
    .updateTable("pushOutbox")
    .set((eb) => ({
      status: "sending",
      claimedBy: workerId,
      claimedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", (eb) => eb.selectFrom("pushOutbox").select("id").where(claimable).orderBy("nextAttemptAt").limit(limit))
    // Again on the row itself: PostgreSQL re-checks only the outer WHERE on a row claimed meanwhile.
    .where(claimable)
    .returning(["id"])
    .execute();
  if (!claimed.length) return [];
  return db
    .selectFrom("pushOutbox")
    .innerJoin("pushSubscriptions", "pushSubscriptions.id", "pushOutbox.subscriptionId")
    .select([
      "pushOutbox.id",
      "pushOutbox.kind",
      "pushOutbox.payload",
      "pushOutbox.attempts",
      "pushOutbox.dueAt",
      "pushOutbox.subscriptionId",
      "pushSubscriptions.endpoint",
      "pushSubscriptions.p256dh",
      "pushSubscriptions.auth",
    ])
    .where(
      "pushOutbox.id",
      "in",
      claimed.map((row) => row.id),
    )
    .where("pushOutbox.claimedBy", "=", workerId)
    .execute();
}

export async function markPushSent(db: Db, id: number, workerId: string, now: Date): Promise<void> {
  await db
    .updateTable("pushOutbox")
    .set({ status: "sent", sentAt: now.toISOString(), claimedBy: null, claimedUntil: null, lastError: null })
    .where("id", "=", id)
    .where("claimedBy", "=", workerId)
    .execute();
}

/** A failed attempt: queued again at `nextAttemptAt`, or given up (null). */
export async function markPushAttemptFailed(db: Db, id: number, workerId: string, error: string, nextAttemptAt: Date | null): Promise<void> {
  await db
    .updateTable("pushOutbox")
    .set({
      status: nextAttemptAt ? "queued" : "failed",
      nextAttemptAt: nextAttemptAt?.toISOString() ?? undefined,
      claimedBy: null,
      claimedUntil: null,
      lastError: error.slice(0, 500),
    })
    .where("id", "=", id)
    .where("claimedBy", "=", workerId)
    .execute();
}

/** Pushes sent or given up more than `before` ago are forgotten. */
export async function prunePushOutbox(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("pushOutbox").where("status", "in", ["sent", "failed"]).where("createdAt", "<", before.toISOString()).execute();
}
