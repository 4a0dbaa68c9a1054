import type { Db } from "~/server/db/database.server";
import type { LeadType } from "~/shared/leads/lead-types";
import { leadEventArea } from "~/shared/staff/staff-events";
import { recordStaffEvent } from "./staff-events.server";

/** A lead whose first response is overdue and whose alarm is not raised yet. */
export type OverdueLead = {
  type: LeadType;
  id: string;
  customerId: string;
  assigneeId: string | null;
  name: string;
  vehicleId: string | null;
  responseDueAt: string;
};

/**
 * The leads whose alarm is due at `now` (docs/behaviour.md §18): still new, never answered, the
 * due time passed, no alarm raised yet; the longest overdue first. A partial index holds exactly
 * these leads (migration 024), so this stays small whatever the number of leads.
 */
export async function overdueLeads(db: Db, now: Date, limit = 50): Promise<OverdueLead[]> {
  const rows = await db
    .selectFrom("leads")
    .select(["type", "id", "customerId", "assigneeId", "name", "vehicleId", "responseDueAt"])
    .where("escalatedAt", "is", null)
    .where("firstResponseAt", "is", null)
    .where("responseDueAt", "<=", now.toISOString())
    .where("status", "=", "new")
    .orderBy("responseDueAt")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, type: r.type as LeadType, responseDueAt: r.responseDueAt! }));
}

/**
 * For /metrics: how many new leads are past their due time with no response, and the due time of the
 * oldest of them whose alarm is not raised yet (the alarm's lag), or null.
 */
export async function waitingLeadsSummary(db: Db, now: Date): Promise<{ waiting: number; oldestUnraisedDueAt: string | null }> {
  const waiting = db
    .selectFrom("leads")
    .where("firstResponseAt", "is", null)
    .where("responseDueAt", "<=", now.toISOString())
    .where("status", "=", "new");
  const [count, unraised] = await Promise.all([
    waiting.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    waiting
      .select((eb) => eb.fn.min("responseDueAt").as("dueAt"))
      .where("escalatedAt", "is", null)
      .executeTakeFirst(),
  ]);
  return { waiting: Number(count?.n ?? 0), oldestUnraisedDueAt: unraised?.dueAt ?? null };
}

/**
 * Reserves a lead's alarm for the caller: true for exactly one caller, however many processes
 * try at once, and only while the lead still waits (a first response that came meanwhile wins).
 */
export async function claimLeadAlarm(db: Db, type: LeadType, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("leads")
    .set({ escalatedAt: now.toISOString() })
    .where("type", "=", type)
    .where("id", "=", id)
    .where("escalatedAt", "is", null)
    .where("firstResponseAt", "is", null)
    .where("status", "=", "new")
    .executeTakeFirst();
  const claimed = Number(result.numUpdatedRows) === 1;
  // The live screens hear of it in the same transaction (decision 110).
  if (claimed) await recordStaffEvent(db, { name: "lead.escalated", subjectType: type, subjectId: id, area: leadEventArea(type) }, now);
  return claimed;
}
