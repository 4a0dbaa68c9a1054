import { AuditScreen } from "~/features/staff/audit-screen";
import { auditScreen } from "~/features/staff/audit-screen.server";
import { appContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/audit";

export const meta = () => screenMeta("audit");

/** The audit trail by the address's filters and page (GET /api/admin/audit's query and use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return auditScreen(context.get(appContext), new URL(request.url));
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
