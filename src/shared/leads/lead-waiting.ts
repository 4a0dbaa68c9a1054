import type { LeadStatus } from "~/shared/staff/lead-tracking";

/**
 * The two words the staff app uses for a lead nobody has answered (docs/behaviour.md §17, §18;
 * decision 109), each defined once here; the inbox, the navigation's counts (`countWaitingLeads`) and
 * the alarm (`overdueLeads`) say the same in SQL.
 * - **Waiting**: still `new` and no first response yet (no reply, call, status change or revised sheet).
 * - **Overdue**: waiting, and its response time has run out or its alarm was raised; shown in red.
 */
type LeadClock = { status: LeadStatus; firstResponseAt: string | null; escalatedAt: string | null; responseDueAt: string | null };

export function isWaiting(lead: Pick<LeadClock, "status" | "firstResponseAt">): boolean {
  return lead.status === "new" && lead.firstResponseAt === null;
}

export function isOverdue(lead: LeadClock, now: Date): boolean {
  if (!isWaiting(lead)) return false;
  return Boolean(lead.escalatedAt) || (lead.responseDueAt !== null && Date.parse(lead.responseDueAt) <= now.getTime());
}
