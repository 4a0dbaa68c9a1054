import { redirect } from "react-router";
import { staffContext } from "~/server/load-context.server";
import { firstScreenFor, legacyTabUrl } from "~/shared/staff/staff-screens";
import type { Route } from "./+types/index";

/**
 * /podium: the person's first screen (a salesperson's leads, finance's applications, service's
 * bookings), or, for a link of the old dashboard that staff mails carry (`/podium?tab=financing&id=…`),
 * the new URL of that screen and record (decision 100). A screen the role may not open answers 403 there.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext)!;
  const params = new URL(request.url).searchParams;
  throw redirect(legacyTabUrl(params.get("tab"), params.get("id")) ?? firstScreenFor(staff.role));
}
