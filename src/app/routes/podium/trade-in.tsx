import { useSearchParams } from "react-router";
import { TradeInScreen } from "~/features/trade-in/trade-ins-screen";
import { tradeInScreen, tradeInScreenAction } from "~/features/trade-in/trade-ins-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/trade-in";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor();
  const x = loaderData?.tradeIn;
  return staffPageMeta(m.staff.shell.title(x ? `${x.firstName} ${x.lastName}` : m.staff.shell.screens.tradeIns));
};

/** One trade-in request with its photos (GET /api/admin/trade-ins's use case, for one); 404 for an unknown id. */
export function loader({ params, context }: Route.LoaderArgs) {
  return tradeInScreen(context.get(appContext), context.get(staffContext)!, params.id);
}

/** The offer, the lead status, and (the owner) deleting the request. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return tradeInScreenAction(context.get(appContext), request, context.get(staffContext)!, params.id, form);
}

export default function TradeInPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <TradeInScreen data={loaderData} deleting={params.get("delete") === "1"} />;
}

export const ErrorBoundary = StaffRouteError;
