import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/robots";

/** /robots.txt: crawlers stay out of the staff dashboard and the API. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext).env;
  const body = ["User-agent: *", "Disallow: /podium", "Disallow: /api", "Allow: /", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
