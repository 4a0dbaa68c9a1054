import { vehicleSaveCounts } from "~/features/alerts/alerts-report.server";
import { VehicleScreen } from "~/features/vehicles/vehicle-screen";
import { VEHICLE_FORM_LIMITS, vehicleScreen, vehicleScreenAction } from "~/features/vehicles/vehicle-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { canUseArea } from "~/shared/staff/staff-roles";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/vehicle";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor();
  return staffPageMeta(m.staff.shell.title(loaderData?.screen.name ?? m.staff.shell.screens.vehicles));
};

/**
 * One vehicle with its price history and documents (404 for an unknown id), and how many shoppers saved
 * it (GET /api/admin/vehicles/saves's use case, the alerts feature's).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = context.get(staffContext)!;
  const [screen, saves] = await Promise.all([vehicleScreen(ctx, staff, params.id), vehicleSaveCounts(ctx, [params.id])]);
  const count = saves.find((s) => s.vehicleId === screen.vehicle.id);
  return {
    screen,
    saves: { savedOnDevices: count?.savedOnDevices ?? 0, alertSubscribers: count?.alertSubscribers ?? 0 },
    savesReport: canUseArea(staff.role, "reports"),
  };
}

/** The vehicle form: decode the VIN, save. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, VEHICLE_FORM_LIMITS);
  return vehicleScreenAction(context.get(appContext), request, context.get(staffContext)!, params.id, form);
}

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  return <VehicleScreen data={loaderData.screen} saves={loaderData.saves} savesReport={loaderData.savesReport} />;
}

export const ErrorBoundary = StaffRouteError;
