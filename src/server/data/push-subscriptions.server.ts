import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { PushSubscriptionTable } from "~/server/db/schema.server";

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/** A device as its owner sees it in their list: never its keys. */
export type PushDevice = { id: string; endpointHost: string; device: string | null; createdAt: string; lastSentAt: string | null };

export type NewPushSubscription = { staffId: string; endpoint: string; p256dh: string; auth: string; device: string | null };

/**
 * Stores a device's subscription for a person; the same endpoint again (the browser re-subscribing,
 * or another person signing in on that device) replaces the row, so a device notifies one person.
 * Returns the row's id.
 */
export async function savePushSubscription(db: Db, input: NewPushSubscription, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const row = await db
    .insertInto("pushSubscriptions")
    .values({ id, ...input, createdAt: now.toISOString(), lastSentAt: null })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({ staffId: input.staffId, p256dh: input.p256dh, auth: input.auth, device: input.device, createdAt: now.toISOString() }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes one of a person's devices by its endpoint; false when they have no such device. */
export async function deletePushSubscriptionOf(db: Db, staffId: string, device: { endpoint: string } | { id: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("pushSubscriptions")
    .where("staffId", "=", staffId)
    .$call((q) => ("endpoint" in device ? q.where("endpoint", "=", device.endpoint) : q.where("id", "=", device.id)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes a device the push service says is gone (404/410): its queued pushes go with it. */
export async function deletePushSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom("pushSubscriptions").where("id", "=", id).execute();
}

export async function listPushDevices(db: Db, staffId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("pushSubscriptions")
    .select(["id", "endpoint", "device", "createdAt", "lastSentAt"])
    .where("staffId", "=", staffId)
    .orderBy("createdAt")
    .execute();
  return rows.map(({ endpoint, ...row }) => ({ ...row, endpointHost: new URL(endpoint).host }));
}

/** The devices of these people (for a push to each). */
export async function pushSubscriptionsOf(db: Db, staffIds: string[]): Promise<Pick<PushSubscriptionRow, "id" | "staffId">[]> {
  if (!staffIds.length) return [];
  return db.selectFrom("pushSubscriptions").select(["id", "staffId"]).where("staffId", "in", staffIds).execute();
}

export async function findPushSubscription(db: Db, id: string): Promise<PushSubscriptionRow | null> {
  return (await db.selectFrom("pushSubscriptions").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function markPushSubscriptionUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable("pushSubscriptions").set({ lastSentAt: now.toISOString() }).where("id", "=", id).execute();
}
