import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/logger.server";
import { StorageUnavailableError } from "~/server/storage/file-store.server";

/** What a request that needed the file store hears while it is out of reach (decision 123). */
export const STORAGE_UNAVAILABLE_MESSAGE = "Photos and documents cannot be stored or read right now. Please try again in a few minutes.";

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
    const unavailable = err instanceof StorageUnavailableError;
    const busy = status === 503 && err.retryAfterSeconds !== undefined;
    if (unavailable) message = STORAGE_UNAVAILABLE_MESSAGE;
    else if (busy) message = "The server is busy. Please try again in a few seconds.";
    // The logger's err serialiser writes type, message, code and stack inside the one JSON line.
    // The store logged the failure itself (file-store.server.ts); this line names the request it failed.
    if (unavailable) logger.warn({ path: req.path, operation: err.operation }, "request refused: file storage unavailable");
    else if (busy) logger.warn({ path: req.path, reason: err.message }, "busy");
    else if (status >= 500) logger.error({ err, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status);
    if (busy) res.setHeader("Retry-After", String(err.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || req.path === "/api") res.json({ error: message });
    else res.type("text/plain").send(message);
  };
}
