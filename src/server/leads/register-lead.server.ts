import type { Db } from "~/server/db/database.server";
import { upsertCustomerForLead } from "~/server/data/customers.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { insertLead, lastAssigneeOfCustomer } from "~/server/data/leads.server";
import { recordStaffEvents, type NewStaffEvent } from "~/server/data/staff-events.server";
import type { NewMail } from "~/server/data/outbox.server";
import { claimNextAssignee, findStaffAccount, listStaffAccounts, type StaffAccountRow } from "~/server/data/staff-accounts.server";
import type { ServerEnv } from "~/server/env.server";
import { staffLeadsAddress } from "~/server/mail/recipients.server";
import { queueLeadPushes } from "~/server/push/lead-pushes.server";
import { businessProfile } from "~/shared/config/business-profile";
import { LEAD_KINDS, typesHeldLike } from "~/shared/leads/lead-kinds";
import type { LeadType } from "~/shared/leads/lead-types";
import { createdEventOf, leadEventArea } from "~/shared/staff/staff-events";
import { mayHoldLead } from "~/shared/staff/staff-roles";
import { startResponseClock } from "./lead-alarm.server";

/** A lead as every kind of lead stores it, whatever else its own row holds. */
export type NewLead = {
  type: LeadType;
  /** The id of the lead's own row (message, application, booking, trade-in, deal). */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: string;
  vehicleId: string | null;
  /** The visit that brought the shopper, when known. */
  source?: Record<string, string> | null;
};

export type RegisteredLead = {
  customerId: string;
  assignee: StaffAccountRow | null;
  /**
   * A confidential kind's staff mail (a financing application's) goes to these accounts alone: its
   * assignee, else every active account that may hold it; never LEADS_TO. Null for every other kind.
   */
  financeRecipients: string[] | null;
};

/**
 * Enters a new lead into the inbox, in the transaction that stores the lead itself: finds or
 * creates its customer, and gives it at once to someone who may hold it (docs/decisions/074-one-lead-inbox-customers-and-assignment.md):
 * a returning customer to the person who had their leads held alike, while that person is active,
 * in and still of a role that may hold it; anyone else in turn among those who speak the lead's
 * language, from the roles its kind names in order (src/shared/leads/lead-kinds.ts): a salesperson,
 * or for a financing application a finance person, else an owner (decision 089).
 */
export async function registerLead(db: Db, lead: NewLead, now = new Date()): Promise<RegisteredLead> {
  const customer = await upsertCustomerForLead(db, lead, now);
  const kind = LEAD_KINDS[lead.type];
  let assignee = await returningAssignee(db, customer.id, lead.type);
  for (const role of kind.assignTo) assignee ??= await claimNextAssignee(db, lead.locale, now, role);
  await insertLead(db, {
    type: lead.type,
    id: lead.id,
    customerId: customer.id,
    assigneeId: assignee?.id ?? null,
    locale: lead.locale,
    vehicleId: lead.vehicleId,
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    email: lead.email,
    phone: lead.phone,
    createdAt: now.toISOString(),
    source: lead.source && Object.keys(lead.source).length ? JSON.stringify(lead.source) : null,
  });
  await insertLeadEvent(db, { customerId: customer.id, leadType: lead.type, leadId: lead.id, kind: "lead" }, now);
  if (assignee) {
    await insertLeadEvent(
      db,
      { customerId: customer.id, leadType: lead.type, leadId: lead.id, kind: "assigned", data: { assigneeId: assignee.id, by: "turn" } },
      now,
    );
  }
  await recordStaffEvents(db, arrivalEvents(lead.type, lead.id, assignee !== null), now);
  // The assignee's phone hears of it within seconds (decision 112), through the push outbox.
  if (assignee) {
    const pushLead = {
      type: lead.type,
      id: lead.id,
      customerId: customer.id,
      firstName: lead.firstName,
      vehicleId: lead.vehicleId,
      locale: lead.locale,
    };
    await queueLeadPushes(db, "new-lead", [assignee.id], pushLead, now);
  }
  // Its first response is due within the owner's minutes of opening hours (docs/behaviour.md §18).
  await startResponseClock(
    db,
    { type: lead.type, id: lead.id, customerId: customer.id, firstName: lead.firstName, email: lead.email, locale: lead.locale },
    now,
  );
  return {
    customerId: customer.id,
    assignee,
    financeRecipients: kind.confidential ? await holderRecipients(db, lead.type, assignee) : null,
  };
}

/** What the live screens hear of a new lead (decision 110): the inbox's events and the kind's own screen's. */
function arrivalEvents(type: LeadType, id: string, assigned: boolean): NewStaffEvent[] {
  const lead = { subjectType: type, subjectId: id, area: leadEventArea(type) };
  const created = createdEventOf(type);
  return [
    { name: "lead.created", ...lead },
    ...(assigned ? [{ name: "lead.assigned" as const, ...lead }] : []),
    ...(created ? [{ name: created.name, subjectType: type, subjectId: id, area: created.area }] : []),
  ];
}

/** The person who had this customer's leads held alike (a financing application's, or any other), while active, in, and of a role that may hold it. */
async function returningAssignee(db: Db, customerId: string, type: LeadType): Promise<StaffAccountRow | null> {
  const previousId = await lastAssigneeOfCustomer(db, customerId, typesHeldLike(type));
  const previous = previousId ? await findStaffAccount(db, previousId) : null;
  return previous && previous.disabled === 0 && previous.away === 0 && mayHoldLead(previous.role, type) ? previous : null;
}

/** A confidential lead's assignee, else (everyone away) every active account that may hold it. */
async function holderRecipients(db: Db, type: LeadType, assignee: StaffAccountRow | null): Promise<string[]> {
  if (assignee) return [assignee.email.toLowerCase()];
  const holders = (await listStaffAccounts(db)).filter((row) => row.disabled === 0 && mayHoldLead(row.role, type));
  return holders.map((row) => row.email.toLowerCase());
}

/**
 * Who gets a lead's staff mail: its assignee, and LEADS_TO when set (it still gets every lead but
 * financing applications); the business address only when neither exists, so a lead always reaches someone.
 */
export function staffMailRecipients(env: ServerEnv, assignee: Pick<StaffAccountRow, "email"> | null): string[] {
  const recipients = [assignee?.email, env.leadsTo].filter((address): address is string => Boolean(address));
  return recipients.length ? [...new Set(recipients.map((address) => address.toLowerCase()))] : [staffLeadsAddress(env)];
}

/**
 * The lead's mails with each staff notification (kind `*-staff`) addressed to every staff
 * recipient: one mail with several addresses, so a lead still has one staff mail to follow. A financing
 * application's goes to finance and owner accounts only (decision 089); with none active at all, to the
 * business address, so it still reaches the dealership.
 */
export function addressStaffMails(
  env: ServerEnv,
  mails: NewMail[],
  registered: Pick<RegisteredLead, "assignee" | "financeRecipients">,
): NewMail[] {
  const recipients = registered.financeRecipients
    ? registered.financeRecipients.length
      ? registered.financeRecipients
      : [businessProfile.email]
    : staffMailRecipients(env, registered.assignee);
  const to = recipients.join(", ");
  return mails.map((mail) => (mail.kind.endsWith("-staff") ? { ...mail, to } : mail));
}
