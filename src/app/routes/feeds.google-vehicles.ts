import { vehicleFeeds } from "~/features/inventory/inventory-feeds.server";
import { listInventory } from "~/features/inventory/inventory.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/feeds.google-vehicles";

/** /feeds/google-vehicles.tsv: the Google Vehicle Listings feed of every available and pending vehicle. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { google } = vehicleFeeds(await listInventory(ctx), ctx.env.publicUrl);
  return new Response(google, {
    headers: { "Content-Type": "text/tab-separated-values; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
