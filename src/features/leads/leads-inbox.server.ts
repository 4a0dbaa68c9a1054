import { z } from "zod";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry } from "~/server/data/audit-log.server";
import { findCustomer } from "~/server/data/customers.server";
import { insertLeadEvent } from "~/server/data/lead-events.server";
import { assignLead, findLead, listInboxLeads as listInboxLeadRows, type LeadRow } from "~/server/data/leads.server";
import { findStaffAccount, listStaffAccounts, staffLanguages } from "~/server/data/staff-accounts.server";
import { findVehicleNames } from "~/server/data/vehicles.server";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { inTransaction } from "~/server/db/transaction.server";
import type { Staff } from "~/server/http/staff-request.server";
import { changeLeadStatus } from "~/server/leads/lead-status.server";
import { queueLeadPushes } from "~/server/push/lead-pushes.server";
import { LOCALES, type Locale } from "~/shared/i18n/locales";
import { phoneE164 } from "~/shared/leads/customer-match";
import { LEAD_KINDS, leadKind } from "~/shared/leads/lead-kinds";
import { LEAD_TYPES, type LeadType } from "~/shared/leads/lead-types";
import { isOverdue, isWaiting } from "~/shared/leads/lead-waiting";
import { LEAD_STATUSES, type LeadStatus } from "~/shared/staff/lead-tracking";
import { STAFF_AREAS, mayHoldLead, type StaffRole } from "~/shared/staff/staff-roles";
import { emailField, uuidField } from "~/shared/validation/fields";

/** A page of the inbox is at most this long; without `limit`, the default. */
export const INBOX_PAGE_MAX = 1000;
export const INBOX_PAGE_DEFAULT = 200;

/**
 * One lead as the inbox lists it (docs/behaviour.md §17). `waiting`: nobody has answered a new
 * lead yet (no first response and still `new`); the tab marks it in red. `vehicleName` names the
 * vehicle ("2019 Honda Civic") while it still exists.
 */
export type InboxLead = {
  id: string;
  type: LeadType;
  customerId: string;
  name: string;
  email: string;
  phone: string;
  language: string;
  vehicleId: string | null;
  status: LeadStatus;
  assigneeId: string | null;
  createdAt: string;
  firstResponseAt: string | null;
  source: Record<string, string> | null;
  waiting: boolean;
  /** Unanswered past its response time (Settings, business minutes) or its alarm raised: the tab shows it in red. */
  overdue: boolean;
  vehicleName: string | null;
};

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** The query string of GET /api/admin/leads; an empty parameter counts as absent. */
export const inboxQuerySchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Choose new, contacted or closed." }).optional(),
  type: z.enum(LEAD_TYPES, { error: `Choose one of ${LEAD_TYPES.join(", ")}.` }).optional(),
  assignee: z.union([z.literal("me"), z.literal("none"), uuidField("Use me, none or a staff id.")]).optional(),
  q: text(100, "Search with at most 100 characters.").optional(),
  language: z.enum(LOCALES, { error: "Choose en, es or pt." }).optional(),
  source: text(100, "Use at most 100 characters.").optional(),
  limit: z.coerce
    .number({ error: `Use a whole number from 1 to ${INBOX_PAGE_MAX}.` })
    .int(`Use a whole number from 1 to ${INBOX_PAGE_MAX}.`)
    .min(1, `Use a whole number from 1 to ${INBOX_PAGE_MAX}.`)
    .max(INBOX_PAGE_MAX, `Use a whole number from 1 to ${INBOX_PAGE_MAX}.`)
    .default(INBOX_PAGE_DEFAULT),
  before: z
    .string()
    .max(200, "This page link is not valid.")
    .refine((value) => decodeCursor(value) !== null, "This page link is not valid.")
    .optional(),
});
export type InboxFilters = z.infer<typeof inboxQuerySchema>;

