import type { Db } from "~/server/db/database.server";

/**
 * Failed passwords and codes, in the database so every server process counts the same
 * (issue 16 runs several). Keys: "email:<address>" and "client:<ip>".
 */
export async function recordSignInFailure(db: Db, keys: string[], now = new Date()): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto("staffSignInFailures")
    .values(keys.map((key) => ({ key, at: now.toISOString() })))
    .execute();
}

/** Times of the failures for `key` since `since`, newest first. */
export async function signInFailuresSince(db: Db, key: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("staffSignInFailures")
    .select("at")
    .where("key", "=", key)
    .where("at", ">", since.toISOString())
    .orderBy("at", "desc")
    .execute();
  return rows.map((r) => r.at);
}

export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("staffSignInFailures").where("key", "=", key).execute();
}

/** Drops rows too old to matter. */
export async function deleteSignInFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("staffSignInFailures").where("at", "<", before.toISOString()).execute();
}
