import { VisitorsScreen } from "~/features/tracking/visitors-screen";
import { visitorsScreen } from "~/features/tracking/visitors-screen.server";
import { appContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/visitors";

export const meta = () => screenMeta("visitors");

/** Visitor stats and web vitals (the use cases of GET /api/admin/visitor-stats, /active-visitors, /visitor-daily, /web-vitals). */
export function loader({ context }: Route.LoaderArgs) {
  return visitorsScreen(context.get(appContext));
}

export default function VisitorsPage({ loaderData }: Route.ComponentProps) {
  return <VisitorsScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
