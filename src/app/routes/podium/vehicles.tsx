import { VehiclesScreen } from "~/features/vehicles/vehicles-screen";
import { VEHICLES_FORM_LIMITS, vehiclesScreen, vehiclesScreenAction } from "~/features/vehicles/vehicles-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/vehicles";

export const meta = () => screenMeta("vehicles");

/** The lot as the address filters, sorts and pages it (GET /api/admin/vehicles's use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return vehiclesScreen(context.get(appContext), context.get(staffContext)!, new URL(request.url));
}

/** A row's status, delete, the CSV import's preview and confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, VEHICLES_FORM_LIMITS);
  return vehiclesScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function VehiclesPage({ loaderData }: Route.ComponentProps) {
  return <VehiclesScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
