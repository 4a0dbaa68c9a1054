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
    route("opt-out/:token", "routes/opt-out.tsx", id("opt-out")),
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

/**
 * The staff app (decision 100): one layout route (its session middleware, shell and counts) and a route
 * module per screen in routes/podium/. Each route's id is its pattern, the key of its row in the
 * route-policy table, whose staff area the layout's middleware checks for the route it matched.
 */
function staffPages(): RouteConfigEntry[] {
  const page = (path: string, file: string) => route(path, `routes/podium/${file}`, { id: `podium/${path}` });
  return [
    index("routes/podium/index.tsx", { id: "podium" }),
    page("sign-in", "sign-in.tsx"),
    page("sign-out", "sign-out.tsx"),
    // The live stream of changes (Server-Sent Events, decision 110): a resource route.
    page("events", "events.ts"),
    // The installable staff app (decision 114): its manifest, service worker and offline screen, open to anyone.
    page("manifest.webmanifest", "manifest.ts"),
    page("sw.js", "service-worker.ts"),
    page("offline", "offline.tsx"),
    // The signed-in person's own account: notifications on their devices.
    page("account", "account.tsx"),
    page("search", "search.tsx"),
    page("leads", "leads.tsx"),
    page("customers", "customers.tsx"),
    page("customers/:id", "customer.tsx"),
    page("today", "today.tsx"),
    page("vehicles", "vehicles.tsx"),
    page("vehicles/new", "vehicle-new.tsx"),
    page("vehicles/:id", "vehicle.tsx"),
    page("financing", "financing.tsx"),
    page("financing/:id", "financing-application.tsx"),
    page("messages", "messages.tsx"),
    page("messages/:id", "message.tsx"),
    page("bookings", "bookings.tsx"),
    page("trade-ins", "trade-ins.tsx"),
    page("trade-ins/:id", "trade-in.tsx"),
    page("deals", "deals.tsx"),
    page("deals/:id", "deal.tsx"),
    page("services", "services.tsx"),
    page("reports/leads", "lead-report.tsx"),
    page("reports/visitors", "visitors.tsx"),
    page("reports/alerts", "alerts-report.tsx"),
    page("staff", "staff.tsx"),
    page("audit", "audit.tsx"),
    page("outbox", "outbox.tsx"),
    page("settings", "settings.tsx"),
    page("*", "not-found.tsx"),
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
  // The staff app has its own layout, not the public pages' (and is English only).
  route("podium", "routes/podium/layout.tsx", { id: "podium-layout" }, staffPages()),
  layout("routes/locale-en.tsx", [route("podium/setup", "routes/podium-setup.tsx"), ...publicPages()]),
] satisfies RouteConfig;
