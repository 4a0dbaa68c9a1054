import { AlertsReportScreen } from "~/features/alerts/alerts-report-screen";
import { alertsReportScreen } from "~/features/alerts/alerts-report-screen.server";
import { appContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/alerts-report";

export const meta = () => screenMeta("alertsReport");

/** The alerts report for the address's period (GET /api/admin/reports/alerts's rules and use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return alertsReportScreen(context.get(appContext), new URL(request.url));
}

export default function AlertsReportPage({ loaderData }: Route.ComponentProps) {
  return <AlertsReportScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
