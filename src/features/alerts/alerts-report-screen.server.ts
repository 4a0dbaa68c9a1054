import { data } from "react-router";
import type { AppContext } from "~/server/context.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import {
  alertsReport,
  alertsReportQuery,
  alertsReportQueryInput,
  vehicleSaveCounts,
  type AlertsReport,
  type VehicleSaveCount,
} from "./alerts-report.server";

/** The most saved vehicles the report lists (all of them: /api/admin/vehicles/saves). */
export const MOST_SAVED_SHOWN = 20;

export type AlertsReportScreenData = {
  /** `?days=` as the address gives it (what the form shows after a refusal). */
  askedDays: string;
  report: AlertsReport | null;
  mostSaved: VehicleSaveCount[];
  /** The API's field messages for a period it would refuse; the report is then not shown (400). */
  fieldErrors: Record<string, string> | null;
  error: string | null;
};

/**
 * /podium/reports/alerts?days= (owner, sales: the lead report's area, as GET /api/admin/reports/alerts;
 * docs/behaviour.md §21): the alerts' figures over the last `days` days (default 30), read with the API's
 * query schema and use case, and the most saved vehicles (GET /api/admin/vehicles/saves's use case).
 */
export async function alertsReportScreen(ctx: AppContext, url: URL) {
  const askedDays = url.searchParams.get("days") ?? "";
  const query = alertsReportQuery.safeParse(alertsReportQueryInput(askedDays));
  if (!query.success) {
    const screen: AlertsReportScreenData = {
      askedDays: askedDays.slice(0, 20),
      report: null,
      mostSaved: [],
      fieldErrors: fieldErrorsOf(query.error),
      error: staffMessagesFor().alerts.checkPeriod,
    };
    return data(screen, { status: 400 });
  }
  const [report, saves] = await Promise.all([alertsReport(ctx, query.data.days), vehicleSaveCounts(ctx)]);
  const screen: AlertsReportScreenData = {
    askedDays,
    report,
    mostSaved: saves.slice(0, MOST_SAVED_SHOWN),
    fieldErrors: null,
    error: null,
  };
  return data(screen);
}
