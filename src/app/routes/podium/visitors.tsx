import { OldPanel } from "~/features/staff/old-panel";
import { VisitorsTab } from "~/features/tracking/visitors-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("visitors");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function VisitorsPage() {
  return <OldPanel screen="visitors" Panel={VisitorsTab} />;
}

export const ErrorBoundary = StaffRouteError;
