import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import {
  deleteContactSubmission,
  findContactSubmission,
  listContactSubmissions,
  listContactSubmissionsPage,
  type ContactSubmission,
  type ContactSubmissionPageQuery,
} from "~/server/data/contact-submissions.server";
import { encodePageCursor } from "~/server/data/page-cursor.server";
import { deleteLead } from "~/server/data/leads.server";
import { deleteMailsFor, leadMailsFor } from "~/server/data/outbox.server";
import { inTransaction } from "~/server/db/transaction.server";
import { changeLeadStatus } from "~/server/leads/lead-status.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { LeadMail, LeadStatus } from "~/shared/staff/lead-tracking";

/** The vehicle a message asks about, when it still exists: named and linked in the Messages tab. */
export type MessageVehicle = { year: number; make: string; model: string; path: string };

/**
 * A message for staff (docs/behaviour.md §2 Messages) with its mails' states.
 * `vehiclePath` repeats `vehicle.path` for older clients.
 */
export type StaffMessage = ContactSubmission & { vehicle: MessageVehicle | null; vehiclePath: string | null; mails: LeadMail[] };

/** Every message, newest first, with the vehicles they ask about (only those vehicles are read) and their mails. */
export async function listMessages(ctx: AppContext): Promise<StaffMessage[]> {
  return withVehiclesAndMails(ctx, await listContactSubmissions(ctx.db));
}

/** A page of the Messages screen: newest first, of one status if asked; `next` continues after its last message when it is full. */
export async function listMessagesPage(
  ctx: AppContext,
  query: ContactSubmissionPageQuery,
): Promise<{ messages: StaffMessage[]; next: string | null }> {
  const rows = await listContactSubmissionsPage(ctx.db, query);
  const last = rows.at(-1);
  return { messages: await withVehiclesAndMails(ctx, rows), next: last && rows.length === query.limit ? encodePageCursor(last) : null };
}

/** One message as the Messages screen shows it, or null. */
export async function findMessage(ctx: AppContext, id: string): Promise<StaffMessage | null> {
  const row = await findContactSubmission(ctx.db, id);
  return row ? ((await withVehiclesAndMails(ctx, [row]))[0] ?? null) : null;
}

async function withVehiclesAndMails(ctx: AppContext, messages: ContactSubmission[]): Promise<StaffMessage[]> {
  const ids = [...new Set(messages.flatMap((m) => (m.vehicleId ? [m.vehicleId] : [])))];
  const vehicles = new Map(
    (await findVehicleNames(ctx.db, ids)).map((v) => [v.id, { year: v.year, make: v.make, model: v.model, path: vehiclePath(v) }]),
  );
  const mails = await leadMailsFor(
    ctx.db,
    "contact",
    messages.map((m) => m.id),
  );
  return messages.map((m) => {
    const vehicle = (m.vehicleId && vehicles.get(m.vehicleId)) || null;
    return { ...m, vehicle, vehiclePath: vehicle?.path ?? null, mails: mails.get(m.id) ?? [] };
  });
}

const audit = (ctx: AppContext, staff: Staff, action: string, id: string) =>
  insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action, entity: "contact_submission", entityId: id });

/**
 * Deletes one message and its outbox mails (they copy its personal data) in one transaction,
 * recorded in the audit log; false when there is no such message.
 */
export async function deleteMessage(ctx: AppContext, staff: Staff, id: string): Promise<boolean> {
  const deleted = await inTransaction(ctx.db, async (trx) => {
    if (!(await deleteContactSubmission(trx, id))) return false;
    await deleteMailsFor(trx, "contact", id);
    await deleteLead(trx, "message", id);
    return true;
  });
  if (deleted) await audit(ctx, staff, "delete", id);
  return deleted;
}

export type LeadStatusResult = { outcome: "changed"; message: ContactSubmission } | { outcome: "not-found" };

/**
 * Sets a message's lead status, the one the inbox and the customer record show (decision 109; the first
 * change is its response time), in its customer's timeline and the audit log.
 */
export async function setMessageStatus(ctx: AppContext, staff: Staff, id: string, status: LeadStatus): Promise<LeadStatusResult> {
  if (!(await inTransaction(ctx.db, (trx) => changeLeadStatus(trx, "message", id, status, staff.id)))) return { outcome: "not-found" };
  await audit(ctx, staff, `status-${status}`, id);
  const message = await findContactSubmission(ctx.db, id);
  return message ? { outcome: "changed", message } : { outcome: "not-found" };
}
