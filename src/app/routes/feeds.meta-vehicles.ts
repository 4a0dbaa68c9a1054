import { vehicleFeeds } from "~/features/inventory/inventory-feeds.server";
import { listInventory } from "~/features/inventory/inventory.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/feeds.meta-vehicles";

/** /feeds/meta-vehicles.csv: Meta's automotive catalog feed of every available and pending vehicle. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { meta } = vehicleFeeds(await listInventory(ctx), ctx.env.publicUrl);
  return new Response(meta, { headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
