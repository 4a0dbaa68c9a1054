import type { Db } from "~/server/db/database.server";

/** One audit entry: who (the account's e-mail and id), what, which record. Never the record's data. */
export type AuditEntry = { id: number; at: string; actor: string; accountId: string | null; action: string; entity: string; entityId: string };

export type AuditInput = { actor: string; accountId?: string | null; action: string; entity: string; entityId: string };

export async function insertAuditEntry(db: Db, entry: AuditInput, now = new Date()): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({ ...entry, accountId: entry.accountId ?? null, at: now.toISOString() })
    .execute();
}

/** Rows per statement: 7 columns, well under SQLite's 32,766 bound parameters. */
const INSERT_BATCH = 500;

/** Many entries at one time, several per statement (a CSV import records one per vehicle). */
export async function insertAuditEntries(db: Db, entries: AuditInput[], now = new Date()): Promise<void> {
  const at = now.toISOString();
  const rows = entries.map((entry) => ({ ...entry, accountId: entry.accountId ?? null, at }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto("auditLog")
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

/** The newest `limit` entries, newest first. */
export async function listAuditEntries(db: Db, limit = 100): Promise<AuditEntry[]> {
  return db.selectFrom("auditLog").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export type AuditFilter = { accountId?: string; action?: string; before?: number; limit: number };

/**
 * A page of entries, newest first, optionally for one account and/or one action. `before` is
 * the id of the last entry of the previous page (keyset paging: stable while entries are added).
 */
export async function pageAuditEntries(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  let q = db.selectFrom("auditLog").selectAll();
  if (filter.accountId) q = q.where("accountId", "=", filter.accountId);
  if (filter.action) q = q.where("action", "=", filter.action);
  if (filter.before !== undefined) q = q.where("id", "<", filter.before);
  return q.orderBy("id", "desc").limit(filter.limit).execute();
}

/** Every distinct action recorded (for the audit view's filter). */
export async function listAuditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("auditLog").select("action").distinct().orderBy("action").execute();
  return rows.map((r) => r.action);
}
