import { DealsScreen } from "~/features/deal/deals-screen";
import { dealsScreen } from "~/features/deal/deals-screen.server";
import { appContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/deals";

export const meta = () => screenMeta("deals");

/** Every deal's current version, by the status in the address (GET /api/admin/deals's use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return dealsScreen(context.get(appContext), new URL(request.url));
}

export default function DealsPage({ loaderData }: Route.ComponentProps) {
  return <DealsScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
