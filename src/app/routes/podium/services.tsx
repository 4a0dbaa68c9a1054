import { OldPanel } from "~/features/staff/old-panel";
import { ServicesTab } from "~/features/booking/services-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("services");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function ServicesPage() {
  return <OldPanel screen="services" Panel={ServicesTab} />;
}

export const ErrorBoundary = StaffRouteError;
