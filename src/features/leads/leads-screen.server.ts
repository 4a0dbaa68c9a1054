import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { formFields, parseStaffForm, staffFormFailure, staffFormSuccess, staffQueryInput } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { isLeadType } from "~/shared/leads/lead-types";
import { canUseArea, type StaffRole } from "~/shared/staff/staff-roles";
import {
  changeLead,
  inboxQuerySchema,
  leadChangeSchema,
  listAssignees,
  listInboxLeads,
  type InboxAssignee,
  type InboxLead,
} from "./leads-inbox.server";
import { INBOX_FILTER_NAMES, leadRowIntent, leadRowOf, type InboxFilterValues } from "./leads-screen-form";

/** How many of my waiting leads the top of the inbox lists. */
const MINE_WAITING = 5;
/**
 * A page of the screen: 25 leads (the API's default is 200). Each row carries its forms (a status and an
 * assignee select, about 4 KB of HTML), so 50 rows were the heaviest staff document to render (decision 139)
 * and, on a phone, twelve screens of cards for a queue worked from the top; `limit` in the address still
 * asks for more.
 */
export const LEADS_SCREEN_PAGE = 25;

export type LeadsScreenData = {
  filters: InboxFilterValues;
  /** The filters' field messages (an address typed by hand, a link cut short); the list is then empty. */
  filterErrors: Record<string, string> | null;
  leads: InboxLead[];
  /** The link to the next (older) page, when this one is full. */
  next: string | null;
  /** Whether this page is the newest (no `before`). */
  first: boolean;
  /** The signed-in person's leads still waiting for an answer: the top of a salesperson's phone. */
  mineWaiting: InboxLead[];
  assignees: InboxAssignee[];
  /** The instant the page was read: ages count from it, the same on the server and in the browser. */
  now: number;
  /** The signed-in person's account id: the leads that are theirs have no "Take". */
  meId: string;
  /** Their role: "Take" only on a lead they may hold (a financing application: finance and owners; decision 089). */
  meRole: StaffRole;
  /** Whether they may change a financing application's status (owners and finance; docs/behaviour.md §17). */
  mayChangeFinancing: boolean;
};

/**
 * /podium/leads (docs/behaviour.md §17): one page of the inbox, filtered and paged by the URL's query
 * string with GET /api/admin/leads's schema and use case, plus the person's own waiting leads.
 */
export async function leadsScreen(ctx: AppContext, staff: Staff, url: URL, now = new Date()): Promise<LeadsScreenData> {
  const input: Record<string, unknown> = { limit: LEADS_SCREEN_PAGE, ...staffQueryInput(url.searchParams) };
  const filters = Object.fromEntries(
    [...INBOX_FILTER_NAMES, "limit"].flatMap((name) => (typeof input[name] === "string" ? [[name, input[name] as string]] : [])),
  ) as InboxFilterValues;
  const parsed = inboxQuerySchema.safeParse(input);
  const [page, mine, assignees] = await Promise.all([
    parsed.success ? listInboxLeads(ctx, parsed.data, staff) : { leads: [], next: null },
    listInboxLeads(ctx, inboxQuerySchema.parse({ assignee: "me", status: "new", limit: MINE_WAITING }), staff),
    listAssignees(ctx),
  ]);
  return {
    filters,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    leads: page.leads,
    next: page.next,
    first: !input.before,
    mineWaiting: mine.leads.filter((lead) => lead.waiting),
    assignees,
    now: now.getTime(),
    meId: staff.id,
    meRole: staff.role,
    mayChangeFinancing: canUseArea(staff.role, "financing"),
  };
}

/**
 * The inbox's posts: a lead's new status, a new assignee, or "take" (to the signed-in person), each
 * through PATCH /api/admin/leads/{type}/{id}'s schema and use case (`changeLead`).
 */
export async function leadsScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor();
  const fields = formFields(form);
  // The row's form posts its key alone: "status:message/<id>" names what it asks and the lead (decision 131).
  const row = leadRowOf(fields.form ?? "");
  if (!row || !isLeadType(row.type)) return staffFormFailure(404, "Not found");
  const { intent, type, id } = row;
  const key = leadRowIntent(intent, { type, id });
  const input: Record<string, unknown> =
    intent === "status"
      ? { status: fields.status }
      : intent === "assign"
        ? { assigneeId: fields.assigneeId || null }
        : { assigneeId: staff.id };
  const change = parseStaffForm(leadChangeSchema, input, key);
  if (!change.ok) return change.failure;
  const result = await changeLead(ctx, type, id, change.data, staff);
  if (result.kind === "not-found") return staffFormFailure(404, "Not found", { intent: key });
  if (result.kind === "forbidden") return staffFormFailure(403, result.message, { intent: key });
  if (result.kind === "invalid")
    return staffFormFailure(400, "Please correct the highlighted fields.", { intent: key, fieldErrors: result.fieldErrors });
  const toast =
    intent === "status"
      ? m.inbox.statusSaved(m.leads.status.values[result.lead.status])
      : intent === "take"
        ? m.inbox.taken
        : m.inbox.reassigned;
  return staffFormSuccess(ctx, request, { intent: key, toast });
}
