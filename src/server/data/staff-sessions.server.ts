import type { Db } from "~/server/db/database.server";

/** Stores a new staff session by the hash of its token. */
export async function insertStaffSession(db: Db, idHash: string, accountId: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.insertInto("staffSessions").values({ idHash, accountId, createdAt: at, lastSeenAt: at }).execute();
}

export type SessionLimits = { idleSince: Date; createdSince: Date };

/**
 * The account id of a session that is within both limits (idle and absolute), marking it
 * used now (when last marked more than a thirtieth of the idle limit ago) unless `touch` is false
 * (background polling). Null when unknown or expired (then deleted).
 */
export async function liveStaffSession(
  db: Db,
  idHash: string,
  limits: SessionLimits,
  { touch = true, now = new Date() }: { touch?: boolean; now?: Date } = {},
): Promise<string | null> {
  const row = await db
    .selectFrom("staffSessions")
    .select(["accountId", "lastSeenAt", "createdAt"])
    .where("idHash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.lastSeenAt <= limits.idleSince.toISOString() || row.createdAt <= limits.createdSince.toISOString()) {
    await deleteStaffSession(db, idHash);
    return null;
  }
  // Marked used at most once a thirtieth of the idle limit (a minute of 30): every staff request wrote (and
  // on SQLite synced) the row before, several milliseconds of each page (decision 132). The session then
  // ends at most that much early, never late.
  const touchedSince = new Date(now.getTime() - (now.getTime() - limits.idleSince.getTime()) / 30).toISOString();
  if (touch && row.lastSeenAt < touchedSince)
    await db.updateTable("staffSessions").set({ lastSeenAt: now.toISOString() }).where("idHash", "=", idHash).execute();
  return row.accountId;
}

export async function deleteStaffSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("staffSessions").where("idHash", "=", idHash).execute();
}

/** Ends every session of one account ("sign out everywhere", password change, disable, reset). */
export async function deleteStaffSessionsOf(db: Db, accountId: string): Promise<number> {
  const result = await db.deleteFrom("staffSessions").where("accountId", "=", accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past either limit. */
export async function deleteExpiredStaffSessions(db: Db, limits: SessionLimits): Promise<void> {
  await db
    .deleteFrom("staffSessions")
    .where((eb) =>
      eb.or([eb("lastSeenAt", "<=", limits.idleSince.toISOString()), eb("createdAt", "<=", limits.createdSince.toISOString())]),
    )
    .execute();
}

/**
 * The roles of the sessions among these hashes that are still within both limits and whose account is
 * active (one query for every stream a process holds, decision 110); a session not in the answer has
 * ended. Nothing is marked used: a stream is not activity.
 */
export async function liveSessionRoles(db: Db, idHashes: string[], limits: SessionLimits): Promise<Map<string, string>> {
  const roles = new Map<string, string>();
  for (let i = 0; i < idHashes.length; i += 500) {
    const rows = await db
      .selectFrom("staffSessions")
      .innerJoin("staffAccounts", "staffAccounts.id", "staffSessions.accountId")
      .select(["staffSessions.idHash", "staffAccounts.role"])
      .where("staffSessions.idHash", "in", idHashes.slice(i, i + 500))
      .where("staffSessions.lastSeenAt", ">", limits.idleSince.toISOString())
      .where("staffSessions.createdAt", ">", limits.createdSince.toISOString())
      .where("staffAccounts.disabled", "=", 0)
      .execute();
    for (const row of rows) roles.set(row.idHash, row.role);
  }
  return roles;
}
