import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { AlertConfirmationTable } from "~/server/db/schema.server";

export type AlertConfirmationRow = Selectable<AlertConfirmationTable>;

export async function insertAlertConfirmation(db: Db, row: AlertConfirmationRow): Promise<void> {
  await db.insertInto("alertConfirmations").values(row).execute();
}

export async function deleteAlertConfirmation(db: Db, id: string): Promise<void> {
  await db.deleteFrom("alertConfirmations").where("id", "=", id).execute();
}

/** How many confirmations were asked for an address since `since` (its own limit, docs/behaviour.md §21). */
export async function countAlertConfirmationsSince(db: Db, subscriberId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("alertConfirmations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("subscriberId", "=", subscriberId)
    .where("requestedAt", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAlertConfirmationByTokenHash(db: Db, hash: string): Promise<AlertConfirmationRow | null> {
  return (await db.selectFrom("alertConfirmations").selectAll().where("tokenHash", "=", hash).executeTakeFirst()) ?? null;
}

/**
 * Confirms a request once: a conditional update that only one of two clicks (or processes) wins,
 * and never past its expiry. False when it was already confirmed or has expired.
 */
export async function claimAlertConfirmation(db: Db, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("alertConfirmations")
    .set({ confirmedAt: at })
    .where("id", "=", id)
    .where("confirmedAt", "is", null)
    .where("expiresAt", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The consents an address gave (confirmed requests), oldest first: the record staff can show. */
export async function listAlertConsents(db: Db, subscriberIds: string[]): Promise<AlertConfirmationRow[]> {
  if (!subscriberIds.length) return [];
  return db
    .selectFrom("alertConfirmations")
    .selectAll()
    .where("subscriberId", "in", subscriberIds)
    .where("confirmedAt", "is not", null)
    .orderBy("confirmedAt")
    .execute();
}
