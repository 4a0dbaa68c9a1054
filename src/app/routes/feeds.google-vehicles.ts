import { feedResponse } from "~/features/inventory/inventory-feeds.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/feeds.google-vehicles";

/** /feeds/google-vehicles.tsv: the Google Vehicle Listings (free listings) feed of the available vehicles. */
export async function loader({ context }: Route.LoaderArgs) {
  return feedResponse(context.get(appContext), "googleListings");
}
