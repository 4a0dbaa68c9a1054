import { listInventory } from "~/features/inventory/inventory.server";
import { appContext } from "~/server/load-context.server";
import { HREFLANGS, LOCALES, localizedPath } from "~/shared/i18n/locales";
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
  // Every page in every language, each listing all its language versions (and x-default, English)
  // as xhtml:link alternates, as Google's sitemap hreflang format asks.
  const pageEntries = (path: string, lastmod?: string) => {
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: HREFLANGS[locale], href: base + localizedPath(path, locale) })),
      { hreflang: "x-default", href: base + path },
    ]
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join("");
    const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
    return LOCALES.map((locale) => `  <url><loc>${escapeXml(base + localizedPath(path, locale))}</loc>${modified}${alternates}</url>`);
  };
  const entries = [
    ...PUBLIC_PAGES.flatMap((path) => pageEntries(path)),
    ...vehicles.flatMap((v) => pageEntries(vehiclePath(v), v.updatedAt)),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
