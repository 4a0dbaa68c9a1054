import { parseCookie, stringifySetCookie } from "cookie";
import type { NextFunction, Request, Response } from "express";
import {
  campaignFromQuery,
  checkedLeadSource,
  hasCampaign,
  LEAD_SOURCE_FIELDS,
  MAX_LANDING_PAGE_LENGTH,
  referrerOrigin,
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

/** The cookie's value: the fields as a query string ("utmSource=google&landingPage=%2F…"). */
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
 * What a visit says about where it came from: its campaign parameters and the other site that
 * linked to it (our own origin is no referrer), with the landing page. Null for a direct visit.
 */
export function visitSource(originalUrl: string, referer: string | undefined, ownHosts: readonly string[]): LeadSource | null {
  const queryAt = originalUrl.indexOf("?");
  const query = new URLSearchParams(queryAt === -1 ? "" : originalUrl.slice(queryAt + 1));
  const origin = referrerOrigin(referer);
  const referrer = origin && !ownHosts.includes(new URL(origin).host.toLowerCase()) ? origin : undefined;
  const campaign = campaignFromQuery(query);
  if (!hasCampaign(campaign) && !referrer) return null;
  // A landing page too long to keep is kept as its path alone, or not at all.
  const path = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  const landingPage = originalUrl.length <= MAX_LANDING_PAGE_LENGTH ? originalUrl : path;
  return checkedLeadSource({ ...campaign, referrer, landingPage });
}

/**
 * The Set-Cookie value for `source`, within LEAD_SOURCE_MAX_COOKIE_BYTES: the landing page's
 * query goes first, then the landing page, then the referrer, so what is kept is the campaign.
 */
export function leadSourceSetCookie(source: LeadSource, secure: boolean): string | null {
  const attempts: LeadSource[] = [
    source,
    { ...source, landingPage: source.landingPage?.split("?")[0] },
    { ...source, landingPage: undefined },
    { ...source, landingPage: undefined, referrer: undefined },
  ];
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
 * Requests that are no shopper's landing: the dashboard, feeds and crawler files, React Router's data
 * requests, files; and pages whose URL holds a secret (a booking's manage link, a trade-in offer, a
 * deal sheet, an alert's links), whose address must never be copied into a lead, a mail or a CRM.
 */
const NOT_A_LANDING =
  /^\/(?:podium|feeds|api|images|assets)(?:\/|$)|^(?:\/(?:es|pt))?\/(?:booking\/manage|trade-in\/offer|deal|alerts)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * Express middleware for page requests: a visit with campaign parameters replaces the cookie (the
 * latest campaign wins); a visit from another site with none sets it only when the shopper has
 * none yet; a direct visit, or one from our own pages, leaves it as it is.
 */
export function leadSourceCookie(publicUrl: string) {
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NOT_A_LANDING.test(req.path)) return next();
    const ownHosts = [publicHost, (req.get("host") ?? "").toLowerCase()];
    const source = visitSource(req.originalUrl, req.get("referer"), ownHosts);
    if (source && (hasCampaign(source) || !leadSourceFromCookieHeader(req.headers.cookie))) {
      const header = leadSourceSetCookie(source, req.secure);
      if (header) res.append("Set-Cookie", header);
    }
    next();
  };
}
