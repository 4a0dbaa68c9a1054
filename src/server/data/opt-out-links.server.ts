import type { Db } from "~/server/db/database.server";
import { customerEmail } from "~/shared/leads/customer-match";

/** Stores mails' opt-out links, in one insert: each token's hash and the address its mail goes to (decision 094). */
export async function insertOptOutLinks(db: Db, links: readonly { tokenHash: string; email: string }[], now = new Date()): Promise<void> {
  if (!links.length) return;
  const createdAt = now.toISOString();
  await db
    .insertInto("optOutLinks")
    .values(links.map(({ tokenHash, email }) => ({ tokenHash, email: customerEmail(email) ?? email, createdAt })))
    .execute();
}

/** The e-mail address an opt-out link was sent to, or null for an unknown token. */
export async function findOptOutLinkEmail(db: Db, tokenHash: string): Promise<string | null> {
  const row = await db.selectFrom("optOutLinks").select("email").where("tokenHash", "=", tokenHash).executeTakeFirst();
  return row?.email ?? null;
}
