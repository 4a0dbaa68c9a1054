import type { Db } from "~/server/db/database.server";
import type { LeadStatus } from "~/server/db/schema.server";
import type { LeadType } from "~/shared/leads/lead-types";
import { setInboxLeadStatus } from "./leads.server";

/** The tables whose rows are leads staff follow up (a status and when it first changed). */
export type LeadTable = "contactSubmissions" | "financingApplications" | "tradeIns" | "deals";

/** The inbox's name for the leads of each table. */
export const LEAD_TYPE_OF_TABLE: Record<LeadTable, LeadType> = {
  contactSubmissions: "message",
  financingApplications: "financing",
  tradeIns: "trade-in",
  deals: "deal",
};

/**
 * Sets one lead's status; the first change also records when (response time). False when no
 * such row. Messages, financing applications, trade-ins and deal sheets follow up the same way, so they share this update.
 */
export async function setLeadStatus(db: Db, table: LeadTable, id: string, status: LeadStatus, now = new Date()): Promise<boolean> {
  // The tables have the same two columns; Kysely cannot type a query over a union of tables.
  const leads = table as "contactSubmissions";
  const result = await db
    .updateTable(leads)
    .set((eb) => ({
      leadStatus: status,
      // Response time counts from the first real change: re-saving "new" on a new lead is none.
      firstStatusChangeAt: eb
        .case()
        .when("leadStatus", "=", status)
        .then(eb.ref("firstStatusChangeAt"))
        .else(eb.fn.coalesce("firstStatusChangeAt", eb.val(now.toISOString())))
        .end(),
    }))
    .where("id", "=", id)
    .executeTakeFirst();
  // The inbox lists the same status; both change together (the caller's transaction, if any).
  await setInboxLeadStatus(db, LEAD_TYPE_OF_TABLE[table], id, status, now);
  return Number(result.numUpdatedRows) > 0;
}
