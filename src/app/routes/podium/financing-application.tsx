import type { ShouldRevalidateFunction } from "react-router";
import { FinancingApplicationScreen } from "~/features/financing/financing-screen";
import { financingApplicationScreen, financingScreenAction } from "~/features/financing/financing-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/financing-application";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor().staff;
  const app = loaderData?.summary;
  return staffPageMeta(m.shell.title(app ? `${m.financing.detailsTitle}: ${app.firstName} ${app.lastName}` : m.shell.screens.financing));
};

/** One application (owners and finance: the layout's guard); its reading is audited as a view; 404 for an unknown id. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return financingApplicationScreen(context.get(appContext), context.get(staffContext)!, params.id, new URL(request.url));
}

/** Lead status, action taken, an SSN's reveal, the deletion. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return financingScreenAction(context.get(appContext), request, context.get(staffContext)!, form, params.id);
}

/**
 * An SSN's reveal changes nothing on the page but the number it answers: the application is not read
 * (and its view audited) again for it. A deletion that succeeded leaves nothing to read: the page goes
 * to the list.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "reveal-ssn") return false;
  if (intent === "delete" && (actionResult as { ok?: boolean } | undefined)?.ok) return false;
  return defaultShouldRevalidate;
};

export default function FinancingApplicationPage({ loaderData }: Route.ComponentProps) {
  return <FinancingApplicationScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
