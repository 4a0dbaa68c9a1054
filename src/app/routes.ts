import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("inventory", "routes/inventory.tsx"),
  route("financing", "routes/financing.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("booking", "routes/booking.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("booking/manage/:token", "routes/booking-manage.tsx"),
  route("podium", "routes/podium.tsx"),
  route("podium/setup", "routes/podium-setup.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("feeds/google-vehicles.tsv", "routes/feeds.google-vehicles.ts"),
  route("feeds/meta-vehicles.csv", "routes/feeds.meta-vehicles.ts"),
  // /used-{year}-{make}-{model}-fitchburg-ma-01430-{id}; any other single segment is a 404.
  route(":vehiclePath", "routes/vehicle.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
