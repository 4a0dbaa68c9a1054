import { VehicleScreen } from "~/features/vehicles/vehicle-screen";
import { VEHICLE_FORM_LIMITS, vehicleScreen, vehicleScreenAction } from "~/features/vehicles/vehicle-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/vehicle";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor();
  return staffPageMeta(m.staff.shell.title(loaderData?.name ?? m.staff.shell.screens.vehicles));
};

/** One vehicle with its price history and documents; 404 for an unknown id. */
export function loader({ params, context }: Route.LoaderArgs) {
  return vehicleScreen(context.get(appContext), context.get(staffContext)!, params.id);
}

/** The vehicle form: decode the VIN, save. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, VEHICLE_FORM_LIMITS);
  return vehicleScreenAction(context.get(appContext), request, context.get(staffContext)!, params.id, form);
}

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  return <VehicleScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
