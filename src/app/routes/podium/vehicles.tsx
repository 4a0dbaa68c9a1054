import { vehicleSaveCounts } from "~/features/alerts/alerts-report.server";
import { VehiclesScreen } from "~/features/vehicles/vehicles-screen";
import type { VehicleSaves } from "~/features/vehicles/vehicles-screen-form";
import { VEHICLES_FORM_LIMITS, vehiclesScreen, vehiclesScreenAction } from "~/features/vehicles/vehicles-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/vehicles";

export const meta = () => screenMeta("vehicles");

/**
 * The lot as the address filters, sorts and pages it (GET /api/admin/vehicles's use case), and how many
 * shoppers saved each vehicle of the page (GET /api/admin/vehicles/saves's use case, the alerts feature's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const screen = await vehiclesScreen(ctx, context.get(staffContext)!, new URL(request.url));
  // Counted for the page's vehicles only (decision 128).
  const saves = await vehicleSaveCounts(
    ctx,
    screen.rows.map((row) => row.id),
  );
  const savesById: VehicleSaves = {};
  for (const { vehicleId, savedOnDevices, alertSubscribers } of saves) savesById[vehicleId] = { savedOnDevices, alertSubscribers };
  return { screen, saves: savesById };
}

/** A row's status, delete, the CSV import's preview and confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, VEHICLES_FORM_LIMITS);
  return vehiclesScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function VehiclesPage({ loaderData }: Route.ComponentProps) {
  return <VehiclesScreen data={loaderData.screen} saves={loaderData.saves} />;
}

export const ErrorBoundary = StaffRouteError;
