import { listInventory } from "~/features/inventory/inventory.server";
import { sitemapFor } from "~/features/inventory/sitemap.server";
import { precompressedResponse } from "~/server/http/precompressed.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page and every vehicle, as absolute URLs on PUBLIC_URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const sitemap = await sitemapFor(await listInventory(ctx), ctx.env.publicUrl);
  return precompressedResponse(request, sitemap, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=600",
  });
}
