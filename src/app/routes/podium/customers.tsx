import { CustomersScreen } from "~/features/leads/customer-screen";
import { customersScreen } from "~/features/leads/customer-screen.server";
import { appContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => {
  const m = staffMessagesFor().staff.shell;
  return staffPageMeta(m.title(m.screens.customers));
};

/** /podium/customers?q=…: the search is in the URL. */
export function loader({ request, context }: Route.LoaderArgs) {
  return customersScreen(context.get(appContext), new URL(request.url));
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  return <CustomersScreen q={loaderData.q} customers={loaderData.customers} />;
}

export const ErrorBoundary = StaffRouteError;
