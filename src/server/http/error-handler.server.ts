import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/logger.server";

/** `retryAfterSeconds`: a 503 that says the server is momentarily busy (e.g. PasswordHashingBusyError), not broken. */
type HttpishError = Error & { status?: number; statusCode?: number; type?: string; expose?: boolean; retryAfterSeconds?: number };

/**
 * Last-resort error handler: clear JSON for /api, plain text elsewhere, and never a stack
 * trace or the request body in a response. Body-parser errors keep their 4xx status.
 */
export function errorHandler(logger: Logger) {
  return (err: HttpishError, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    let message = "Internal server error";
    if (err.type === "entity.too.large") message = "Request body is too large";
    else if (err.type === "entity.parse.failed") message = "Malformed JSON";
    else if (status === 404) message = "Not found";
    else if (status < 500 && err.expose) message = err.message;
    const busy = status === 503 && err.retryAfterSeconds !== undefined;
    if (busy) message = "The server is busy. Please try again in a few seconds.";
    // The logger's err serialiser writes type, message, code and stack inside the one JSON line.
    if (busy) logger.warn({ path: req.path, reason: err.message }, "busy");
    else if (status >= 500) logger.error({ err, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status);
    if (busy) res.setHeader("Retry-After", String(err.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || req.path === "/api") res.json({ error: message });
    else res.type("text/plain").send(message);
  };
}
