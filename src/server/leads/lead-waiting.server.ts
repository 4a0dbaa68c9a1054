import type { LeadRow } from "~/server/data/leads.server";

/**
 * Whether the inbox marks a lead waiting, in red (docs/behaviour.md §18): no first response yet, and
 * its response time has run out (or its alarm was raised).
 */
export function isWaiting(lead: Pick<LeadRow, "firstResponseAt" | "escalatedAt" | "responseDueAt">, now: Date): boolean {
  if (lead.firstResponseAt) return false;
  return Boolean(lead.escalatedAt) || (lead.responseDueAt !== null && Date.parse(lead.responseDueAt) <= now.getTime());
}
