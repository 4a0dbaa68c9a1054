import type { Db } from "~/server/db/database.server";
import { inTransaction } from "~/server/db/transaction.server";

/**
 * Sign-in attempts, in the database so every server process counts the same (several may run, decision 047).
 * Keys: "email:<address>", "client:<ip or IPv6 /64>", "device:<nonce>", "password-change:<account id>".
 *
 * An attempt's row is written BEFORE its password or code is checked (a reservation): an
 * attempt in flight already counts, so parallel guesses cannot all pass a check made before any of
 * them failed. A successful attempt takes its row back; a failed one leaves it as the failure record.
 */
export type AttemptLimit = { key: string; limit: number };

/**
 * In one transaction, per key in a fixed order: lock the key's row (an upsert, which waits for any
 * other transaction holding it, on any process), count its attempts since `since`, and, when every
 * key has room, insert the attempt. Returns the new rows' ids, or, when a key is full, the times of
 * that key's attempts (newest first) so the caller can say when it frees up.
 */
export async function reserveSignInAttempt(
  db: Db,
  limits: AttemptLimit[],
  now: Date,
  since: Date,
): Promise<{ reserved: true; ids: number[] } | { reserved: false; times: string[]; limit: number }> {
  const at = now.toISOString();
  // Sorted, so two attempts sharing keys lock them in the same order and cannot deadlock.
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return inTransaction(db, async (trx) => {
    for (const { key, limit } of sorted) {
      await trx
        .insertInto("staffSignInLocks")
        .values({ key, lockedAt: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ lockedAt: at }))
        .execute();
      const times = await signInAttemptsSince(trx, key, since);
      if (times.length >= limit) return { reserved: false as const, times, limit };
    }
    const rows = await trx
      .insertInto("staffSignInFailures")
      .values(sorted.map(({ key }) => ({ key, at })))
      .returning("id")
      .execute();
    return { reserved: true as const, ids: rows.map((r) => r.id) };
  });
}

/** Times of the attempts for `key` since `since`, newest first. */
export async function signInAttemptsSince(db: Db, key: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("staffSignInFailures")
    .select("at")
    .where("key", "=", key)
    .where("at", ">", since.toISOString())
    .orderBy("at", "desc")
    .execute();
  return rows.map((r) => r.at);
}

/** Takes back an attempt's reservation (it succeeded, or it could not be checked). */
export async function releaseSignInAttempt(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom("staffSignInFailures").where("id", "in", ids).execute();
}

/** A successful sign-in forgives the failures counted against its key. */
export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("staffSignInFailures").where("key", "=", key).execute();
}

/** Drops rows too old to matter: attempts, and the lock rows of keys not tried since. */
export async function deleteSignInFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("staffSignInFailures").where("at", "<", before.toISOString()).execute();
  await db.deleteFrom("staffSignInLocks").where("lockedAt", "<", before.toISOString()).execute();
}
