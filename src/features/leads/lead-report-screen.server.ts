import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import type { Staff } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import type { StaffRole } from "~/shared/staff/staff-roles";
import type { LeadReport } from "./lead-report-types";
import { ANSWERED_WITHIN_MINUTES, leadReport, leadReportRange } from "./lead-report.server";

export type LeadReportScreenData = {
  /** The dates as the address gives them (what the form shows after a refusal). */
  asked: { from: string; to: string };
  report: LeadReport | null;
  /** The API's field messages for dates it would refuse; the report is then not shown. */
  fieldErrors: Record<string, string> | null;
  error: string | null;
  role: StaffRole;
  /** The report's "answered within" minutes, for the page's introduction. */
  withinMinutes: number;
};

/**
 * /podium/reports/leads?from=&to= (owner, sales; docs/behaviour.md §20): the lead report for the
 * dealership's dates in the address (GET /api/admin/reports/leads's range rules and use case; without
 * dates the last 30 days). Dates the API would refuse are its 400, with each message by its field. A
 * salesperson sees the team's totals and only their own row per salesperson (the use case's rule).
 */
export async function leadReportScreen(ctx: AppContext, staff: Staff, url: URL) {
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const query = Object.fromEntries(Object.entries(asked).filter(([, value]) => value !== ""));
  const range = leadReportRange(query);
  const common = { asked, role: staff.role, withinMinutes: ANSWERED_WITHIN_MINUTES };
  const screen: LeadReportScreenData = range.ok
    ? { ...common, report: await leadReport(ctx, staff, range.range), fieldErrors: null, error: null }
    : { ...common, report: null, fieldErrors: range.fieldErrors, error: staffMessagesFor().reports.errors.checkDates };
  return data(screen, { status: range.ok ? 200 : 400 });
}
