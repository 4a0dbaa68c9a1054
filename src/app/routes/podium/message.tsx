import type { ShouldRevalidateFunction } from "react-router";
import { MessageScreen } from "~/features/contact/messages-screen";
import { messageScreen, messagesScreenAction } from "~/features/contact/messages-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/message";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const m = staffMessagesFor().staff;
  const msg = loaderData?.message;
  return staffPageMeta(m.shell.title(msg ? m.messages.heading(`${msg.firstName} ${msg.lastName}`) : m.shell.screens.messages));
};

/** One contact message; 404 for an unknown id. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return messageScreen(context.get(appContext), context.get(staffContext)!, params.id, new URL(request.url));
}

/** Its lead status, or its deletion. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return messagesScreenAction(context.get(appContext), request, context.get(staffContext)!, form, params.id);
}

/** A deletion that succeeded leaves nothing to read: the page goes to the list. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "delete" && (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  return <MessageScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
