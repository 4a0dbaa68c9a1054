import { insertAuditEntry } from "~/server/data/audit-log.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { findLead, listCustomerLeads, markFirstResponse, storeLeadStatus, type LeadRow } from "~/server/data/leads.server";
import type { Db } from "~/server/db/database.server";
import type { Staff } from "~/server/http/staff-request.server";
import type { LeadType } from "~/shared/leads/lead-types";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { mayHoldLead } from "~/shared/staff/staff-roles";

/**
 * A lead's status and first response, kept once, in `leads` (decision 109). Every place that changes a
 * lead's status comes here: the inbox (PATCH /api/admin/leads/{type}/{id} and /podium/leads), each
 * kind's own status route and screen, and a response (a reply, a logged call, a revised deal sheet, a
 * trade-in offer). So every view, which reads `leads`, shows the same status and response time.
 */

/** What a status change did: the lead as it was, and the status it had before (`from === to`: nothing changed). */
export type LeadStatusChange = { lead: LeadRow; from: LeadStatus; to: LeadStatus };

/**
 * Moves a lead to `to` in the caller's transaction, with a `status` entry (from, to, who) in its
 * customer's timeline; the first change away from `new` is its first response. Setting the status it
 * already has writes nothing. Null when there is no such lead. Who may do it is the caller's check
 * (the route's roles and `mayHoldLead`); auditing is the caller's, under its own entity.
 */
export async function changeLeadStatus(
  db: Db,
  type: LeadType,
  id: string,
  to: LeadStatus,
  staffId: string | null,
  now = new Date(),
  /** Only a lead that is still in this status moves (checked by the update itself, so a concurrent change stands). */
  onlyFrom?: LeadStatus,
): Promise<LeadStatusChange | null> {
  const lead = await findLead(db, type, id);
  if (!lead) return null;
  if (lead.status === to || (onlyFrom && lead.status !== onlyFrom)) return { lead, from: lead.status, to: lead.status };
  // Reserve, then check: the update is conditional on what was read when it must be, and says whether it happened.
  if (!(await storeLeadStatus(db, type, id, to, now, onlyFrom))) return { lead, from: lead.status, to: lead.status };
  await insertLeadEvent(
    db,
    { customerId: lead.customerId, leadType: type, leadId: id, kind: "status", staffId, data: { from: lead.status, to } },
    now,
  );
  return { lead, from: lead.status, to };
}

/**
 * The shopper heard from us (a reply or a logged call, a revised deal sheet, a trade-in offer): the
 * first response of each of these leads that has none yet, and a lead still `new` becomes `contacted`
 * (in its timeline and audited as `status-contacted`, as any status change). Only leads the person's
 * role holds count (mayHoldLead: a salesperson's reply never moves a financing application, decision
 * 089); any other is left as it is.
 */
export async function recordResponse(db: Db, staff: Staff, leads: readonly LeadRow[], now = new Date()): Promise<void> {
  for (const lead of leads) {
    if (!mayHoldLead(staff.role, lead.type)) continue;
    const type = lead.type as LeadType;
    await markFirstResponse(db, type, lead.id, now);
    if (lead.status !== "new") continue;
    const change = await changeLeadStatus(db, type, lead.id, "contacted", staff.id, now, "new");
    if (change && change.from !== change.to)
      await insertAuditEntry(
        db,
        { actor: staff.actor, accountId: staff.id, action: "status-contacted", entity: "lead", entityId: `${type}/${lead.id}` },
        now,
      );
  }
}

/**
 * The leads a reply or a call to this customer answers: every one still open (not closed) that the
 * person's role holds, and the one the reply names, whatever its status (decision 109). Before, only the
 * latest counted, and an earlier one still waiting went on to raise its alarm.
 */
export async function leadsAnsweredBy(db: Db, staff: Pick<Staff, "role">, customerId: string, named: LeadRow | null): Promise<LeadRow[]> {
  const open = (await listCustomerLeads(db, customerId)).filter((l) => l.status !== "closed" && mayHoldLead(staff.role, l.type));
  return named && !open.some((l) => l.type === named.type && l.id === named.id) ? [...open, named] : open;
}
