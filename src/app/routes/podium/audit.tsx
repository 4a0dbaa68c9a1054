import { OldPanel } from "~/features/staff/old-panel";
import { AuditTab } from "~/features/staff/audit-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("audit");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function AuditPage() {
  return <OldPanel screen="audit" Panel={AuditTab} />;
}

export const ErrorBoundary = StaffRouteError;
