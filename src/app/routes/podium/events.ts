import { staffEventStream } from "~/features/staff/staff-event-stream.server";
import { appContext, staffContext } from "~/server/load-context.server";
import type { Route } from "./+types/events";

/**
 * /podium/events: the signed-in person's live stream of changes (Server-Sent Events, decision 110). A
 * resource route of the podium layout, so its guard runs first: signed out, 401 (its row of the route
 * table says it is a stream, not a page to sign in to).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return staffEventStream(context.get(appContext), request, context.get(staffContext)!);
}
