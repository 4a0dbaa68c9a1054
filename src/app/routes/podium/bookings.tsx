import { OldPanel } from "~/features/staff/old-panel";
import { BookingsTab } from "~/features/booking/bookings-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => screenMeta("bookings");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function BookingsPage() {
  return <OldPanel screen="bookings" Panel={BookingsTab} />;
}

export const ErrorBoundary = StaffRouteError;
