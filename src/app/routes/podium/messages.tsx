import { data } from "react-router";
import { MessagesListScreen } from "~/features/contact/messages-screen";
import { messagesListScreen, messagesScreenAction } from "~/features/contact/messages-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/messages";

export const meta = () => screenMeta("messages");

/** A page of contact messages as the address's status filter and page link say. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = await messagesListScreen(context.get(appContext), new URL(request.url));
  return data(screen, { status: screen.filterErrors ? 400 : 200 });
}

/** A card's lead status. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return messagesScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  return <MessagesListScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
