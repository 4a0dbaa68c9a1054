import crypto from "node:crypto";
import type { Db } from "~/server/db/database.server";
import { setLeadStatus } from "./lead-status.server";
import type { LeadStatus } from "~/server/db/schema.server";
import type { PageCursor } from "./page-cursor.server";

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
  leadStatus: LeadStatus;
  /** When staff first changed the status (response time); null while new. */
  firstStatusChangeAt: string | null;
};

export type ContactSubmissionInput = Omit<ContactSubmission, "id" | "createdAt" | "locale" | "leadStatus" | "firstStatusChangeAt"> & {
  locale?: string;
};

/** Stores one message; returns its id. */
export async function insertContactSubmission(db: Db, input: ContactSubmissionInput, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("contactSubmissions")
    .values({ id, ...input, hasTradeIn: input.hasTradeIn ? 1 : 0, createdAt: now.toISOString(), locale: input.locale ?? "en" })
    .execute();
  return id;
}

/** What a page of the Messages screen is narrowed by: the lead status, and the place after the previous page. */
export type ContactSubmissionPageQuery = { status?: LeadStatus; after?: PageCursor; limit: number };

/** One page of messages, newest first (created, then id): keyset paging, so a page costs the same at any depth. */
export async function listContactSubmissionsPage(db: Db, query: ContactSubmissionPageQuery): Promise<ContactSubmission[]> {
  let q = db.selectFrom("contactSubmissions").selectAll();
  if (query.status) q = q.where("leadStatus", "=", query.status);
  if (query.after) {
    const { createdAt, id } = query.after;
    q = q.where((eb) => eb.or([eb("createdAt", "<", createdAt), eb.and([eb("createdAt", "=", createdAt), eb("id", ">", id)])]));
  }
  const rows = await q.orderBy("createdAt", "desc").orderBy("id").limit(query.limit).execute();
  return rows.map((r) => ({ ...r, hasTradeIn: r.hasTradeIn === 1 }));
}

/** Every message, newest first. */
export async function listContactSubmissions(db: Db): Promise<ContactSubmission[]> {
  const rows = await db.selectFrom("contactSubmissions").selectAll().orderBy("createdAt", "desc").orderBy("id").execute();
  return rows.map((r) => ({ ...r, hasTradeIn: r.hasTradeIn === 1 }));
}

export async function findContactSubmission(db: Db, id: string): Promise<ContactSubmission | null> {
  const row = await db.selectFrom("contactSubmissions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, hasTradeIn: row.hasTradeIn === 1 } : null;
}

/** Deletes one message; false when no such message. */
export async function deleteContactSubmission(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("contactSubmissions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets a message's lead status; the first change also records when. False when no such message. */
export const setContactLeadStatus = (db: Db, id: string, status: LeadStatus, now = new Date()): Promise<boolean> =>
  setLeadStatus(db, "contactSubmissions", id, status, now);
