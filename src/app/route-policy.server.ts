import { ALERTS_FORM_MAX_BYTES, ALERTS_RATE_LIMIT, SAVED_RATE_LIMIT } from "~/features/alerts/alerts-api.server";
import { BOOKING_FORM_MAX_BYTES } from "~/features/booking/booking-form-action.server";
import { BOOKING_RATE_LIMIT } from "~/features/booking/booking-api.server";
import { CONTACT_FORM_MAX_BYTES } from "~/features/contact/contact-form-action.server";
import { CONTACT_RATE_LIMIT } from "~/features/contact/contact-api.server";
import { DEAL_FORM_MAX_BYTES, DEAL_RATE_LIMIT } from "~/features/deal/deal-sheet-api.server";
import { FINANCING_RATE_LIMIT } from "~/features/financing/financing-api.server";
import { FINANCING_FORM_MAX_BYTES } from "~/features/financing/financing-form-action.server";
import { SETUP_FORM_MAX_BYTES } from "~/features/staff/setup-form.server";
import { TRADE_IN_BODY_LIMIT_BYTES, TRADE_IN_RATE_LIMIT } from "~/features/trade-in/trade-in-api.server";

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
};

const page = (policy: Partial<RoutePolicy>): RoutePolicy => ({
  cachedDocument: false,
  isolatedFromOpeners: false,
  bodyLimitBytes: "no action",
  postRateLimit: "none",
  ...policy,
});

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
  // This device's saved list (its cookie): rendered per shopper, never cached. Its action takes the
  // hearts and "Save this search" posted without JavaScript, and Remove (decision 115).
  saved: page({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES, postRateLimit: SAVED_RATE_LIMIT }),
  // The alerts form's action: per client here, per address in the service (decision 115).
  alerts: page({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES, postRateLimit: ALERTS_RATE_LIMIT }),
  // Tokens in the URL (no referrer, not indexed, never cached): the confirmation's button reads no body.
  "alerts-confirm": page({ bodyLimitBytes: "body not read" }),
  // The manage page's buttons (pause, resume, delete, unsubscribe).
  "alerts-manage": page({ bodyLimitBytes: ALERTS_FORM_MAX_BYTES }),
  // The List-Unsubscribe URL: its button reads no body. A mail provider's one-click POST (RFC 8058) is
  // answered before any page guard by alertsOneClickRouter: cross-site, no same-site check, 2 KB body
  // (decision 116).
  "alerts-unsubscribe": page({ bodyLimitBytes: "body not read" }),
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
  // The staff dashboard: its actions are the /api routes (sign-in limits: decision 056).
  "routes/podium": page({ isolatedFromOpeners: true }),
  "routes/podium-setup": page({ isolatedFromOpeners: true, bodyLimitBytes: SETUP_FORM_MAX_BYTES }),
};

/** The ids of the routes whose document the cache keeps. */
export function cachedRouteIds(): string[] {
  return Object.entries(ROUTE_POLICIES)
    .filter(([, policy]) => policy.cachedDocument)
    .map(([id]) => id);
}
