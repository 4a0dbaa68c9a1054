import { data } from "react-router";
import { awayFormPost, awayOf, AWAY_INTENT } from "~/features/staff/away-form.server";
import { AwaySwitch } from "~/features/staff/away-switch";
import { LeadsScreen } from "~/features/leads/leads-screen";
import { leadsScreen, leadsScreenAction } from "~/features/leads/leads-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = () => {
  const m = staffMessagesFor().staff.shell;
  return staffPageMeta(m.title(m.screens.leads));
};

/** The inbox's page as the URL's filters and page link say (GET /api/admin/leads's schema), and the away switch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = context.get(staffContext)!;
  const [screen, away] = await Promise.all([leadsScreen(ctx, staff, new URL(request.url)), awayOf(ctx, staff)]);
  // Filters the API would refuse: the page shows their messages by the fields, with the API's 400.
  return data({ screen, away }, { status: screen.filterErrors ? 400 : 200 });
}

/** A row's status, assignee or "take" (the leads feature), or the away switch (the staff feature). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const staff = context.get(staffContext)!;
  const form = await readStaffForm(request);
  return form.get("intent") === AWAY_INTENT ? awayFormPost(ctx, request, staff, form) : leadsScreenAction(ctx, request, staff, form);
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  return <LeadsScreen data={loaderData.screen} away={<AwaySwitch away={loaderData.away} />} />;
}

export const ErrorBoundary = StaffRouteError;
