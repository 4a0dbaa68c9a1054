import type { Db } from "~/server/db/database.server";

/** Stores a new staff session by the hash of its token. */
export async function insertAdminSession(db: Db, idHash: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.insertInto("adminSessions").values({ idHash, createdAt: at, lastSeenAt: at }).execute();
}

/**
 * Marks a session as used now if it was last used after `idleSince`; false when it is
 * unknown or idle too long (then it is deleted).
 */
export async function touchAdminSession(db: Db, idHash: string, idleSince: Date, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("adminSessions")
    .set({ lastSeenAt: now.toISOString() })
    .where("idHash", "=", idHash)
    .where("lastSeenAt", ">", idleSince.toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  await deleteAdminSession(db, idHash);
  return false;
}

/** Whether a session is live, without counting this as activity (for background polling). */
export async function isAdminSessionLive(db: Db, idHash: string, idleSince: Date): Promise<boolean> {
  const row = await db
    .selectFrom("adminSessions")
    .select("idHash")
    .where("idHash", "=", idHash)
    .where("lastSeenAt", ">", idleSince.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

export async function deleteAdminSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("adminSessions").where("idHash", "=", idHash).execute();
}

/** Removes sessions idle since before `idleSince`. */
export async function deleteIdleAdminSessions(db: Db, idleSince: Date): Promise<void> {
  await db.deleteFrom("adminSessions").where("lastSeenAt", "<=", idleSince.toISOString()).execute();
}