/** Query parameters as Express gives them: a repeated one is refused by the schema, an empty one dropped. */
export function inboxQueryInput(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

/** The page link: the last listed lead's place in the order, opaque to clients. */
export function encodeCursor(lead: Pick<LeadRow, "createdAt" | "type" | "id">): string {
  return Buffer.from(JSON.stringify([lead.createdAt, lead.type, lead.id])).toString("base64url");
}

function decodeCursor(value: string): { createdAt: string; type: string; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === "string")) return null;
    const [createdAt, type, id] = parsed as [string, string, string];
    return Number.isNaN(Date.parse(createdAt)) ? null : { createdAt, type, id };
  } catch {
    return null;
  }
}

export type InboxPage = { leads: InboxLead[]; next: string | null };

/** The inbox, newest first, one page; `next` is the link to the following page when this one is full. */
export async function listInboxLeads(ctx: AppContext, filters: InboxFilters, user: Pick<Staff, "id">): Promise<InboxPage> {
  const rows = await listInboxLeadRows(ctx.db, {
    status: filters.status,
    type: filters.type,
    assigneeId:
      filters.assignee === undefined
        ? undefined
        : filters.assignee === "me"
          ? user.id
          : filters.assignee === "none"
            ? null
            : filters.assignee,
    q: filters.q || undefined,
    ...searchReading(filters.q),
    locale: filters.language,
    source: filters.source || undefined,
    after: filters.before ? (decodeCursor(filters.before) ?? undefined) : undefined,
    limit: filters.limit,
  });
  const vehicleIds = [...new Set(rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])))];
  const vehicles = new Map((await findVehicleNames(ctx.db, vehicleIds)).map((v) => [v.id, staffVehicleName(v)]));
  const last = rows.at(-1);
  return {
    leads: rows.map((row) => ({ ...inboxLead(row), vehicleName: (row.vehicleId && vehicles.get(row.vehicleId)) || null })),
    next: last && rows.length === filters.limit ? encodeCursor(last) : null,
  };
}

/**
 * A search that is a whole e-mail address or a whole phone number is looked up through the indexes
 * (the phone in any format, as its customer's E.164 number); anything else is matched as text
 * against every lead's name, e-mail and phone (docs/behaviour.md §17).
 */
function searchReading(q: string | undefined): { exactEmail?: string; customerPhone?: string } {
  if (!q) return {};
  if (emailField("").safeParse(q).success) return { exactEmail: q.toLowerCase() };
  // Only digits and the usual separators, with 10 digits or more: a whole number, not part of one.
  if (/^[\d\s().+-]+$/.test(q) && q.replace(/\D/g, "").length >= 10) {
    const phone = phoneE164(q);
    if (phone) return { customerPhone: phone };
  }
  return {};
}

