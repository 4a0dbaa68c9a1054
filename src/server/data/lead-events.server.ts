import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/server/db/database.server";
import type { LeadEventTable } from "~/server/db/schema.server";

export type LeadEventRow = Selectable<LeadEventTable>;

/** What happened in a customer's timeline. */
export type LeadEventKind =
  | "lead"
  | "assigned"
  | "status"
  | "note"
  | "reply"
  | "call"
  | "task"
  | "task-done"
  | "escalated"
  | "after-hours-reply"
  | "merged"
  | "do-not-contact"
  // Alerts (docs/behaviour.md §21): an address confirmed saved vehicles or searches, or unsubscribed.
  | "alerts-confirmed"
  | "alerts-unsubscribed";

export type NewLeadEvent = {
  customerId: string;
  leadType?: string | null;
  leadId?: string | null;
  kind: LeadEventKind;
  staffId?: string | null;
  data?: Record<string, unknown>;
};

export async function insertLeadEvent(db: Db, event: NewLeadEvent, now = new Date()): Promise<string> {
  return (await insertLeadEvents(db, [event], now))[0]!;
}

/** Several entries at one time in one insert (a new lead's "lead" and "assigned", decision 142); their ids in order. */
export async function insertLeadEvents(db: Db, events: NewLeadEvent[], now = new Date()): Promise<string[]> {
  if (!events.length) return [];
  const rows = leadEventRows(events, now);
  await db.insertInto("leadEvents").values(rows).execute();
  return rows.map((row) => row.id);
}

/** The rows `insertLeadEvents()` writes, for a statement that writes them with others (decision 160). */
export function leadEventRows(events: NewLeadEvent[], now: Date) {
  return events.map((event) => ({
    id: crypto.randomUUID(),
    customerId: event.customerId,
    leadType: event.leadType ?? null,
    leadId: event.leadId ?? null,
    kind: event.kind,
    staffId: event.staffId ?? null,
    data: JSON.stringify(event.data ?? {}),
    createdAt: now.toISOString(),
  }));
}

export async function listLeadEvents(db: Db, customerId: string): Promise<LeadEventRow[]> {
  return db.selectFrom("leadEvents").selectAll().where("customerId", "=", customerId).orderBy("createdAt").orderBy("id").execute();
}

/** Moves one customer's timeline to another (a merge). */
export async function moveCustomerEvents(db: Db, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await db.updateTable("leadEvents").set({ customerId: toCustomerId }).where("customerId", "=", fromCustomerId).execute();
}
