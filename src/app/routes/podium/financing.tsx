import { data } from "react-router";
import { FinancingListScreen } from "~/features/financing/financing-screen";
import { financingListScreen, financingScreenAction } from "~/features/financing/financing-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/financing";

export const meta = () => screenMeta("financing");

/** A page of applications as the address's filters and page link say (owners and finance: the layout's guard). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = await financingListScreen(context.get(appContext), new URL(request.url));
  // Filters the schema refuses: their messages by the fields, with a 400.
  return data(screen, { status: screen.filterErrors ? 400 : 200 });
}

/** A row's lead status. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return financingScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function FinancingPage({ loaderData }: Route.ComponentProps) {
  return <FinancingListScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
