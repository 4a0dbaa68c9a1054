import { OldPanel } from "~/features/staff/old-panel";
import { VehiclesTab } from "~/features/vehicles/vehicles-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("vehicles");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function VehiclesPage() {
  return <OldPanel screen="vehicles" Panel={VehiclesTab} />;
}

export const ErrorBoundary = StaffRouteError;
