import { useRouteLoaderData } from "react-router";
import type { ClockOffset } from "~/shared/lib/business-hours";
import { useMessages } from "~/shared/i18n/messages";
import { Island } from "~/shared/ui/island";
import { OpenStatusIsland } from "./open-status-island";

/** The header's Open/Closed badge, an island that refreshes itself each minute (open-status-island.tsx). */
export function OpenStatusBadge() {
  const m = useMessages();
  // The root loader's offset of the dealership's clock (absent on an error page before the root loaded).
  const offset = (useRouteLoaderData("root") as { clockOffset?: ClockOffset } | undefined)?.clockOffset;
  return <Island name="open-status" view={OpenStatusIsland} props={{ offset, open: m.layout.open, closed: m.layout.closed }} />;
}
