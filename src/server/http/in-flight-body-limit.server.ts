import type { NextFunction, Request, Response } from "express";

/**
 * Caps the request-body bytes a route holds in memory at once. Each request counts its
 * declared Content-Length (browsers always send one for form data; a chunked body without
 * one counts as `unknownLengthBytes`, and the JSON parser's own limit still bounds it); past `maxBytes` the
 * request gets 503 with Retry-After. Routes that parse large JSON bodies (financing uploads
 * of up to 30 MB, ~3x that once parsed) use it so a burst cannot exhaust the heap, while
 * ordinary small submissions are never turned away.
 */
export function inFlightBodyLimit(options: { maxBytes: number; bodyLimitBytes: number; unknownLengthBytes: number; message: string }) {
  let inFlight = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.get("content-length"));
    const bytes = Number.isFinite(declared) && declared > 0 ? Math.min(declared, options.bodyLimitBytes) : options.unknownLengthBytes;
    if (inFlight > 0 && inFlight + bytes > options.maxBytes) {
      res.setHeader("Retry-After", "5");
      res.status(503).json({ error: options.message });
      return;
    }
    inFlight += bytes;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= bytes;
    };
    res.once("finish", release);
    res.once("close", release);
    next();
  };
}
