import { BOOKING_FORM_MAX_BYTES } from "~/features/booking/booking-form-action.server";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_FORM_MAX_BYTES } from "~/features/contact/contact-form-action.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { DEAL_FORM_MAX_BYTES, DEAL_RATE_LIMIT } from "~/features/deal/deal-sheet-api.server";
import { FINANCING_RATE_LIMIT } from "~/features/financing/financing-api.server";
import { FINANCING_FORM_MAX_BYTES } from "~/features/financing/financing-form-action.server";
import { SETUP_FORM_MAX_BYTES } from "~/features/staff/setup-form.server";
import { SIGN_IN_FORM_MAX_BYTES } from "~/features/staff/sign-in-form.server";
import { TRADE_IN_BODY_LIMIT_BYTES, TRADE_IN_RATE_LIMIT } from "~/features/trade-in/trade-in-api.server";
import { STAFF_FORM_MAX_BYTES } from "~/server/http/staff-form.server";
import type { StaffArea } from "~/shared/staff/staff-roles";

/**
 * What the HTTP layer does for each route of routes.ts, in one place (decision 064). Each column is
 * carried out elsewhere, and `src/app/route-policy.test.ts` checks this table against routes.ts and
 * against the code that carries it out, so a new route cannot be added without saying what it gets.
 */
export type RoutePolicy = {
  /** Rendered once and served to everyone from the document cache (decisions 018, 042, 048): `isCacheableDocumentPath`. */
  cachedDocument: boolean;
  /** Sent with Cross-Origin-Opener-Policy: same-origin, and never reached as data from a browsing page (decision 052): `isolatesFromOpeners`. */
  isolatedFromOpeners: boolean;
  /**
   * The most a post to the route's action may carry (the action answers 413 past it); "no action" where
   * the route takes no post, "body not read" where its action reads no body.
   */
  bodyLimitBytes: number | "no action" | "body not read";
  /** The per-client limit on posts to the page (page-form-posts.server.ts), or "none". */
  postRateLimit: { limit: number; windowMs: number } | "none";
  /**
   * Who may open a staff page (decision 100), checked with its posts' same-site check on the server by
   * the podium layout's middleware (src/app/lib/staff-session.server.ts) for the route it matched: the
   * staff area a role needs (`canUseArea`), "any staff" (any signed-in person), "signed out" (reachable
   * without a session: sign-in, the setup link), or "not staff" for the public pages.
   */
  staffArea: StaffArea | "any staff" | "signed out" | "not staff";
};

const page = (policy: Partial<RoutePolicy>): RoutePolicy => ({
  cachedDocument: false,
  isolatedFromOpeners: false,
  bodyLimitBytes: "no action",
  postRateLimit: "none",
  staffArea: "not staff",
  ...policy,
});

/** A staff page: isolated from openers like every /podium document (decision 052), never cached. */
const staffPage = (staffArea: RoutePolicy["staffArea"], bodyLimitBytes: RoutePolicy["bodyLimitBytes"] = "no action"): RoutePolicy =>
  page({ isolatedFromOpeners: true, staffArea, bodyLimitBytes });

/**
 * The staff app's routes (src/app/routes/podium/, children of the podium layout route). Their ids are
 * their patterns ("podium/customers/:id"), so the layout's middleware finds a route's row from the
 * pattern React Router matched (`staffPageAccess`). The screens still shown as the old dashboard's
 * panels take no posts of their own: they call /api/admin, whose table (route-access.server.ts) decides.
 */
const STAFF_PAGES = {
  // /podium: the person's first screen, or the new URL of an old ?tab=…&id=… link.
  podium: staffPage("any staff"),
  "podium/sign-in": staffPage("signed out", SIGN_IN_FORM_MAX_BYTES),
  // Its action ends the session it is sent with (or every session of the person): nothing to read but the intent.
  "podium/sign-out": staffPage("signed out", STAFF_FORM_MAX_BYTES),
  "podium/search": staffPage("any staff"),
  "podium/leads": staffPage("leads", STAFF_FORM_MAX_BYTES),
  "podium/customers": staffPage("customers"),
  "podium/customers/:id": staffPage("customers", STAFF_FORM_MAX_BYTES),
  "podium/today": staffPage("today", STAFF_FORM_MAX_BYTES),
  "podium/vehicles": staffPage("vehicles"),
  "podium/financing": staffPage("financing"),
  "podium/financing/:id": staffPage("financing"),
  "podium/messages": staffPage("messages"),
  "podium/bookings": staffPage("bookings"),
  "podium/trade-ins": staffPage("tradeIns"),
  "podium/trade-ins/:id": staffPage("tradeIns"),
  "podium/deals": staffPage("deals"),
  "podium/deals/:id": staffPage("deals"),
  "podium/services": staffPage("services"),
  "podium/reports/leads": staffPage("reports"),
  "podium/reports/visitors": staffPage("visitors"),
  "podium/staff": staffPage("staff"),
  "podium/audit": staffPage("audit"),
  "podium/outbox": staffPage("outbox"),
  "podium/settings": staffPage("settings"),
  // Any other /podium/… path: the staff app's own "not found", inside its shell.
  "podium/*": staffPage("any staff"),
} satisfies Record<string, RoutePolicy>;

