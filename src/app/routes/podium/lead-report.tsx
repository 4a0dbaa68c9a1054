import { OldPanel } from "~/features/staff/old-panel";
import { LeadReportTab } from "~/features/leads/lead-report-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("reports");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function LeadReportPage() {
  return <OldPanel screen="reports" Panel={LeadReportTab} />;
}

export const ErrorBoundary = StaffRouteError;
