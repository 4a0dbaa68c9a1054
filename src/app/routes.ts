import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The public pages, once per language: English at the unprefixed paths, Spanish under /es/ and
 * Portuguese under /pt/ (docs/decisions/044-languages-in-urls.md). Each language's layout route
 * brings its catalogue; English keeps the plain route ids, the others get "es/…" and "pt/…".
 */
function publicPages(locale?: "es" | "pt"): RouteConfigEntry[] {
  const id = (name: string) => (locale ? { id: `${locale}/${name}` } : {});
  return [
    index("routes/home.tsx", id("home")),
    route("inventory", "routes/inventory.tsx", id("inventory")),
    route("financing", "routes/financing.tsx", id("financing")),
    route("about", "routes/about.tsx", id("about")),
    route("contact", "routes/contact.tsx", id("contact")),
    route("booking", "routes/booking.tsx", id("booking")),
    route("privacy", "routes/privacy.tsx", id("privacy")),
    route("booking/manage/:token", "routes/booking-manage.tsx", id("booking-manage")),
    route("trade-in", "routes/trade-in.tsx", id("trade-in")),
    route("trade-in/offer/:token", "routes/trade-in-offer.tsx", id("trade-in-offer")),
    route("deal", "routes/deal.tsx", id("deal")),
    route("deal/:token", "routes/deal-sheet.tsx", id("deal-sheet")),
    // Saved vehicles and searches, and their e-mail alerts (docs/behaviour.md §21).
    route("saved", "routes/saved.tsx", id("saved")),
    route("alerts", "routes/alerts.tsx", id("alerts")),
    route("alerts/confirm/:token", "routes/alerts-confirm.tsx", id("alerts-confirm")),
    route("alerts/:token", "routes/alerts-manage.tsx", id("alerts-manage")),
    route("alerts/:token/unsubscribe", "routes/alerts-unsubscribe.tsx", id("alerts-unsubscribe")),
    // /used-{year}-{make}-{model}-fitchburg-ma-01430-{id}; any other single segment is a 404.
    route(":vehiclePath", "routes/vehicle.tsx", id("vehicle")),
    route("*", "routes/not-found.tsx", id("not-found")),
  ];
}

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("feeds/google-vehicles.tsv", "routes/feeds.google-vehicles.ts"),
  route("feeds/google-vehicle-ads.tsv", "routes/feeds.google-vehicle-ads.ts"),
  route("feeds/meta-vehicles.csv", "routes/feeds.meta-vehicles.ts"),
  // The deal sheet's PDF is written in the shopper's language whatever the path: one path.
  route("deal/:token/sheet.pdf", "routes/deal-sheet-pdf.ts"),
  ...prefix("es", [layout("routes/locale-es.tsx", publicPages("es"))]),
  ...prefix("pt", [layout("routes/locale-pt.tsx", publicPages("pt"))]),
  layout("routes/locale-en.tsx", [
    route("podium", "routes/podium.tsx"),
    route("podium/setup", "routes/podium-setup.tsx"),
    ...publicPages(),
  ]),
] satisfies RouteConfig;
