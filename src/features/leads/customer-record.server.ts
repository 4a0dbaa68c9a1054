import { customerAlerts, type CustomerAlerts } from "~/server/alerts/customer-alerts.server";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { findCustomer, lockCustomers, markCustomerMerged, searchCustomers, type CustomerRow } from "~/server/data/customers.server";
import { mayContactCustomer, refusedChannels } from "~/server/data/do-not-contact.server";
import type { ContactChannel } from "~/shared/config/contact-consent";
import { listContactConsents } from "~/server/data/contact-consents.server";
import { insertLeadEvent, listLeadEvents, moveCustomerEvents } from "~/server/data/lead-events.server";
import { listCustomerLeads, moveCustomerLeads, type LeadRow } from "~/server/data/leads.server";
import { enqueueMails, listMailsFor, moveMailsFor } from "~/server/data/outbox.server";
import { listStaffAccounts } from "~/server/data/staff-accounts.server";
import { listCustomerTasks, moveCustomerTasks } from "~/server/data/tasks.server";
import type { Db } from "~/server/db/database.server";
import { inTransaction } from "~/server/db/transaction.server";
import type { Staff } from "~/server/http/staff-request.server";
import { leadsAnsweredBy, recordResponse } from "~/server/leads/lead-status.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { LANGUAGE_TAGS, asLocale } from "~/shared/i18n/locales";
import { isConfidentialLead, LEAD_KINDS } from "~/shared/leads/lead-kinds";
import { isLeadType, type LeadType } from "~/shared/leads/lead-types";
import { mailAudience, type LeadMailState, type LeadStatus, type MailAudience } from "~/shared/staff/lead-tracking";
import { canUseArea, mayHoldLead } from "~/shared/staff/staff-roles";
import type { CallInput, NoteInput, ReplyInput } from "./customer-record-schema";

/** The customer as the record shows them (docs/behaviour.md §19). */
export type CustomerSummary = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  locale: string;
  createdAt: string;
  mergedIntoId: string | null;
  /** How the record began when no lead made it ("alerts"), else null. */
  source: string | null;
};

/** One of the customer's leads: what it is, where it stands and who has it; never its contents. */
export type CustomerLead = {
  type: string;
  id: string;
  status: LeadStatus;
  assigneeId: string | null;
  createdAt: string;
  firstResponseAt: string | null;
};

/**
 * One line of the timeline. `mail` lines are the outbox's mails about the customer's leads and
 * replies (who they were for and their state, never the body); the others are the timeline's events.
 */
export type TimelineEntry = {
  id: string;
  at: string;
  kind: string;
  leadType: string | null;
  leadId: string | null;
  staff: { id: string; name: string } | null;
  data: Record<string, unknown>;
};

export type CustomerTask = {
  id: string;
  customerId: string;
  leadType: string | null;
  leadId: string | null;
  kind: string;
  dueAt: string;
  assigneeId: string;
  note: string;
  doneAt: string | null;
  createdBy: string;
  createdAt: string;
};

export type CustomerRecord = {
  customer: CustomerSummary;
  /** Set when the id asked for was merged: the record answered is the one it joined. */
  mergedFrom: string | null;
  timeline: TimelineEntry[];
  leads: CustomerLead[];
  tasks: CustomerTask[];
  /** Who a task can be given to: active staff whose role has the Today view, the person asking first. */
  assignees: { id: string; name: string }[];
  /** The channels the customer must not be contacted on, since when and who said so (decision 094). */
  doNotContact: { channel: ContactChannel; since: string; source: string }[];
  /** The consents to calls and texts they gave: wording version, language, number, when. */
  consents: { wordingVersion: string; locale: string; phone: string; givenAt: string; leadType: string }[];
  /** What they saved and were sent through the alerts (docs/behaviour.md §21); null when they never asked for any. */
  alerts: CustomerAlerts | null;
};

const summary = (c: CustomerRow): CustomerSummary => ({
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  locale: c.locale,
  createdAt: c.createdAt,
  mergedIntoId: c.mergedIntoId,
  source: c.source,
});

const parseData = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** An assignment names the person, so the timeline reads without a second look-up. */
function withAssigneeName(data: Record<string, unknown>, names: Map<string, string>): Record<string, unknown> {
  if (typeof data.assigneeId !== "string" || typeof data.assigneeName === "string") return data;
  return { ...data, assigneeName: names.get(data.assigneeId) ?? null };
}

