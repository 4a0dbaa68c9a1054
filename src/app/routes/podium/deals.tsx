import { OldPanel } from "~/features/staff/old-panel";
import { DealsTab } from "~/features/deal/deals-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/deals";

export const meta = () => screenMeta("deals");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function DealsPage({ params }: Route.ComponentProps) {
  return <OldPanel screen="deals" Panel={DealsTab} recordId={params.id} />;
}

export const ErrorBoundary = StaffRouteError;
