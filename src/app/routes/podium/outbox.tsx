import { OutboxScreen } from "~/features/mail/outbox-screen";
import { outboxScreen, outboxScreenAction } from "~/features/mail/outbox-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { screenMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/outbox";

export const meta = () => screenMeta("outbox");

/** The outbox, by the state in the address (GET /api/admin/outbox's query and use case). */
export function loader({ request, context }: Route.LoaderArgs) {
  return outboxScreen(context.get(appContext), new URL(request.url));
}

/** Retry of a failed mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return outboxScreenAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  return <OutboxScreen data={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