/**
 * A status entry says the new status as `status` (and `to`) however it was written: a reply's or call's
 * used to store `{ status }`, the inbox's `{ from, to }`; every change now stores `{ from, to }` (decision 109).
 */
function statusData(data: Record<string, unknown>): Record<string, unknown> {
  const to = typeof data.to === "string" ? data.to : data.status;
  return typeof to === "string" ? { ...data, to, status: to } : data;
}

/** Follows merges to the record that still stands (a few hops at most; bounded against a loop). */
async function liveCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  let customer = await findCustomer(db, id);
  for (let hops = 0; customer?.mergedIntoId && hops < 10; hops++) customer = await findCustomer(db, customer.mergedIntoId);
  return customer && !customer.mergedIntoId ? customer : null;
}

/** Customers matching a name, e-mail or phone, for the Customers tab's search. */
export async function findCustomers(ctx: AppContext, q: string): Promise<CustomerSummary[]> {
  if (q.trim().length < 2) return [];
  return (await searchCustomers(ctx.db, q)).map(summary);
}

/**
 * The customer record: the customer, their leads, and in time order every event of their
 * timeline with the mails of their leads and replies. A financing lead shows only its type,
 * status and assignee here, to every role: its contents stay in the Financing tab.
 */
export async function customerRecord(ctx: AppContext, id: string, viewerId?: string): Promise<CustomerRecord | null> {
  const customer = await liveCustomer(ctx.db, id);
  if (!customer) return null;
  const [leads, events, tasks, staff, alerts] = await Promise.all([
    listCustomerLeads(ctx.db, customer.id),
    listLeadEvents(ctx.db, customer.id),
    listCustomerTasks(ctx.db, customer.id),
    listStaffAccounts(ctx.db),
    customerAlerts(ctx.db, customer.id),
  ]);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const person = (staffId: string | null) => (staffId ? { id: staffId, name: names.get(staffId) ?? "?" } : null);

  const timeline: TimelineEntry[] = events.map((e) => ({
    id: e.id,
    at: e.createdAt,
    kind: e.kind,
    leadType: e.leadType,
    leadId: e.leadId,
    staff: person(e.staffId),
    data: e.kind === "status" ? statusData(parseData(e.data)) : withAssigneeName(parseData(e.data), names),
  }));
  for (const lead of leads) {
    if (!isLeadType(lead.type)) continue;
    // A confidential kind's mails (a financing application's) show no subject here, to any role.
    for (const mail of await listMailsFor(ctx.db, LEAD_KINDS[lead.type].mails.relatedType, [lead.id]))
      timeline.push(mailEntry(mail, lead.type, lead.id, !isConfidentialLead(lead.type)));
  }
  for (const mail of await listMailsFor(ctx.db, "customer", [customer.id])) timeline.push(mailEntry(mail, null, null, true));
  // What one transaction writes shares an instant: the lead, then its assignment, then what staff did,
  // then the status it changed, then the mails (a lead's, a reply's).
  timeline.sort((a, b) => a.at.localeCompare(b.at) || sameInstantRank(a.kind) - sameInstantRank(b.kind));

  const [doNotContact, consents] = await Promise.all([refusedChannels(ctx.db, customer), listContactConsents(ctx.db, customer.id)]);
  return {
    doNotContact,
    consents: consents.map((c) => ({
      wordingVersion: c.wordingVersion,
      locale: c.locale,
      phone: c.phone,
      givenAt: c.givenAt,
      leadType: c.leadType,
    })),
    customer: summary(customer),
    mergedFrom: customer.id === id ? null : id,
    timeline,
    leads: leads.map(leadSummary),
    tasks: tasks.map((t) => ({ ...t })),
    // The person looking first: the task form offers them by default.
    assignees: staff
      .filter((s) => s.disabled === 0 && canUseArea(s.role, "today"))
      .sort((a, b) => Number(b.id === viewerId) - Number(a.id === viewerId))
      .map((s) => ({ id: s.id, name: s.name })),
    alerts,
  };
}

const SAME_INSTANT_RANK: Record<string, number> = { lead: 0, assigned: 1, status: 3, mail: 4 };
const sameInstantRank = (kind: string) => SAME_INSTANT_RANK[kind] ?? 2;

const leadSummary = (l: LeadRow): CustomerLead => ({
  type: l.type,
  id: l.id,
  status: l.status,
  assigneeId: l.assigneeId,
  createdAt: l.createdAt,
  firstResponseAt: l.firstResponseAt,
});

