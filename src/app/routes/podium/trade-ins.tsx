import { OldPanel } from "~/features/staff/old-panel";
import { TradeInsTab } from "~/features/trade-in/trade-ins-tab";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/trade-ins";

export const meta = () => screenMeta("tradeIns");

/** Still the old dashboard's panel (decision 100, phase 1): it loads its data from /api/admin in the browser. */
export default function TradeInsPage({ params }: Route.ComponentProps) {
  return <OldPanel screen="tradeIns" Panel={TradeInsTab} recordId={params.id} />;
}

export const ErrorBoundary = StaffRouteError;
