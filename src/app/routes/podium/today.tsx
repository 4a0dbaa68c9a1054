import { TodayScreen } from "~/features/leads/today-screen";
import { todayScreen, todayScreenAction } from "~/features/leads/today-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/today";

export const meta: Route.MetaFunction = () => {
  const m = staffMessagesFor().staff.shell;
  return staffPageMeta(m.title(m.screens.today));
};

export function loader({ context }: Route.LoaderArgs) {
  return todayScreen(context.get(appContext), context.get(staffContext)!);
}

/** Ticking a task off, or opening it again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return todayScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function TodayPage({ loaderData }: Route.ComponentProps) {
  return <TodayScreen tasks={loaderData.tasks} />;
}

export const ErrorBoundary = StaffRouteError;
