import { ServicesScreen } from "~/features/booking/services-screen";
import { servicesScreen, servicesScreenAction } from "~/features/booking/services-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/services";

export const meta = () => screenMeta("services");

/** The service menu with every language's text, and the service being edited (`?edit=`). Owner only (the layout's guard). */
export function loader({ request, context }: Route.LoaderArgs) {
  return servicesScreen(context.get(appContext), new URL(request.url));
}

/** A service's texts saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return servicesScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return <ServicesScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
