import { parseCookie, stringifySetCookie } from "cookie";
import type { NextFunction, Request, Response } from "express";

/** The session cookie: no Max-Age, so it ends with the browser session (the server enforces 30 min idle / 12 h). */
export const SESSION_COOKIE = "staff_session";
/** Between the password and the code: 5 minutes, only sent to the sign-in API. */
export const PENDING_COOKIE = "staff_pending";
/** Set at a completed sign-in: this browser is one the account signed in from (its failures count apart from strangers'). */
export const DEVICE_COOKIE = "staff_device";
/** The pending and device cookies are only ever read by the sign-in API, and by the sign-in page's action (its own pair). */
const API_PATH = "/api/admin";
/** The sign-in page posts as a document (never `.data`), so its pending and device cookies need only its path. */
export const SIGN_IN_PAGE_PATH = "/podium/sign-in";
const pathOf = (name: string) => (name === SESSION_COOKIE ? "/" : API_PATH);

/** One cookie's value; null when absent or malformed (a bad %-escape is no cookie, not a 500). */
export function readStaffCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  try {
    return parseCookie(header)[name] ?? null;
  } catch {
    return null;
  }
}

/** httpOnly, SameSite=Strict, Secure behind HTTPS. */
export function setStaffCookie(req: Request, res: Response, name: string, value: string, maxAgeMs?: number): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: "strict",
    secure: req.secure,
    path: pathOf(name),
    ...(maxAgeMs !== undefined && { maxAge: maxAgeMs }),
  });
}

export function clearStaffCookie(req: Request, res: Response, name: string): void {
  res.clearCookie(name, { httpOnly: true, sameSite: "strict", secure: req.secure, path: pathOf(name) });
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses cross-site state-changing requests: the browser's Sec-Fetch-Site must say
 * same-origin, or (older browsers) Origin must equal this server's origin (decision 013).
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = req.get("origin");
  if (!origin) return false;
  return origin === `${req.protocol}://${req.get("host")}`;
}

export function sameOriginGuard(req: Request, res: Response, next: NextFunction): void {
  if (STATE_CHANGING.has(req.method) && !isSameOrigin(req)) {
    res.status(403).json({ error: "Cross-site request refused" });
    return;
  }
  next();
}

/**
 * The same cookies for a route action or middleware (a Fetch API Request): a Set-Cookie line. The
 * session cookie is the API's (path /); the pending and device cookies of the sign-in page live at its
 * path, so a browser that signs in both ways keeps a pair for each, each read only where it was set.
 */
export function staffSetCookie(request: globalThis.Request, name: string, value: string, maxAgeMs?: number): string {
  return stringifySetCookie({
    name,
    value,
    httpOnly: true,
    sameSite: "strict",
    secure: new URL(request.url).protocol === "https:",
    path: name === SESSION_COOKIE ? "/" : SIGN_IN_PAGE_PATH,
    ...(maxAgeMs !== undefined && { maxAge: Math.floor(maxAgeMs / 1000) }),
  });
}

export const clearStaffSetCookie = (request: globalThis.Request, name: string): string => staffSetCookie(request, name, "", 0);

/** `isSameOrigin` for a Fetch API Request: Sec-Fetch-Site same-origin, or an Origin equal to the request's own. */
export function isSameOriginRequest(request: globalThis.Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(request.url).origin;
}
