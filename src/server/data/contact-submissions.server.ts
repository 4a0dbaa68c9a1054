import { sql, type QueryCreator, type Selectable } from "kysely";
import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import type { ContactSubmissionTable, Database, LeadStatus } from "~/server/db/schema.server";
import type { PageCursor } from "./page-cursor.server";
import { LEAD_STATUS_COLUMNS } from "./leads.server";

export type ContactSubmission = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  vehicleId: string | null;
  hasTradeIn: boolean;
  createdAt: string;
  /** The site language the shopper wrote in; their mails use it. */
  locale: string;
  /** Its lead's status and first response (response time), read from `leads` where they are kept (decision 109). */
  leadStatus: LeadStatus;
  firstStatusChangeAt: string | null;
};

export type ContactSubmissionInput = Omit<ContactSubmission, "id" | "createdAt" | "locale" | "leadStatus" | "firstStatusChangeAt"> & {
  locale?: string;
};

/** Stores one message; returns its id. */
export async function insertContactSubmission(db: Db, input: ContactSubmissionInput, now = new Date()): Promise<string> {
  return (await storeContactSubmission(db, input, now)).id;
}

/** Inserts a message and gives it back as stored (RETURNING, not a second read: decision 142); its lead is not registered yet, so `new`. */
export async function storeContactSubmission(db: Db, input: ContactSubmissionInput, now = new Date()): Promise<ContactSubmission> {
  return storedContactSubmission(await contactSubmissionInsert(db, crypto.randomUUID(), input, now).executeTakeFirstOrThrow());
}

/**
 * `storeContactSubmission()`'s insert (RETURNING the row) as a query of its own, for a statement that writes
 * it with the lead's customer on PostgreSQL (`registerLeadWithItsRow()`, decision 162).
 */
export function contactSubmissionInsert(qb: QueryCreator<Database>, id: string, input: ContactSubmissionInput, now: Date) {
  return qb
    .insertInto("contactSubmissions")
    .values({ id, ...input, hasTradeIn: input.hasTradeIn ? 1 : 0, createdAt: now.toISOString(), locale: input.locale ?? "en" })
    .returningAll();
}

/** A message as `contactSubmissionInsert()` returned its row; its lead is not registered yet, so `new`. */
export function storedContactSubmission(row: Selectable<ContactSubmissionTable>): ContactSubmission {
  return { ...row, hasTradeIn: row.hasTradeIn === 1, leadStatus: "new", firstStatusChangeAt: null };
}

/** Messages with their lead's status: every message is a lead of kind `message`, by its own id. */
const withLeadStatus = (db: Db) =>
  db
    .selectFrom("contactSubmissions")
    .leftJoin("leads", (join) => join.on("leads.type", "=", "message").onRef("leads.id", "=", "contactSubmissions.id"))
    .selectAll("contactSubmissions")
    .select(LEAD_STATUS_COLUMNS);

/** What a page of the Messages screen is narrowed by: the lead status, and the place after the previous page. */
export type ContactSubmissionPageQuery = { status?: LeadStatus; after?: PageCursor; limit: number };

/** One page of messages, newest first (created, then id): keyset paging, so a page costs the same at any depth. */
export async function listContactSubmissionsPage(db: Db, query: ContactSubmissionPageQuery): Promise<ContactSubmission[]> {
  let q = withLeadStatus(db);
  // The status as shown (a row without its lead yet reads `new`, LEAD_STATUS_COLUMNS).
  if (query.status) q = q.where(sql<LeadStatus>`coalesce(${sql.ref("leads.status")}, 'new')`, "=", query.status);
  if (query.after) {
    const { createdAt, id } = query.after;
    q = q.where((eb) =>
      eb.or([
        eb("contactSubmissions.createdAt", "<", createdAt),
        eb.and([eb("contactSubmissions.createdAt", "=", createdAt), eb("contactSubmissions.id", ">", id)]),
      ]),
    );
  }
  const rows = await q.orderBy("contactSubmissions.createdAt", "desc").orderBy("contactSubmissions.id").limit(query.limit).execute();
  return rows.map((r) => ({ ...r, hasTradeIn: r.hasTradeIn === 1 }));
}

/** Every message, newest first. */
export async function listContactSubmissions(db: Db): Promise<ContactSubmission[]> {
  const rows = await withLeadStatus(db).orderBy("contactSubmissions.createdAt", "desc").orderBy("contactSubmissions.id").execute();
  return rows.map((r) => ({ ...r, hasTradeIn: r.hasTradeIn === 1 }));
}

export async function findContactSubmission(db: Db, id: string): Promise<ContactSubmission | null> {
  const row = await withLeadStatus(db).where("contactSubmissions.id", "=", id).executeTakeFirst();
  return row ? { ...row, hasTradeIn: row.hasTradeIn === 1 } : null;
}

/** Deletes one message; false when no such message. */
export async function deleteContactSubmission(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("contactSubmissions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