function mailEntry(
  mail: { id: number; kind: string; subject: string; status: string; createdAt: string },
  leadType: string | null,
  leadId: string | null,
  withSubject: boolean,
): TimelineEntry {
  const state: LeadMailState = mail.status === "sending" ? "queued" : (mail.status as LeadMailState);
  const audience: MailAudience = mailAudience(mail.kind);
  return {
    id: `mail-${mail.id}`,
    at: mail.createdAt,
    kind: "mail",
    leadType,
    leadId,
    staff: null,
    data: { mailKind: mail.kind, audience, state, ...(withSubject ? { subject: mail.subject } : {}) },
  };
}

export type ActionResult<T = object> =
  | ({ outcome: "done" } & T)
  | { outcome: "not-found" }
  | { outcome: "invalid"; fieldErrors: Record<string, string> }
  | { outcome: "conflict"; error: string };

/**
 * The lead an action is about, among the customer's leads the person may hold (a salesperson never
 * holds a financing application: mayHoldLead): the one named (it must be one of those), else the
 * latest of them still open (not closed), else the latest of them; null when there is none.
 */
async function targetLead(
  db: Db,
  staff: Staff,
  customerId: string,
  ref: { leadType?: LeadType; leadId?: string },
): Promise<LeadRow | null | "invalid"> {
  const leads = (await listCustomerLeads(db, customerId)).filter((l) => mayHoldLead(staff.role, l.type));
  if (ref.leadType || ref.leadId) return leads.find((l) => l.type === ref.leadType && l.id === ref.leadId) ?? "invalid";
  const open = leads.filter((l) => l.status !== "closed");
  return open.at(-1) ?? leads.at(-1) ?? null;
}

const audit = (db: Db, staff: Staff, action: string, id: string, now: Date) =>
  insertAuditEntry(db, { actor: staff.actor, accountId: staff.id, action, entity: "customer", entityId: id }, now);

/** The lead a reply or call named, if it named one (else it is filed under the latest open lead, and answers them all). */
const named = (ref: { leadType?: LeadType; leadId?: string }, lead: LeadRow | null) => (ref.leadType || ref.leadId ? lead : null);

const leadInvalid = { outcome: "invalid" as const, fieldErrors: { leadId: "Choose one of this customer's leads." } };

/**
 * Mails a reply to the customer through the outbox, from the dealership's address with Reply-To
 * the staff member (so the answer reaches them), kept in the timeline with its subject and text. It is
 * the first response of every open lead of the customer that the person's role holds (decision 109);
 * the outbox worker is woken once it is committed (enqueueMails).
 */
export async function replyToCustomer(
  ctx: AppContext,
  staff: Staff,
  customerId: string,
  input: ReplyInput,
  now = new Date(),
): Promise<ActionResult<{ eventId: string }>> {
  return inTransaction(ctx.db, async (trx) => {
    const customer = await liveCustomer(trx, customerId);
    if (!customer) return { outcome: "not-found" };
    if (!customer.email) return { outcome: "conflict", error: "This customer has no e-mail address: call or text instead." };
    // The one answer to "may we e-mail them?" (decision 094): a customer who opted out gets no reply.
    if (!(await mayContactCustomer(trx, customer, "email")))
      return { outcome: "conflict", error: "This customer asked not to be e-mailed (do not contact): no reply is sent." };
    const lead = await targetLead(trx, staff, customer.id, input);
    if (lead === "invalid") return leadInvalid;
    const leadRef = { leadType: lead?.type ?? null, leadId: lead?.id ?? null };
    await enqueueMails(
      trx,
      [
        {
          kind: "customer-reply",
          to: customer.email,
          replyTo: staff.email,
          subject: input.subject,
          // The staff member's words, signed with their name, then the dealership's name, postal address
          // and phone; the outbox adds the opt-out link as it sends (decision 094).
          ...renderMail(
            input.subject,
            [{ type: "paragraph", text: `${input.text}\n\n${staff.name}` }],
            dealershipSignature(),
            LANGUAGE_TAGS[asLocale(customer.locale)],
          ),
          relatedType: "customer",
          relatedId: customer.id,
        },
      ],
      now,
    );
    const eventId = await insertLeadEvent(
      trx,
      { customerId: customer.id, ...leadRef, kind: "reply", staffId: staff.id, data: { subject: input.subject, text: input.text } },
      now,
    );
    await recordResponse(trx, staff, await leadsAnsweredBy(trx, staff, customer.id, named(input, lead)), now);
    await audit(trx, staff, "reply", customer.id, now);
    return { outcome: "done", eventId };
  });
}

