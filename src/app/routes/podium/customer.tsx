import { CustomerScreen } from "~/features/leads/customer-screen";
import { customerScreen, customerScreenAction } from "~/features/leads/customer-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor();
  const customer = loaderData?.record.customer;
  const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : m.staff.shell.screens.customers;
  return staffPageMeta(m.staff.shell.title(name));
};

/** One customer's record (GET /api/admin/customers/{id}'s use case); 404 for an unknown id. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return customerScreen(context.get(appContext), context.get(staffContext)!, params.id, new URL(request.url));
}

/** Reply, log a call, note, task, merge: the record's forms. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return customerScreenAction(context.get(appContext), request, context.get(staffContext)!, params.id, form);
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  return <CustomerScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
