import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { InboxLeadTable, LeadStatus } from "~/server/db/schema.server";
import type { LeadType } from "~/shared/leads/lead-types";

export type LeadRow = Selectable<InboxLeadTable>;

export type NewLeadRow = Omit<LeadRow, "status" | "firstResponseAt"> & { status?: LeadStatus };

export async function insertLead(db: Db, row: NewLeadRow): Promise<void> {
  await db
    .insertInto("leads")
    .values({ ...row, status: row.status ?? "new", firstResponseAt: null })
    .execute();
}

export async function findLead(db: Db, type: LeadType, id: string): Promise<LeadRow | null> {
  return (await db.selectFrom("leads").selectAll().where("type", "=", type).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Who had the customer's latest lead that anyone had; null for a new customer. */
export async function lastAssigneeOfCustomer(db: Db, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom("leads")
    .select("assigneeId")
    .where("customerId", "=", customerId)
    .where("assigneeId", "is not", null)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row?.assigneeId ?? null;
}

/**
 * A lead's inbox status; the first change away from what it was, like a first reply, also
 * records the first response. False when no such lead.
 */
export async function setInboxLeadStatus(db: Db, type: LeadType, id: string, status: LeadStatus, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set((eb) => ({
      status,
      firstResponseAt: eb
        .case()
        .when("status", "=", status)
        .then(eb.ref("firstResponseAt"))
        .else(eb.fn.coalesce("firstResponseAt", eb.val(now.toISOString())))
        .end(),
    }))
    .where("type", "=", type)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the first response (a reply, a logged call) if none is recorded yet. */
export async function markFirstResponse(db: Db, type: LeadType, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("leads")
    .set({ firstResponseAt: now.toISOString() })
    .where("type", "=", type)
    .where("id", "=", id)
    .where("firstResponseAt", "is", null)
    .execute();
}

export async function assignLead(db: Db, type: LeadType, id: string, assigneeId: string | null): Promise<boolean> {
  const result = await db.updateTable("leads").set({ assigneeId }).where("type", "=", type).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the lead report reads of one lead. */
export type ReportedLead = Pick<LeadRow, "type" | "assigneeId" | "createdAt" | "firstResponseAt" | "source">;

/** Leads created in [fromIso, toIso), oldest first, for the lead report (the `created_at` index). */
export async function leadsCreatedBetween(db: Db, fromIso: string, toIso: string): Promise<ReportedLead[]> {
  return db
    .selectFrom("leads")
    .select(["type", "assigneeId", "createdAt", "firstResponseAt", "source"])
    .where("createdAt", ">=", fromIso)
    .where("createdAt", "<", toIso)
    .orderBy("createdAt", "asc")
    .execute();
}
