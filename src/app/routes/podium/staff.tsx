import { OldPanel } from "~/features/staff/old-panel";
import { StaffTab } from "~/features/staff/staff-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("staff");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function StaffPage() {
  return <OldPanel screen="staff" Panel={StaffTab} />;
}

export const ErrorBoundary = StaffRouteError;
