import type { NextFunction, Request, Response } from "express";

// C0 controls, DEL and the backslash: no page, photo or asset URL of ours holds one once decoded.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001F\u007F\\]/;

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status, expose: true });

/**
 * Refuses crafted paths before any handler sees them: a malformed %-escape is a 400;
 * a decoded control character, backslash or "." / ".." segment is a 404. Without this, `/%09/x/%2e%2e`
 * reached the page renderer, whose URL parser threw a 500.
 */
export function rejectCraftedPaths() {
  return (req: Request, _res: Response, next: NextFunction) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next(httpError(400, "Bad request"));
    }
    if (UNSAFE_CHARACTERS.test(decoded) || decoded.split("/").some((segment) => segment === "." || segment === "..")) {
      return next(httpError(404, "Not found"));
    }
    next();
  };
}
