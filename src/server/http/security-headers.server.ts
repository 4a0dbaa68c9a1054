import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** The CSP's directives other than script-src, which carries a nonce or script hashes. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The map facade loads the maps embed only after the shopper asks (docs/behaviour.md §2 Maps).
  frameSrc: ["https://www.google.com"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

/**
 * The Content-Security-Policy header value allowing same-origin scripts plus `scriptSources`
 * (a `'nonce-…'` or `'sha256-…'` hashes of a cached document's inline scripts).
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  const directives: Record<string, string[]> = { ...CSP_DIRECTIVES, scriptSrc: ["'self'", ...scriptSources] };
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`)
    .join(";");
}

/**
 * What the route a request reaches asks of its headers (src/app/route-policy.server.ts, through the route
 * table). `staffPage`: a route with a staff area (decision 100), whose answers are never stored.
 */
export type RouteHeaders = { isolatedFromOpeners: boolean; tokenInUrl: boolean; staffPage: boolean };

/**
 * Security headers for every response: a nonce-based CSP, nosniff, frame-ancestors 'none', a strict
 * Referrer-Policy, COOP on the documents that take secrets (decision 052), and HSTS when the request
 * arrived over HTTPS. A page whose URL holds a secret (a booking's manage link, a trade-in offer, a deal
 * sheet and its PDF, a mail's opt-out link, the staff setup link) sends no Referer at all, so no request it starts carries the
 * token, and is never kept by a browser's or a shared cache: Cache-Control: private, no-store (the deal
 * sheet shows the shopper's name; decision 088). Staff pages are never stored either (no-store, decision
 * 100). `routeHeaders` says which, for the route the request reaches in whatever spelling (decision 087).
 */
const NONCE_BYTES = 16;
/**
 * Random bytes for 256 nonces, drawn from the system's generator at once: one call per 256 requests
 * instead of one per request, which was 1 % of a server's CPU under the mixed load (decision 148). Each
 * byte is used for one nonce only.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolUsed = noncePool.length;

/** A fresh CSP nonce: 128 random bits (CSP Level 3 §2.3.1 asks for at least 128), base64. */
export function newCspNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + NONCE_BYTES);
  noncePoolUsed += NONCE_BYTES;
  return nonce;
}

export function securityHeaders(routeHeaders: (res: Response) => RouteHeaders) {
  const withHelmet = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Set below, per path: a route's own Referrer-Policy header would be sent beside helmet's, not instead.
    referrerPolicy: false,
    crossOriginEmbedderPolicy: false,
    // CSP frame-ancestors 'none' is the one anti-framing policy (decision 021); helmet's default
    // X-Frame-Options: SAMEORIGIN contradicted it.
    xFrameOptions: false,
    crossOriginOpenerPolicy: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = newCspNonce();
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${res.locals.cspNonce}'`]));
    const route = routeHeaders(res);
    if (route.isolatedFromOpeners) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Referrer-Policy", route.tokenInUrl ? "no-referrer" : "strict-origin-when-cross-origin");
    if (route.tokenInUrl) res.setHeader("Cache-Control", "private, no-store");
    else if (route.staffPage) res.setHeader("Cache-Control", "no-store");
    withHelmet(req, res, next);
  };
}
