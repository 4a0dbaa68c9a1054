import { data } from "react-router";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";

export const meta = () => staffPageMeta(staffMessagesFor().staff.shell.notFound.title);

/** Any other /podium/… address: 404 inside the staff shell. */
export function loader(): never {
  throw data({ error: "Not found" }, { status: 404 });
}

export default function StaffNotFound() {
  return null;
}

export const ErrorBoundary = StaffRouteError;