/** The public pages, by their English route id's name (routes.ts gives the other languages "es/…" and "pt/…"). */
const PUBLIC_PAGES = {
  home: page({ cachedDocument: true }),
  inventory: page({ cachedDocument: true }),
  financing: page({
    cachedDocument: true,
    isolatedFromOpeners: true,
    bodyLimitBytes: FINANCING_FORM_MAX_BYTES,
    postRateLimit: FINANCING_RATE_LIMIT,
  }),
  about: page({}),
  contact: page({ cachedDocument: true, bodyLimitBytes: CONTACT_FORM_MAX_BYTES, postRateLimit: CONTACT_RATE_LIMIT }),
  booking: page({ cachedDocument: true, bodyLimitBytes: BOOKING_FORM_MAX_BYTES, postRateLimit: BOOKING_RATE_LIMIT }),
  privacy: page({}),
  // Its action cancels the booking its token names: it reads the token from the URL, not a body.
  "booking-manage": page({ isolatedFromOpeners: true, bodyLimitBytes: "body not read" }),
  // The 'Message Us' form posts here: the contact form's cap and limit.
  vehicle: page({ cachedDocument: true, bodyLimitBytes: CONTACT_FORM_MAX_BYTES, postRateLimit: CONTACT_RATE_LIMIT }),
  // The appraisal form: a multipart post with up to 10 photos before JavaScript.
  "trade-in": page({ bodyLimitBytes: TRADE_IN_BODY_LIMIT_BYTES, postRateLimit: TRADE_IN_RATE_LIMIT }),
  // An offer's page: its token is in the URL (no referrer, not indexed), and it takes no post.
  "trade-in-offer": page({}),
  // "Send me this deal": a few short fields, the contact form's limit (decision 070).
  deal: page({ bodyLimitBytes: DEAL_FORM_MAX_BYTES, postRateLimit: DEAL_RATE_LIMIT }),
  // A deal sheet's page: its token is in the URL (no referrer, not indexed), and it takes no post.
  "deal-sheet": page({}),
  "not-found": page({}),
} satisfies Record<string, RoutePolicy>;

const inEveryLanguage = Object.fromEntries(
  Object.entries(PUBLIC_PAGES).flatMap(([name, policy]) => [
    [`routes/${name}`, policy],
    [`es/${name}`, policy],
    [`pt/${name}`, policy],
  ]),
);

/** Route id → policy. Layout routes have no document of their own and are not listed. */
export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  ...inEveryLanguage,
  // Resource routes: text files for crawlers and ad platforms, no document.
  "routes/sitemap": page({}),
  "routes/robots": page({}),
  "routes/feeds.google-vehicles": page({}),
  "routes/feeds.google-vehicle-ads": page({}),
  "routes/feeds.meta-vehicles": page({}),
  // A deal sheet's PDF: private like its page, never cached.
  "routes/deal-sheet-pdf": page({}),
  "routes/podium-setup": page({ isolatedFromOpeners: true, bodyLimitBytes: SETUP_FORM_MAX_BYTES, staffArea: "signed out" }),
  ...STAFF_PAGES,
};

/**
 * Who may open the staff route React Router matched, by its pattern ("/podium/customers/:id" or
 * "podium/customers/:id"). A pattern with no row is the owner's only: deny by default.
 */
export function staffPageAccess(pattern: string): Exclude<RoutePolicy["staffArea"], "not staff"> {
  const policy = ROUTE_POLICIES[pattern.replace(/^\//, "")];
  return policy && policy.staffArea !== "not staff" ? policy.staffArea : "settings";
}

/** The ids of the routes whose document the cache keeps. */
export function cachedRouteIds(): string[] {
  return Object.entries(ROUTE_POLICIES)
    .filter(([, policy]) => policy.cachedDocument)
    .map(([id]) => id);
}
