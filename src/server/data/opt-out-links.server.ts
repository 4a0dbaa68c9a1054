import type { Db } from "~/server/db/database.server";
import { customerEmail } from "~/shared/leads/customer-match";

/** Stores a mail's opt-out link: its token's hash and the address the mail goes to (decision 094). */
export async function insertOptOutLink(db: Db, tokenHash: string, email: string, now = new Date()): Promise<void> {
  await db
    .insertInto("optOutLinks")
    .values({ tokenHash, email: customerEmail(email) ?? email, createdAt: now.toISOString() })
    .execute();
}

/** The e-mail address an opt-out link was sent to, or null for an unknown token. */
export async function findOptOutLinkEmail(db: Db, tokenHash: string): Promise<string | null> {
  const row = await db.selectFrom("optOutLinks").select("email").where("tokenHash", "=", tokenHash).executeTakeFirst();
  return row?.email ?? null;
}
