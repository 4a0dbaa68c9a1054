import crypto from "node:crypto";
import type { Request } from "express";
import { businessProfile, type BusinessProfile } from "~/shared/config/business-profile";
import { computeOpenStatus } from "~/shared/lib/business-hours";
import { dealerToday } from "~/shared/lib/dealer-clock";
import { ESTIMATE_QUERY_FIELDS } from "~/shared/validation/estimate-schema";
import type { RouteOfPath } from "./route-table.server";

/**
 * Which documents the cache keeps, under which key, and for how long (decisions 018, 042, 048). The
 * routes it admits are the ones marked `cachedDocument` in src/app/route-policy.server.ts, found for
 * a request by the route table (decision 087): the home page, the inventory, vehicle pages and the
 * financing, booking and contact forms, in every language (the same for everyone until posted; a post
 * is never cached). The about and privacy pages are rendered per request.
 */

/** Whether a request is for a document the cache may hold: a plain GET of a page its route marks cached (not React Router's data request). */
export function isCacheableDocument(req: Request, route: RouteOfPath | null): route is RouteOfPath {
  return req.method === "GET" && Boolean(route?.policy.cachedDocument) && !route!.dataRequest;
}

const isVehiclePage = (route: RouteOfPath) => route.id === "routes/vehicle" || route.id.endsWith("/vehicle");

/** Answers kept: a page, and a sold vehicle's 410 page with similar vehicles. 404s and redirects are not. */
export const CACHEABLE_STATUS: ReadonlySet<number> = new Set([200, 410]);

/**
 * The inventory's filters live in its query string, so it is part of the key. A vehicle page reads
 * none of it, and ads append a unique click id (`fbclid`, `gclid`) to every visit: keying those on the
 * query would render each visit anew and push every other page out (tested: same HTML with a query).
 */
export function cacheKey(req: Request, route: RouteOfPath): string {
  return isVehiclePage(route) ? req.path : req.originalUrl;
}

/**
 * A vehicle page asked with the estimate's fields (its form before JavaScript) shows that shopper's own
 * breakdown: rendered for them alone, never stored or served to anyone else.
 */
export function isPersonalVehiclePage(req: Request, route: RouteOfPath): boolean {
  return isVehiclePage(route) && ESTIMATE_QUERY_FIELDS.some((field) => field in req.query);
}

/**
 * What a cached page shows that follows the clock, not the stock: the Open/Closed badge (business
 * hours, to the minute), and the dealership's date (the booking page's days, a price drop's 30-day
 * badge, the footer's year). A copy is re-rendered, behind the request that finds it old, when either
 * changes, and at least every MAX_AGE_MS in case something else does.
 *
 * That longest age is spread over a minute by the page's key (MAX_AGE_SPREAD_MS): copies filled together
 * (a start, a stock change) would otherwise all come due in the same second every five minutes, and the
 * burst of re-renders (a hundred pages and more) ran the heap up by 60–100 MB each time (decision 136).
 */
const MAX_AGE_MS = 5 * 60_000;
const MAX_AGE_SPREAD_MS = 60_000;
const MINUTE_MS = 60_000;

/** The longest a copy of `key` is kept: between MAX_AGE_MS − MAX_AGE_SPREAD_MS and MAX_AGE_MS, the same for a key every time. */
export function maxAgeOf(key: string): number {
  return MAX_AGE_MS - (crypto.createHash("sha256").update(key).digest().readUInt32BE(0) % MAX_AGE_SPREAD_MS);
}

/**
 * When the first minute after `now` begins whose badge or dealership date differs from now's, and at the
 * latest `now + maxAgeOf(key)`.
 */
export function clockContentChangesAt(now: number, key: string, profile: BusinessProfile = businessProfile): number {
  const at = (instant: number) => `${computeOpenStatus(new Date(instant), profile)} ${dealerToday(new Date(instant), profile.timeZone)}`;
  const current = at(now);
  const latest = now + maxAgeOf(key);
  for (let minute = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS; minute < latest; minute += MINUTE_MS) {
    if (at(minute) !== current) return minute;
  }
  return latest;
}
