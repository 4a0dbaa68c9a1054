import { feedResponse } from "~/features/inventory/inventory-feeds.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/feeds.google-vehicle-ads";

/** /feeds/google-vehicle-ads.tsv: the Google Vehicle Ads (Merchant Center) primary feed of the available vehicles. */
export async function loader({ context }: Route.LoaderArgs) {
  return feedResponse(context.get(appContext), "googleAds");
}
