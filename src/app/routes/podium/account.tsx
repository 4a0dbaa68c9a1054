import { NotificationsSection } from "~/features/push/notifications-section";
import { notificationsAction, notificationsSection } from "~/features/push/notifications-screen.server";
import { readStaffForm } from "~/server/http/staff-form.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor, useStaffMessages } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/account";

export const meta = () => staffPageMeta(staffMessagesFor().staff.shell.title(staffMessagesFor().staffApp.account.title));

/** The signed-in person's own account screen (any role): for now, notifications on their devices (decision 114). */
export function loader({ context }: Route.LoaderArgs) {
  return notificationsSection(context.get(appContext), context.get(staffContext)!);
}

/** Remove one of their devices, or save their quiet hours. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request);
  return notificationsAction(context.get(appContext), request, context.get(staffContext)!, form);
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const m = useStaffMessages().staffApp.account;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{m.title}</h1>
      <NotificationsSection data={loaderData} />
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
