import type { Db } from "~/server/db/database.server";
import { inTransaction } from "~/server/db/transaction.server";

/** Replaces an account's recovery codes with new ones (hashes only). */
export async function replaceRecoveryCodes(db: Db, accountId: string, codeHashes: string[], now = new Date()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("staffRecoveryCodes").where("accountId", "=", accountId).execute();
    if (codeHashes.length) {
      await trx
        .insertInto("staffRecoveryCodes")
        .values(codeHashes.map((codeHash) => ({ codeHash, accountId, usedAt: null, createdAt: now.toISOString() })))
        .execute();
    }
  });
}

/** Marks an unused code of this account as used; false when there is no such unused code (single use, race-safe). */
export async function spendRecoveryCode(db: Db, accountId: string, codeHash: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("staffRecoveryCodes")
    .set({ usedAt: now.toISOString() })
    .where("accountId", "=", accountId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("staffRecoveryCodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("accountId", "=", accountId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodesOf(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom("staffRecoveryCodes").where("accountId", "=", accountId).execute();
}
