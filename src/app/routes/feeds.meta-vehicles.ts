import { feedResponse } from "~/features/inventory/inventory-feeds.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/feeds.meta-vehicles";

/** /feeds/meta-vehicles.csv: Meta's automotive catalog feed of every available and pending vehicle. */
export async function loader({ context }: Route.LoaderArgs) {
  return feedResponse(context.get(appContext), "meta");
}
