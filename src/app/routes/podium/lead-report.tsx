import { LeadReportScreen } from "~/features/leads/lead-report-screen";
import { leadReportScreen } from "~/features/leads/lead-report-screen.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/lead-report";

export const meta = () => screenMeta("reports");

/** The lead report for the address's dates (GET /api/admin/reports/leads's rules and use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return leadReportScreen(context.get(appContext), context.get(staffContext)!, new URL(request.url));
}

export default function LeadReportPage({ loaderData }: Route.ComponentProps) {
  return <LeadReportScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
