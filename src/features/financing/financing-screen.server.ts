import { data } from "react-router";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { CREDIT_DECISIONS, type CreditDecision } from "~/server/data/financing-applications.server";
import { findLead } from "~/server/data/leads.server";
import { pageCursorField } from "~/server/data/page-cursor.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import {
  FIX_FIELDS,
  recordFormOf,
  isDataRequest,
  parseStaffForm,
  staffFormFailure,
  staffFormSuccess,
  staffLeadStatusPost,
  staffQueryInput,
} from "~/server/http/staff-form.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { leadStatusFilterField } from "~/shared/staff/lead-tracking";
import { canUseArea } from "~/shared/staff/staff-roles";
import { uuidField } from "~/shared/validation/fields";
import { creditDecisionSchema } from "./financing-staff-api.server";
import {
  deleteFinancingApplication,
  findFinancingSummary,
  listFinancingSummariesPage,
  recordCreditDecision,
  retainedMessage,
  revealSsn,
  setApplicationStatus,
  viewFinancingApplication,
  type FinancingDetails,
  type FinancingSummary,
} from "./financing-staff.server";

/**
 * The Financing Apps screens (docs/behaviour.md §2 Staff app, decision 100): /podium/financing, a page
 * of applications filtered by the address, and /podium/financing/{id}, one application. Owners and
 * finance only: the podium layout's guard refuses anyone else (403) before any of this runs. They call
 * the use cases GET/PATCH/DELETE /api/admin/financing* call, so every view, reveal and delete is audited.
 */

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** A page of the list: the newest 50 (each row carries its status form). */
export const FINANCING_SCREEN_PAGE = 50;

const listQuerySchema = z.object({
  status: leadStatusFilterField.optional(),
  decision: z.enum([...CREDIT_DECISIONS, "none"], { error: "Choose none, approved, declined or withdrawn." }).optional(),
  before: pageCursorField.optional(),
});

/** The list's filters as the address gives them (the GET form's values). */
export type FinancingListFilters = Partial<Record<"status" | "decision" | "before", string>>;

export type FinancingListData = {
  filters: FinancingListFilters;
  /** The filters' field messages (an address typed by hand, a page link cut short); the list is then empty. */
  filterErrors: Record<string, string> | null;
  applications: FinancingSummary[];
  /** The next (older) page's `before`, when this page is full. */
  next: string | null;
  /** The instant the page was read: "Waiting 2 h" counts to it, the same on the server and in the browser. */
  now: number;
  decisions: readonly CreditDecision[];
};

export async function financingListScreen(ctx: AppContext, url: URL, now = new Date()): Promise<FinancingListData> {
  const input = staffQueryInput(url.searchParams);
  const filters = Object.fromEntries(
    (["status", "decision", "before"] as const).flatMap((name) => (typeof input[name] === "string" ? [[name, input[name] as string]] : [])),
  ) as FinancingListFilters;
  const parsed = listQuerySchema.safeParse(input);
  const page = parsed.success
    ? await listFinancingSummariesPage(ctx, {
        status: parsed.data.status,
        decision: parsed.data.decision,
        after: parsed.data.before,
        limit: FINANCING_SCREEN_PAGE,
      })
    : { applications: [], next: null };
  return {
    filters,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    applications: page.applications,
    next: page.next,
    now: now.getTime(),
    decisions: CREDIT_DECISIONS,
  };
}

export type FinancingApplicationData = {
  summary: FinancingSummary;
  /** The application (SSNs masked); reading it is recorded in the audit log as a view. */
  details: FinancingDetails;
  /** The address asks to confirm the deletion (`?confirm=delete`): a step that needs no script. */
  confirmDelete: boolean;
  /** The applicant's customer record, for a person whose role may open it. */
  customerId: string | null;
  now: number;
  decisions: readonly CreditDecision[];
};

/** /podium/financing/{id}: 404 for an id that names no application. */
export async function financingApplicationScreen(
  ctx: AppContext,
  staff: Staff,
  id: string,
  url: URL,
  now = new Date(),
): Promise<FinancingApplicationData> {
  const summary = isUuid(id) ? await findFinancingSummary(ctx, id) : null;
  const details = summary ? await viewFinancingApplication(ctx, staff, id) : null;
  if (!summary || !details) throw data({ error: "Not found" }, { status: 404 });
  const lead = canUseArea(staff.role, "customers") ? await findLead(ctx.db, "financing", id) : null;
  return {
    summary,
    details,
    confirmDelete: url.searchParams.get("confirm") === "delete",
    customerId: lead?.customerId ?? null,
    now: now.getTime(),
    decisions: CREDIT_DECISIONS,
  };
}

/** The SSN a reveal answered: shown on the page it was asked from, never put in an address or a cookie. */
export type SsnRevealed = { ok: true; intent: string; ssn: string };

export const FINANCING_INTENTS = ["status", "decision", "reveal-ssn", "delete"] as const;

/**
 * The screens' posts, each through its JSON API twin's schema and use case: a lead status (`id` in the
 * form on the list, the page's own id on an application's page), the action taken, an SSN's reveal (a
 * post, audited like GET /api/admin/financing/:id/ssn/:who; the answer is the page with the number,
 * never a redirect), and the deletion, refused with its date before the retention has run (decision 095).
 */
export async function financingScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData, pageId?: string) {
  const m = staffMessagesFor();
  const { fields, intent, id } = recordFormOf(form, pageId);
  if (!isUuid(id)) return staffFormFailure(404, "Not found");
  switch (intent) {
    case "status":
      return staffLeadStatusPost(
        ctx,
        request,
        id,
        fields,
        async (status) => (await setApplicationStatus(ctx, staff, id, status)).outcome !== "not-found",
      );
    case "decision": {
      const parsed = parseStaffForm(creditDecisionSchema, { decision: fields.decision }, intent);
      if (!parsed.ok) return parsed.failure;
      const recorded = await recordCreditDecision(ctx, staff, id, parsed.data.decision);
      if (!recorded) return staffFormFailure(404, "Not found", { intent });
      return staffFormSuccess(ctx, request, { intent, toast: m.staff.financing.decisionSaved });
    }
    case "reveal-ssn": {
      const who = fields.who === "co-applicant" ? "coApplicant" : fields.who === "applicant" ? "applicant" : null;
      if (!who) return staffFormFailure(400, FIX_FIELDS, { intent, fieldErrors: { who: "Choose applicant or co-applicant." } });
      const ssn = await revealSsn(ctx, staff, id, who);
      if (ssn === null) return staffFormFailure(404, "Not found", { intent: `${intent}:${fields.who}` });
      return { ok: true, intent: `${intent}:${fields.who}`, ssn } satisfies SsnRevealed;
    }
    case "delete": {
      const result = await deleteFinancingApplication(ctx, staff, id);
      if (result.outcome === "not-found") return staffFormFailure(404, "Not found", { intent });
      if (result.outcome === "retained") return staffFormFailure(409, retainedMessage(result.until), { intent });
      // Without JavaScript: back to the list, the message in the flash. With it: the answer's toast, and the page goes to the list.
      return staffFormSuccess(ctx, request, {
        intent,
        toast: m.staff.financing.deletedText,
        redirectTo: isDataRequest(request) ? undefined : "/podium/financing",
      });
    }
    default:
      return staffFormFailure(400, FIX_FIELDS, { intent });
  }
}
