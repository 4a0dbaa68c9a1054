import type { RequestHandler } from "express";
import { ALERTS_FORM_MAX_BYTES, ALERTS_RATE_LIMIT, SAVED_RATE_LIMIT } from "~/features/alerts/alerts-api.server";
import { BOOKING_FORM_MAX_BYTES } from "~/features/booking/booking-form-action.server";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_FORM_MAX_BYTES } from "~/features/contact/contact-form-action.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { DEAL_FORM_MAX_BYTES, DEAL_RATE_LIMIT } from "~/features/deal/deal-sheet-api.server";
import { OPT_OUT_FORM_MAX_BYTES } from "~/features/contact-preferences/opt-out.server";
import { FINANCING_RATE_LIMIT, financingInFlightLimit } from "~/features/financing/financing-api.server";
import { FINANCING_FORM_MAX_BYTES } from "~/features/financing/financing-form-action.server";
import { SETUP_FORM_MAX_BYTES } from "~/features/staff/setup-form.server";
import { VEHICLE_FORM_MAX_BYTES, vehicleFormInFlightLimit } from "~/features/vehicles/vehicle-screen.server";
import { VEHICLES_FORM_MAX_BYTES } from "~/features/vehicles/vehicles-screen.server";
import { TRADE_IN_BODY_LIMIT_BYTES, TRADE_IN_RATE_LIMIT, tradeInInFlightLimit } from "~/features/trade-in/trade-in-api.server";
import { SIGN_IN_FORM_MAX_BYTES } from "~/features/staff/sign-in-form.server";
import { STAFF_FORM_MAX_BYTES } from "~/server/http/staff-form.server";
import { alertsMessagesFor } from "~/shared/i18n/alerts-messages";
import { messagesFor } from "~/shared/i18n/catalogues";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import type { Locale } from "~/shared/i18n/locales";
import { rateLimitMessagesFor } from "~/shared/i18n/rate-limit-messages";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import type { StaffArea } from "~/shared/staff/staff-roles";

/** A page form's per-client limit, shared by every page that names the same object (and by every language). */
export type PagePostLimit = { limit: number; windowMs: number; message: (locale: Locale) => string };

/**
 * What the HTTP layer does for each route of routes.ts, in one place (decision 064). The guards read it
 * through the route table (src/app/http/route-table.server.ts), which finds a request's route as React
 * Router does, for every spelling of its path (decision 087); `src/app/route-policy.test.ts` checks this
 * table against routes.ts, so a new route cannot be added without saying what it gets.
 */
export type RoutePolicy = {
  /** Rendered once and served to everyone from the document cache (decisions 018, 042, 048). */
  cachedDocument: boolean;
  /** Sent with Cross-Origin-Opener-Policy: same-origin, and never reached as data from a browsing page (decision 052). */
  isolatedFromOpeners: boolean;
  /**
   * Its URL holds a secret (a token): Referrer-Policy: no-referrer, Cache-Control: private, no-store, and
   * never a lead source's landing page (decisions 078, 088).
   */
  tokenInUrl: boolean;
  /** A shopper's visit here may set the lead-source cookie (decision 078): the public pages without a token. */
  leadSourceLanding: boolean;
  /**
   * The most a post to the route's action may carry (the action answers 413 past it); "no action" where
   * the route takes no post, "body not read" where its action reads no body. Every route with an action
   * takes posts only from this site's own pages (Sec-Fetch-Site).
   */
  bodyLimitBytes: number | "no action" | "body not read";
  /**
   * Posts from other sites are refused (403) before the route's action, which React Router would refuse
   * too when they carry another Origin. The one exception: "one-click unsubscribe", a List-Unsubscribe
   * URL that a mail provider POSTs `List-Unsubscribe=One-Click` to from its own servers (RFC 8058 §3.2,
   * decision 116); such a post is answered by the alerts' one-click handler before the same-site check
   * and React Router, any other post to the route meets the same-site check as usual.
   */
  crossSitePosts: "refused" | "one-click unsubscribe";
  /** The per-client limit on posts to the page, or "none". */
  postRateLimit: PagePostLimit | "none";
  /** The per-process bound on such bodies in memory at once, shared with the route's /api twin, or "none". */
  inFlightBodyLimit: RequestHandler | "none";
  /**
   * Who may open a staff page (decision 100), checked with its posts' same-site check on the server by
   * the podium layout's middleware (src/app/lib/staff-session.server.ts) for the route it matched: the
   * staff area a role needs (`canUseArea`), "any staff" (any signed-in person), "signed out" (reachable
   * without a session: sign-in, the setup link), or "not staff" for the public pages.
   */
  staffArea: StaffArea | "any staff" | "signed out" | "not staff";
  /**
   * A staff route that is a stream for scripts, not a page (`/podium/events`, decision 110): signed out
   * it answers 401 like the JSON API, instead of sending the browser to the sign-in page.
   */
  signedOutAnswer: "sign-in page" | "401";
};

