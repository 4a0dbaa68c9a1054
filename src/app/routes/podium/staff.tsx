import { StaffScreen } from "~/features/staff/staff-screen";
import { staffScreen, staffScreenAction } from "~/features/staff/staff-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/staff";

export const meta = () => screenMeta("staff");

/** Every staff account (GET /api/admin/staff's use case), and a second-factor reset to confirm (`?reset=`). */
export function loader({ request, context }: Route.LoaderArgs) {
  return staffScreen(context.get(appContext), new URL(request.url));
}

/** Add a person; an account's role, languages, away, disable or enable; reset a second factor. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return staffScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  return <StaffScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
