import type { Request } from "express";
import { businessProfile, type BusinessProfile } from "~/shared/config/business-profile";
import { computeOpenStatus } from "~/shared/lib/business-hours";
import { dealerToday } from "~/shared/lib/dealer-clock";
import { ESTIMATE_QUERY_FIELDS } from "~/shared/validation/estimate-schema";

/**
 * Which documents the cache keeps, under which key, and for how long (decisions 018, 042, 048). The
 * routes this admits are the ones marked `cachedDocument` in src/app/route-policy.server.ts; a test
 * holds the two together.
 */

/**
 * An optional language prefix (`/es`, `/pt`), then a page where shoppers land: the home page, the
 * inventory, a vehicle page, or the financing, booking and contact forms (the same for everyone until
 * posted; a post is never cached). The about and privacy pages are rendered per request.
 */
const CACHEABLE_PATH =
  /^(?:\/(?:es|pt)(?=\/|$))?(?:\/|\/inventory|\/financing|\/booking|\/contact|\/used-[^/]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;

/** Whether a request path is a document the cache may hold (see CACHEABLE_PATH). */
export function isCacheableDocumentPath(path: string): boolean {
  return CACHEABLE_PATH.test(path);
}

/** Answers kept: a page, and a sold vehicle's 410 page with similar vehicles. 404s and redirects are not. */
export const CACHEABLE_STATUS: ReadonlySet<number> = new Set([200, 410]);

/**
 * The inventory's filters live in its query string, so it is part of the key. A vehicle page reads
 * none of it, and ads append a unique click id (`fbclid`, `gclid`) to every visit: keying those on the
 * query would render each visit anew and push every other page out (tested: same HTML with a query).
 */
export function cacheKey(req: Request): string {
  return VEHICLE_PATH.test(req.path) ? req.path : req.originalUrl;
}
const VEHICLE_PATH = /\/used-[^/]*$/i;

/**
 * A vehicle page asked with the estimate's fields (its form before JavaScript) shows that shopper's own
 * breakdown: rendered for them alone, never stored or served to anyone else.
 */
export function isPersonalVehiclePage(req: Request): boolean {
  return VEHICLE_PATH.test(req.path) && ESTIMATE_QUERY_FIELDS.some((field) => field in req.query);
}

/**
 * What a cached page shows that follows the clock, not the stock: the Open/Closed badge (business
 * hours, to the minute), and the dealership's date (the booking page's days, a price drop's 30-day
 * badge, the footer's year). A copy is re-rendered, behind the request that finds it old, when either
 * changes, and at least every MAX_AGE_MS in case something else does.
 */
const MAX_AGE_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

/** When the first minute after `now` begins whose badge or dealership date differs from now's (at most `now + MAX_AGE_MS`). */
export function clockContentChangesAt(now: number, profile: BusinessProfile = businessProfile): number {
  const at = (instant: number) => `${computeOpenStatus(new Date(instant), profile)} ${dealerToday(new Date(instant), profile.timeZone)}`;
  const current = at(now);
  for (let minute = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS; minute < now + MAX_AGE_MS; minute += MINUTE_MS) {
    if (at(minute) !== current) return minute;
  }
  return now + MAX_AGE_MS;
}