/** Logs a call to the customer (its outcome and a note); like a reply, it answers every open lead the person's role holds. */
export async function logCall(
  ctx: AppContext,
  staff: Staff,
  customerId: string,
  input: CallInput,
  now = new Date(),
): Promise<ActionResult<{ eventId: string }>> {
  return inTransaction(ctx.db, async (trx) => {
    const customer = await liveCustomer(trx, customerId);
    if (!customer) return { outcome: "not-found" };
    const lead = await targetLead(trx, staff, customer.id, input);
    if (lead === "invalid") return leadInvalid;
    const eventId = await insertLeadEvent(
      trx,
      {
        customerId: customer.id,
        leadType: lead?.type ?? null,
        leadId: lead?.id ?? null,
        kind: "call",
        staffId: staff.id,
        data: { outcome: input.outcome ?? null, note: input.note },
      },
      now,
    );
    await recordResponse(trx, staff, await leadsAnsweredBy(trx, staff, customer.id, named(input, lead)), now);
    await audit(trx, staff, "call", customer.id, now);
    return { outcome: "done", eventId };
  });
}

/** A note in the customer's timeline; it is not a response (the shopper hears nothing). Audited. */
export async function addNote(
  ctx: AppContext,
  staff: Staff,
  customerId: string,
  input: NoteInput,
  now = new Date(),
): Promise<ActionResult<{ eventId: string }>> {
  return inTransaction(ctx.db, async (trx) => {
    const customer = await liveCustomer(trx, customerId);
    if (!customer) return { outcome: "not-found" };
    const lead = input.leadType || input.leadId ? await targetLead(trx, staff, customer.id, input) : null;
    if (lead === "invalid") return leadInvalid;
    const eventId = await insertLeadEvent(
      trx,
      {
        customerId: customer.id,
        leadType: lead?.type ?? null,
        leadId: lead?.id ?? null,
        kind: "note",
        staffId: staff.id,
        data: { text: input.text },
      },
      now,
    );
    await audit(trx, staff, "note", customer.id, now);
    return { outcome: "done", eventId };
  });
}

/**
 * Merges `otherId` into `keepId` by hand: the other's leads, timeline, tasks and reply mails move
 * to the kept record, the other keeps only `merged_into_id`, and both the timeline and the audit
 * log say who did it. Refused into itself, and when either record is already merged.
 */
export async function mergeCustomers(
  ctx: AppContext,
  staff: Staff,
  keepId: string,
  otherId: string,
  now = new Date(),
): Promise<ActionResult<{ customer: CustomerSummary }>> {
  if (keepId === otherId) return { outcome: "invalid", fieldErrors: { otherId: "A record cannot be merged into itself." } };
  return inTransaction(ctx.db, async (trx) => {
    // Both rows locked (in id order) before either is checked: A←B and B←A at once used to both pass
    // the checks on PostgreSQL and leave a cycle, both records lost (review M-3). Now the second waits,
    // then finds its kept record merged away (409).
    const locked = await lockCustomers(trx, [keepId, otherId]);
    const keep = locked.get(keepId) ?? null;
    const other = locked.get(otherId) ?? null;
    if (!keep) return { outcome: "not-found" };
    if (!other) return { outcome: "invalid", fieldErrors: { otherId: "Choose the other customer." } };
    if (keep.mergedIntoId) return { outcome: "conflict", error: "This record was merged into another: merge into that one." };
    // The update below re-checks under the write, so two merges at once cannot both take the other.
    if (other.mergedIntoId || !(await markCustomerMerged(trx, keep.id, other.id, now)))
      return { outcome: "invalid", fieldErrors: { otherId: "That record was already merged." } };
    await moveCustomerLeads(trx, other.id, keep.id);
    await moveCustomerEvents(trx, other.id, keep.id);
    await moveCustomerTasks(trx, other.id, keep.id);
    await moveMailsFor(trx, "customer", other.id, keep.id);
    await insertLeadEvent(
      trx,
      {
        customerId: keep.id,
        kind: "merged",
        staffId: staff.id,
        data: { otherId: other.id, otherName: `${other.firstName} ${other.lastName}`.trim() },
      },
      now,
    );
    await audit(trx, staff, "merge", keep.id, now);
    await audit(trx, staff, "merged-away", other.id, now);
    const merged = await findCustomer(trx, keep.id);
    return { outcome: "done", customer: summary(merged ?? keep) };
  });
}