const page = (policy: Partial<RoutePolicy>): RoutePolicy => ({
  cachedDocument: false,
  isolatedFromOpeners: false,
  tokenInUrl: false,
  leadSourceLanding: true,
  bodyLimitBytes: "no action",
  crossSitePosts: "refused",
  postRateLimit: "none",
  inFlightBodyLimit: "none",
  staffArea: "not staff",
  signedOutAnswer: "sign-in page",
  ...policy,
});

/** A page whose URL holds a token: never cached anywhere, no Referer, never a landing. */
const tokenPage = (policy: Partial<RoutePolicy>): RoutePolicy => page({ tokenInUrl: true, leadSourceLanding: false, ...policy });
/** What no shopper lands on: files for crawlers and ad platforms, the staff pages. */
const notALanding = (policy: Partial<RoutePolicy>): RoutePolicy => page({ leadSourceLanding: false, ...policy });

// The same budgets as the forms' /api twins, with the refusal in the page's language.
const CONTACT_POSTS: PagePostLimit = { ...CONTACT_RATE_LIMIT, message: (locale) => messagesFor(locale).contact.api.tooMany };
const BOOKING_POSTS: PagePostLimit = { ...BOOKING_RATE_LIMIT, message: (locale) => messagesFor(locale).booking.api.tooMany };
const FINANCING_POSTS: PagePostLimit = { ...FINANCING_RATE_LIMIT, message: (locale) => rateLimitMessagesFor(locale).financing };
const TRADE_IN_POSTS: PagePostLimit = { ...TRADE_IN_RATE_LIMIT, message: (locale) => tradeInMessagesFor(locale).api.tooMany };
const DEAL_POSTS: PagePostLimit = { ...DEAL_RATE_LIMIT, message: (locale) => dealSheetMessagesFor(locale).form.tooMany };
const ALERTS_POSTS: PagePostLimit = { ...ALERTS_RATE_LIMIT, message: (locale) => alertsMessagesFor(locale).form.tooMany };
const SAVED_POSTS: PagePostLimit = { ...SAVED_RATE_LIMIT, message: (locale) => alertsMessagesFor(locale).form.tooMany };

/**
 * A staff page: isolated from openers like every /podium document (decision 052), never cached (the HTTP
 * layer sends no-store for every route with a staff area, decision 100), never a shopper's landing.
 */
