import type { Db } from "~/server/db/database.server";
import { inTransaction } from "~/server/db/transaction.server";

/** Stores a setup token's hash for an account; earlier unused tokens of the account stop working. */
export async function insertSetupToken(db: Db, accountId: string, tokenHash: string, expiresAt: Date, now = new Date()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("staffSetupTokens").where("accountId", "=", accountId).where("usedAt", "is", null).execute();
    await trx
      .insertInto("staffSetupTokens")
      .values({ tokenHash, accountId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), usedAt: null })
      .execute();
  });
}

/** The account a live (unused, unexpired) token belongs to, without using it. */
export async function findLiveSetupToken(db: Db, tokenHash: string, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom("staffSetupTokens")
    .select("accountId")
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row?.accountId ?? null;
}

/** Marks a live token used and returns its account; null when unknown, used or expired (single use, race-safe). */
export async function consumeSetupToken(db: Db, tokenHash: string, now = new Date()): Promise<string | null> {
  const accountId = await findLiveSetupToken(db, tokenHash, now);
  if (!accountId) return null;
  const result = await db
    .updateTable("staffSetupTokens")
    .set({ usedAt: now.toISOString() })
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? accountId : null;
}
