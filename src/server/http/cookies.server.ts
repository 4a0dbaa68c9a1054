import { parseCookie } from "cookie";
import type { Request } from "express";

// The `cookie` package's default decoder returns a malformed %-escape raw; ours drops the cookie.
const decodeOrDrop = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * One cookie from the request's Cookie header, parsed by the `cookie` package: null when absent or
 * when its value is a malformed %-escape (that is "no cookie", never a 500). The first of several
 * cookies with the same name wins, as browsers send the most specific path first.
 */
export function readCookie(req: Pick<Request, "headers">, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  return parseCookie(header, { decode: decodeOrDrop })[name] ?? null;
}

/** `readCookie` for a Fetch API Request (a route loader's, action's or middleware's). */
export function readRequestCookie(request: globalThis.Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  return parseCookie(header, { decode: decodeOrDrop })[name] ?? null;
}