const staffPage = (staffArea: RoutePolicy["staffArea"], bodyLimitBytes: RoutePolicy["bodyLimitBytes"] = "no action"): RoutePolicy =>
  notALanding({ isolatedFromOpeners: true, staffArea, bodyLimitBytes });

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
  // The live stream (Server-Sent Events, decision 110): anyone signed in; it sends each role only what that role may see.
  "podium/events": { ...staffPage("any staff"), signedOutAnswer: "401" },
  // The installable staff app (decision 114): the browser fetches its manifest and service worker, and the
  // worker the offline screen, without a session; none carries anyone's data. Never stored (no-store).
  "podium/manifest.webmanifest": staffPage("signed out"),
  "podium/sw.js": staffPage("signed out"),
  "podium/offline": staffPage("signed out"),
  // Anyone signed in, for their own devices and quiet hours.
  "podium/account": staffPage("any staff", STAFF_FORM_MAX_BYTES),
  "podium/leads": staffPage("leads", STAFF_FORM_MAX_BYTES),
  "podium/customers": staffPage("customers"),
  "podium/customers/:id": staffPage("customers", STAFF_FORM_MAX_BYTES),
  "podium/today": staffPage("today", STAFF_FORM_MAX_BYTES),
  // The CSV import's file (multipart) and its confirmation; a vehicle's form with photos chosen without
  // JavaScript (multipart, full size), bounded per process like the financing uploads (decision 105).
  "podium/vehicles": staffPage("vehicles", VEHICLES_FORM_MAX_BYTES),
  "podium/vehicles/new": { ...staffPage("vehicles", VEHICLE_FORM_MAX_BYTES), inFlightBodyLimit: vehicleFormInFlightLimit },
  "podium/vehicles/:id": { ...staffPage("vehicles", VEHICLE_FORM_MAX_BYTES), inFlightBodyLimit: vehicleFormInFlightLimit },
  "podium/financing": staffPage("financing", STAFF_FORM_MAX_BYTES),
  "podium/financing/:id": staffPage("financing", STAFF_FORM_MAX_BYTES),
  "podium/messages": staffPage("messages", STAFF_FORM_MAX_BYTES),
  "podium/messages/:id": staffPage("messages", STAFF_FORM_MAX_BYTES),
  "podium/bookings": staffPage("bookings", STAFF_FORM_MAX_BYTES),
  "podium/trade-ins": staffPage("tradeIns"),
  "podium/trade-ins/:id": staffPage("tradeIns", STAFF_FORM_MAX_BYTES),
  "podium/deals": staffPage("deals"),
  "podium/deals/:id": staffPage("deals", STAFF_FORM_MAX_BYTES),
  "podium/services": staffPage("services", STAFF_FORM_MAX_BYTES),
  "podium/reports/leads": staffPage("reports"),
  "podium/reports/visitors": staffPage("visitors"),
  // The alerts' figures: the lead report's area, as GET /api/admin/reports/alerts.
  "podium/reports/alerts": staffPage("reports"),
  "podium/staff": staffPage("staff", STAFF_FORM_MAX_BYTES),
  "podium/audit": staffPage("audit"),
  "podium/outbox": staffPage("outbox", STAFF_FORM_MAX_BYTES),
  "podium/settings": staffPage("settings", STAFF_FORM_MAX_BYTES),
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
    postRateLimit: FINANCING_POSTS,
    inFlightBodyLimit: financingInFlightLimit,
  }),
  about: page({}),
  contact: page({ cachedDocument: true, bodyLimitBytes: CONTACT_FORM_MAX_BYTES, postRateLimit: CONTACT_POSTS }),
  booking: page({ cachedDocument: true, bodyLimitBytes: BOOKING_FORM_MAX_BYTES, postRateLimit: BOOKING_POSTS }),
  privacy: page({}),
  // Its action cancels the booking its token names: it reads the token from the URL, not a body.
  "booking-manage": tokenPage({ isolatedFromOpeners: true, bodyLimitBytes: "body not read" }),
  // The 'Message Us' form posts here: the contact form's cap and limit (one budget with /contact).
  vehicle: page({ cachedDocument: true, bodyLimitBytes: CONTACT_FORM_MAX_BYTES, postRateLimit: CONTACT_POSTS }),
  // The appraisal form: a multipart post with up to 10 photos before JavaScript.
  "trade-in": page({ bodyLimitBytes: TRADE_IN_BODY_LIMIT_BYTES, postRateLimit: TRADE_IN_POSTS, inFlightBodyLimit: tradeInInFlightLimit }),
  // An offer's page: its token is in the URL (not indexed), and it takes no post.
  "trade-in-offer": tokenPage({}),
  // "Send me this deal": a few short fields, the contact form's limit (decision 070).
  deal: page({ bodyLimitBytes: DEAL_FORM_MAX_BYTES, postRateLimit: DEAL_POSTS }),
  // A deal sheet's page: its token is in the URL (not indexed, the shopper's name on it), and it takes no post.
  "deal-sheet": tokenPage({}),
  // A customer mail's opt-out link (decision 094): its token is in the URL; it takes the channels to stop.
  "opt-out": tokenPage({ bodyLimitBytes: OPT_OUT_FORM_MAX_BYTES }),
  // This device's saved list (its cookie): rendered per shopper, never cached. Its action takes the
  // hearts and "Save this search" posted without JavaScript, and Remove (decision 115).
  saved: page({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES, postRateLimit: SAVED_POSTS }),
  // The alerts form's action: per client here, per address in the service (decision 115).
  alerts: page({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES, postRateLimit: ALERTS_POSTS }),
  // An alert address's links (decision 116): the token is in the URL. The confirmation's button reads no body.
  "alerts-confirm": tokenPage({ bodyLimitBytes: "body not read" }),
  // The manage page's buttons (pause, resume, delete, unsubscribe).
  "alerts-manage": tokenPage({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES }),
  // The List-Unsubscribe URL of every alert mail: its page's button reads no body; a mail provider's
  // one-click POST (RFC 8058) comes from the provider's servers, cross-site, and is answered here.
  "alerts-unsubscribe": tokenPage({ bodyLimitBytes: "body not read", crossSitePosts: "one-click unsubscribe" }),
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
  "routes/sitemap": notALanding({}),
  "routes/robots": notALanding({}),
  "routes/feeds.google-vehicles": notALanding({}),
  "routes/feeds.google-vehicle-ads": notALanding({}),
  "routes/feeds.meta-vehicles": notALanding({}),
  // A deal sheet's PDF: private like its page, never cached.
  "routes/deal-sheet-pdf": tokenPage({}),
  // The setup link's token is in its query string.
  "routes/podium-setup": tokenPage({ isolatedFromOpeners: true, bodyLimitBytes: SETUP_FORM_MAX_BYTES, staffArea: "signed out" }),
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

/** What a signed-out request to the staff route React Router matched gets: the sign-in page, or 401 for a stream. */
export function staffSignedOutAnswer(pattern: string): RoutePolicy["signedOutAnswer"] {
  return ROUTE_POLICIES[pattern.replace(/^\//, "")]?.signedOutAnswer ?? "sign-in page";
}

/** The ids of the routes whose document the cache keeps. */
export function cachedRouteIds(): string[] {
  return Object.entries(ROUTE_POLICIES)
    .filter(([, policy]) => policy.cachedDocument)
    .map(([id]) => id);
}
