import { VehicleScreen } from "~/features/vehicles/vehicle-screen";
import { newVehicleScreen, VEHICLE_FORM_LIMITS, vehicleScreenAction } from "~/features/vehicles/vehicle-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/vehicle-new";

export const meta = () => {
  const m = staffMessagesFor();
  return staffPageMeta(m.staff.shell.title(m.staff.vehicleForm.addTitle));
};

/** The empty vehicle form (owners and sales; 403 otherwise). */
export function loader({ context }: Route.LoaderArgs) {
  return newVehicleScreen(context.get(staffContext)!);
}

/** Decode the VIN, or add the vehicle (then its own page). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, VEHICLE_FORM_LIMITS);
  return vehicleScreenAction(context.get(appContext), request, context.get(staffContext)!, null, form);
}

export default function NewVehiclePage({ loaderData }: Route.ComponentProps) {
  return <VehicleScreen data={{ vehicle: null, today: loaderData.today, canEdit: true }} />;
}

export const ErrorBoundary = StaffRouteError;
