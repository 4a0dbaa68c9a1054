import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { AlertSubscriberTable } from "~/server/db/schema.server";

export type AlertSubscriberRow = Selectable<AlertSubscriberTable>;

export async function findAlertSubscriber(db: Db, id: string): Promise<AlertSubscriberRow | null> {
  return (await db.selectFrom("alertSubscribers").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** The subscriber of an address (lower-cased by the caller), or null. */
export async function findAlertSubscriberByEmail(db: Db, email: string): Promise<AlertSubscriberRow | null> {
  return (await db.selectFrom("alertSubscribers").selectAll().where("email", "=", email).executeTakeFirst()) ?? null;
}

export async function findAlertSubscriberByManageTokenHash(db: Db, hash: string): Promise<AlertSubscriberRow | null> {
  return (await db.selectFrom("alertSubscribers").selectAll().where("manageTokenHash", "=", hash).executeTakeFirst()) ?? null;
}

/** The subscribers whose address belongs to a customer record (the live one and those merged into it). */
export async function findAlertSubscribersOfCustomer(db: Db, customerId: string): Promise<AlertSubscriberRow[]> {
  return db
    .selectFrom("alertSubscribers")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("customerId", "=", customerId),
        eb("customerId", "in", eb.selectFrom("customers").select("customers.id").where("customers.mergedIntoId", "=", customerId)),
      ]),
    )
    .orderBy("createdAt")
    .execute();
}

/**
 * The subscriber of `email`, made (pending) when there is none, then held for the rest of the
 * transaction: the update of its row is the lock that makes a second request for the same address,
 * in this process or another on the same PostgreSQL database, wait until this one has counted and
 * written (reserve, then check). The insert skips on the unique address and the winner is read back.
 * `manageTokenHash` gives a new subscriber's manage link from its id.
 */
export async function reserveAlertSubscriber(
  db: Db,
  input: { email: string; locale: string; manageTokenHash: (id: string) => string },
  now: Date,
): Promise<AlertSubscriberRow> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  await db
    .insertInto("alertSubscribers")
    .values({
      id,
      email: input.email,
      locale: input.locale,
      status: "pending",
      customerId: null,
      manageTokenHash: input.manageTokenHash(id),
      createdAt: at,
      updatedAt: at,
      confirmedAt: null,
      unsubscribedAt: null,
      lastAlertMailAt: null,
      digestDueAt: null,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const held = await db
    .updateTable("alertSubscribers")
    .set({ updatedAt: at })
    .where("email", "=", input.email)
    .returningAll()
    .executeTakeFirst();
  if (!held) throw new Error("The alert subscriber could not be reserved.");
  return held;
}

/** Holds an existing subscriber's row for the rest of the transaction (see reserveAlertSubscriber). */
export async function holdAlertSubscriber(db: Db, id: string, now: Date): Promise<AlertSubscriberRow | null> {
  return (
    (await db.updateTable("alertSubscribers").set({ updatedAt: now.toISOString() }).where("id", "=", id).returningAll().executeTakeFirst()) ??
    null
  );
}

/** Confirmed (again): mails may go to it; its language is the one it confirmed in. */
export async function markAlertSubscriberConfirmed(db: Db, id: string, customerId: string, locale: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("alertSubscribers")
    .set({ status: "confirmed", customerId, locale, confirmedAt: at, unsubscribedAt: null, updatedAt: at })
    .where("id", "=", id)
    .execute();
}

/** Unsubscribed: no mail of any kind goes to it again until it confirms a new request; false when it already was. */
export async function markAlertSubscriberUnsubscribed(db: Db, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("alertSubscribers")
    .set({ status: "unsubscribed", unsubscribedAt: at, digestDueAt: null, updatedAt: at })
    .where("id", "=", id)
    .where("status", "<>", "unsubscribed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * New events for these addresses: each address's digest becomes due at the time for it (or stays
 * earlier when it already was): `ifNotMailedToday` for those with no alert mail since `midnight` (the
 * dealership day's start), `ifMailedToday` for the others. Two statements per 500 addresses, however
 * many events a new vehicle brings.
 */
export async function scheduleAlertDigests(
  db: Db,
  subscriberIds: string[],
  due: { midnight: Date; ifNotMailedToday: Date; ifMailedToday: Date },
): Promise<void> {
  const midnight = due.midnight.toISOString();
  const ids = [...new Set(subscriberIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const [mailedToday, at] of [
      [false, due.ifNotMailedToday.toISOString()],
      [true, due.ifMailedToday.toISOString()],
    ] as const) {
      await db
        .updateTable("alertSubscribers")
        .set({ digestDueAt: at })
        .where("id", "in", chunk)
        .where((eb) =>
          mailedToday
            ? eb("lastAlertMailAt", ">=", midnight)
            : eb.or([eb("lastAlertMailAt", "is", null), eb("lastAlertMailAt", "<", midnight)]),
        )
        .where((eb) => eb.or([eb("digestDueAt", "is", null), eb("digestDueAt", ">", at)]))
        .execute();
    }
  }
}

/** Subscribers whose digest is due at `now`, soonest first. */
export async function dueAlertDigests(
  db: Db,
  now: Date,
  limit = 200,
): Promise<Pick<AlertSubscriberRow, "id" | "digestDueAt" | "lastAlertMailAt">[]> {
  return db
    .selectFrom("alertSubscribers")
    .select(["id", "digestDueAt", "lastAlertMailAt"])
    .where("digestDueAt", "<=", now.toISOString())
    .orderBy("digestDueAt")
    .limit(limit)
    .execute();
}

/**
 * Claims a due digest: one conditional update that only the first of several processes wins
 * (the row must still hold the due time it read). The winner writes the digest in the same
 * transaction; a crash before the commit leaves it due for the next run.
 */
export async function claimAlertDigest(db: Db, id: string, dueAt: string): Promise<AlertSubscriberRow | null> {
  return (
    (await db
      .updateTable("alertSubscribers")
      .set({ digestDueAt: null })
      .where("id", "=", id)
      .where("digestDueAt", "=", dueAt)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** Its alert mail for the day is written. */
export async function markAlertDigestMailed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable("alertSubscribers").set({ lastAlertMailAt: now.toISOString() }).where("id", "=", id).execute();
}

/** A claimed digest moved on (its address had its mail for the day). */
export async function postponeAlertDigest(db: Db, id: string, dueAt: Date): Promise<void> {
  await db.updateTable("alertSubscribers").set({ digestDueAt: dueAt.toISOString() }).where("id", "=", id).execute();
}

/** How many addresses are in each state. */
export async function countAlertSubscribers(db: Db): Promise<Record<"pending" | "confirmed" | "unsubscribed", number>> {
  const rows = await db
    .selectFrom("alertSubscribers")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Addresses confirmed, and unsubscribed, since `since`. */
export async function countAlertSubscriberChanges(db: Db, since: Date): Promise<{ confirmed: number; unsubscribed: number }> {
  const at = since.toISOString();
  const row = await db
    .selectFrom("alertSubscribers")
    .select((eb) => [
      eb.fn.count<number>(eb.case().when("confirmedAt", ">=", at).then(1).end()).as("confirmed"),
      eb.fn.count<number>(eb.case().when("unsubscribedAt", ">=", at).then(1).end()).as("unsubscribed"),
    ])
    .executeTakeFirstOrThrow();
  return { confirmed: Number(row.confirmed), unsubscribed: Number(row.unsubscribed) };
}
