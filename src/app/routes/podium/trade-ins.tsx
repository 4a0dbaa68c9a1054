import { TradeInsScreen } from "~/features/trade-in/trade-ins-screen";
import { tradeInsScreen } from "~/features/trade-in/trade-ins-screen.server";
import { appContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/trade-ins";

export const meta = () => screenMeta("tradeIns");

/** Every trade-in request, by the status in the address (GET /api/admin/trade-ins's use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return tradeInsScreen(context.get(appContext), new URL(request.url));
}

export default function TradeInsPage({ loaderData }: Route.ComponentProps) {
  return <TradeInsScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
