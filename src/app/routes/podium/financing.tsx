import { OldPanel } from "~/features/staff/old-panel";
import { FinancingTab } from "~/features/financing/financing-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/financing";

export const meta = () => screenMeta("financing");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function FinancingPage({ params }: Route.ComponentProps) {
  return <OldPanel screen="financing" Panel={FinancingTab} recordId={params.id} />;
}

export const ErrorBoundary = StaffRouteError;
