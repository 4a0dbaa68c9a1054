import { parseCookie, stringifySetCookie } from "cookie";
import type { NextFunction, Request, Response } from "express";
import {
  campaignFromQuery,
  checkedLeadSource,
  hasCampaign,
  LEAD_SOURCE_FIELDS,
  referrerHostOf,
  type LeadSource,
} from "~/shared/leads/lead-source";

/**
 * The first-party cookie that remembers which visit brought a shopper, until they send a lead
 * (docs/decisions/078-lead-source-and-lead-report.md). Set by the server on the page response, so a
 * shopper without JavaScript is attributed too and no public page loads a byte more script; set
 * before the document cache, whose pages run no per-request code.
 */
export const LEAD_SOURCE_COOKIE = "lead_source";
export const LEAD_SOURCE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Far below a browser's 4 KB per cookie: the cookie rides on every request to the site. */
export const LEAD_SOURCE_MAX_COOKIE_BYTES = 1024;

/** The cookie's value: the fields as a query string ("utmSource=google&referrer=www.google.com"). */
export function encodeLeadSource(source: LeadSource): string {
  const params = new URLSearchParams();
  for (const field of LEAD_SOURCE_FIELDS) {
    const value = source[field];
    if (value) params.set(field, value);
  }
  return params.toString();
}

/** A cookie's value read back through the same checks as a URL; null when nothing valid is in it. */
export function decodeLeadSource(value: string | null | undefined): LeadSource | null {
  if (!value || value.length > LEAD_SOURCE_MAX_COOKIE_BYTES * 3) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(value);
  } catch {
    return null;
  }
  return checkedLeadSource(Object.fromEntries(LEAD_SOURCE_FIELDS.map((field) => [field, params.get(field) ?? undefined])));
}

/** The lead source a request carries in its Cookie header (a page's form post, an /api call), or null. */
export function leadSourceFromCookieHeader(header: string | null | undefined): LeadSource | null {
  if (!header) return null;
  // The raw value: decodeLeadSource reads it as a query string, which does its own unescaping.
  return decodeLeadSource(parseCookie(header, { decode: (v) => v })[LEAD_SOURCE_COOKIE]);
}

/**
 * What a visit says about where it came from: its campaign parameters (utm_*, click ids) and the host of
 * the other site that linked to it (our own host is no referrer). Never the address visited: a page's
 * path could hold a token (decision 087). Null for a direct visit.
 */
export function visitSource(originalUrl: string, referer: string | undefined, ownHosts: readonly string[]): LeadSource | null {
  const queryAt = originalUrl.indexOf("?");
  const query = new URLSearchParams(queryAt === -1 ? "" : originalUrl.slice(queryAt + 1));
  const host = referrerHostOf(referer);
  const referrer = host && !ownHosts.includes(host) ? host : undefined;
  const campaign = campaignFromQuery(query);
  if (!hasCampaign(campaign) && !referrer) return null;
  return checkedLeadSource({ ...campaign, referrer });
}

/**
 * The Set-Cookie value for `source`, within LEAD_SOURCE_MAX_COOKIE_BYTES (every field capped, so it
 * always fits; the referrer goes first should it not, so what is kept is the campaign).
 */
export function leadSourceSetCookie(source: LeadSource, secure: boolean): string | null {
  const attempts: LeadSource[] = [source, { ...source, referrer: undefined }];
  for (const attempt of attempts) {
    const value = encodeLeadSource(attempt);
    if (!value) return null;
    const header = stringifySetCookie(
      {
        name: LEAD_SOURCE_COOKIE,
        value,
        maxAge: LEAD_SOURCE_MAX_AGE_SECONDS,
        path: "/",
        // Lax: sent on the shopper's own navigations and form posts to the site, never on another site's requests.
        sameSite: "lax",
        httpOnly: true,
        secure,
      },
      // Already a query string in cookie-safe characters: encoding it again would only double its escapes.
      { encode: (v) => v },
    );
    if (header.length <= LEAD_SOURCE_MAX_COOKIE_BYTES) return header;
  }
  return null;
}

/**
 * Express middleware for page requests: a visit with campaign parameters replaces the cookie (the
 * latest campaign wins); a visit from another site with none sets it only when the shopper has
 * none yet; a direct visit, or one from our own pages, leaves it as it is. `isLanding` says whether the
 * route the request reaches is a shopper's landing: not the dashboard, feeds, data requests or files,
 * nor a page whose URL holds a secret (decision 087 reads it from the route table, for every spelling).
 */
export function leadSourceCookie(publicUrl: string, isLanding: (res: Response) => boolean) {
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isLanding(res)) return next();
    const ownHosts = [publicHost, (req.get("host") ?? "").toLowerCase().replace(/:\d+$/, "")];
    const source = visitSource(req.originalUrl, req.get("referer"), ownHosts);
    if (source && (hasCampaign(source) || !leadSourceFromCookieHeader(req.headers.cookie))) {
      const header = leadSourceSetCookie(source, req.secure);
      if (header) res.append("Set-Cookie", header);
    }
    next();
  };
}
