import type { Db } from "~/server/db/database.server";

/** One audit entry: who (a short session reference), what, which record. Never the record's data. */
export type AuditEntry = { id: number; at: string; actor: string; action: string; entity: string; entityId: string };

export type AuditInput = Omit<AuditEntry, "id" | "at">;

export async function insertAuditEntry(db: Db, entry: AuditInput, now = new Date()): Promise<void> {
  await db.insertInto("auditLog").values({ ...entry, at: now.toISOString() }).execute();
}

/** The newest `limit` entries, newest first. */
export async function listAuditEntries(db: Db, limit = 100): Promise<AuditEntry[]> {
  return db.selectFrom("auditLog").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}
