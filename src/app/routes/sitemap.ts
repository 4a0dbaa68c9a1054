import { listInventory } from "~/features/inventory/inventory.server";
import { appContext } from "~/server/load-context.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Route } from "./+types/sitemap";

/** Public pages listed in the sitemap (the staff dashboard is not public). */
const PUBLIC_PAGES = ["/", "/inventory", "/financing", "/about", "/contact", "/booking", "/privacy"];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** /sitemap.xml: every public page and every vehicle, as absolute URLs on PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { vehicles } = await listInventory(ctx);
  const base = ctx.env.publicUrl;
  const entries = [
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`),
    ...vehicles.map((v) => `  <url><loc>${escapeXml(base + vehiclePath(v))}</loc><lastmod>${escapeXml(v.updatedAt)}</lastmod></url>`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
