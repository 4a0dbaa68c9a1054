import { StaffSearchScreen } from "~/features/leads/staff-search-screen";
import { staffSearch } from "~/features/leads/staff-search.server";
import { appContext, staffContext } from "~/server/load-context.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { staffPageMeta } from "~/shared/staff/staff-screens";
import { StaffRouteError } from "~/shared/ui/staff/staff-route-error";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = () => {
  const m = staffMessagesFor().staff;
  return staffPageMeta(m.shell.title(m.search.title));
};

/** /podium/search?q=: the shell's search, for whatever the person's role may open. */
export function loader({ request, context }: Route.LoaderArgs) {
  return staffSearch(context.get(appContext), context.get(staffContext)!, new URL(request.url).searchParams.get("q") ?? "");
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <StaffSearchScreen results={loaderData} />;
}

export const ErrorBoundary = StaffRouteError;
