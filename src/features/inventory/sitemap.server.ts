import { precompress, type Precompressed } from "~/server/http/precompressed.server";
import { HREFLANGS, LOCALES, localizedPath } from "~/shared/i18n/locales";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { InventorySnapshot } from "./inventory.server";

/** Public pages listed in the sitemap (the staff dashboard is not public). */
const PUBLIC_PAGES = ["/", "/inventory", "/financing", "/about", "/contact", "/booking", "/trade-in", "/privacy"];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /sitemap.xml's body: every public page and every listed vehicle in every language, as absolute URLs
 * on PUBLIC_URL, each listing all its language versions (and x-default, English) as xhtml:link
 * alternates, as Google's sitemap hreflang format asks.
 */
export function sitemapXml(vehicles: InventorySnapshot["vehicles"], base: string): string {
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
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

const built = new WeakMap<InventorySnapshot, Map<string, Promise<Precompressed>>>();

/**
 * The sitemap of this stock version, built and compressed on first request and kept with the snapshot
 * (about 600 URLs at 200 vehicles: built and compressed per request it held the server to ~90 requests/s).
 */
export function sitemapFor(snapshot: InventorySnapshot, publicUrl: string): Promise<Precompressed> {
  let byUrl = built.get(snapshot);
  if (!byUrl) built.set(snapshot, (byUrl = new Map()));
  let sitemap = byUrl.get(publicUrl);
  if (!sitemap) {
    sitemap = precompress(sitemapXml(snapshot.vehicles, publicUrl));
    byUrl.set(publicUrl, sitemap);
  }
  return sitemap;
}