function parseSource(source: string | null): Record<string, string> | null {
  if (!source) return null;
  try {
    const parsed: unknown = JSON.parse(source);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

function inboxLead(row: LeadRow, now = new Date()): Omit<InboxLead, "vehicleName"> {
  return {
    id: row.id,
    type: row.type as LeadType,
    customerId: row.customerId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.locale,
    vehicleId: row.vehicleId,
    status: row.status,
    assigneeId: row.assigneeId,
    createdAt: row.createdAt,
    firstResponseAt: row.firstResponseAt,
    source: parseSource(row.source),
    waiting: isWaiting(row),
    overdue: isOverdue(row, now),
  };
}

/**
 * The roles a lead may be given to: those who work the inbox, and finance for financing applications
 * (mayHoldLead says which role may hold which lead; the picker offers each lead only its own).
 */
export const ASSIGNABLE_ROLES: readonly StaffRole[] = [
  ...new Set<StaffRole>(LEAD_TYPES.flatMap((type) => STAFF_AREAS[LEAD_KINDS[type].heldBy])),
];

/** Someone a lead can be given to, as the inbox's assignee picker lists them. */
export type InboxAssignee = { id: string; name: string; role: StaffRole; languages: Locale[]; away: boolean };

/** Active staff who may hold leads, by name. */
export async function listAssignees(ctx: AppContext): Promise<InboxAssignee[]> {
  return (await listStaffAccounts(ctx.db))
    .filter((row) => row.disabled === 0 && ASSIGNABLE_ROLES.includes(row.role))
    .map((row) => ({ id: row.id, name: row.name, role: row.role, languages: staffLanguages(row), away: row.away === 1 }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US"));
}

/** PATCH /api/admin/leads/{type}/{id}: a new assignee (null: nobody), a new status, or both. */
export const leadChangeSchema = z
  .object({
    assigneeId: uuidField("Choose a staff member.").nullable().optional(),
    status: z.enum(LEAD_STATUSES, { error: "Choose new, contacted or closed." }).optional(),
  })
  .refine((v) => v.assigneeId !== undefined || v.status !== undefined, { error: "Nothing to change." });
export type LeadChange = z.infer<typeof leadChangeSchema>;

export type ChangeLeadResult =
  | { kind: "changed"; lead: InboxLead }
  | { kind: "not-found" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "forbidden"; message: string };

export const ASSIGNEE_NOT_ALLOWED = "Choose an active owner or salesperson.";
export const FINANCING_ASSIGNEE_NOT_ALLOWED = "Choose an active owner or finance person: a financing application stays with them.";

/**
 * Reassigns a lead or changes its status, recorded in the timeline and the audit log. Its status is
 * the one every view reads (decision 109) and stays with the roles that hold its kind: a financing
 * application's with owners and finance (decision 089), every other lead's with the inbox's roles.
 */
export async function changeLead(
  ctx: AppContext,
  type: LeadType,
  id: string,
  change: LeadChange,
  user: Staff,
  // The server's clock (TEST_CLOCK in tests): the reassignment's push is due on the push worker's clock.
  now = serverNow(ctx),
): Promise<ChangeLeadResult> {
  const lead = await findLead(ctx.db, type, id);
  if (!lead) return { kind: "not-found" };
  if (change.status !== undefined && !mayHoldLead(user.role, type))
    return {
      kind: "forbidden",
      message:
        leadKind(type).heldBy === "financing"
          ? "Only owners and finance change a financing application's status."
          : "Your role does not handle this lead.",
    };
  if (change.assigneeId) {
    const assignee = await findStaffAccount(ctx.db, change.assigneeId);
    if (!assignee || assignee.disabled !== 0 || !mayHoldLead(assignee.role, type))
      return {
        kind: "invalid",
        fieldErrors: { assigneeId: leadKind(type).heldBy === "financing" ? FINANCING_ASSIGNEE_NOT_ALLOWED : ASSIGNEE_NOT_ALLOWED },
      };
  }
  const reassigned = change.assigneeId !== undefined && change.assigneeId !== lead.assigneeId;
  const restatused = change.status !== undefined && change.status !== lead.status;
  await inTransaction(ctx.db, async (trx) => {
    if (reassigned) {
      await assignLead(trx, type, id, change.assigneeId ?? null);
      await insertLeadEvent(
        trx,
        {
          customerId: lead.customerId,
          leadType: type,
          leadId: id,
          staffId: user.id,
          kind: "assigned",
          data: { assigneeId: change.assigneeId ?? null, by: "staff" },
        },
        now,
      );
      // The new assignee's phone hears of it within seconds, through the push outbox (decision 127);
      // a person who takes a lead themselves needs no push.
      if (change.assigneeId && change.assigneeId !== user.id) {
        const customer = await findCustomer(trx, lead.customerId);
        const pushLead = {
          type,
          id,
          customerId: lead.customerId,
          firstName: customer?.firstName || (lead.name.split(" ")[0] ?? lead.name),
          vehicleId: lead.vehicleId,
          locale: lead.locale,
        };
        await queueLeadPushes(trx, "assigned", [change.assigneeId], pushLead, now);
      }
    }
    if (restatused && change.status) await changeLeadStatus(trx, type, id, change.status, user.id, now);
  });
  const audit = (action: string) =>
    insertAuditEntry(ctx.db, { actor: user.actor, accountId: user.id, action, entity: "lead", entityId: `${type}/${id}` });
  if (reassigned) await audit(change.assigneeId ? `assign-${change.assigneeId}` : "unassign");
  if (restatused) await audit(`status-${change.status}`);
  const updated = (await findLead(ctx.db, type, id))!;
  const vehicle = updated.vehicleId ? (await findVehicleNames(ctx.db, [updated.vehicleId]))[0] : undefined;
  return {
    kind: "changed",
    lead: { ...inboxLead(updated), vehicleName: vehicle ? staffVehicleName(vehicle) : null },
  };
}
