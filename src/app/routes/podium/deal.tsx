import { useSearchParams } from "react-router";
import { DealScreen } from "~/features/deal/deals-screen";
import { dealScreen, dealScreenAction } from "~/features/deal/deals-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/deal";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor();
  const current = loaderData?.versions[0];
  const name = current ? `${current.shopper.firstName} ${current.shopper.lastName}` : m.staff.shell.screens.deals;
  return staffPageMeta(m.staff.shell.title(name));
};

/** One deal with every version (GET /api/admin/deals's use case, for one deal); 404 for an unknown id. */
export function loader({ params, context }: Route.LoaderArgs) {
  return dealScreen(context.get(appContext), params.id);
}

/** The deal's lead status, and a revision of its current version (decision 093's held-quote rule). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return dealScreenAction(context.get(appContext), request, context.get(staffContext)!, params.id, form);
}

export default function DealPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <DealScreen data={loaderData} revising={params.get("revise") === "1"} />;
}

export const ErrorBoundary = StaffRouteError;
