import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/logger.server";

/**
 * One structured line per request: method, path, status, duration. Never bodies, queries or cookies
 * (the staff setup link's token is in its query). `pathOf` names the path as the route table read it,
 * a token in it redacted (the app's routes whose URL holds a secret, decision 088); without one, or for
 * a request that ended before the table was asked, the raw path, which the logger's `path` serialiser
 * still passes through its token redaction (logger.server.ts).
 */
export function requestLog(logger: Logger, pathOf: (res: Response) => string | null = () => null) {
  // These four fields are all a request line holds, so the logger's field redaction (wildcard paths such as
  // `*.ssn`, for the lines that log a record) has nothing to find in them; run on every line it was three
  // quarters of the line's cost (decision 148). The `path` serialiser's token redaction still applies.
  const lines = logger.child({}, { redact: { paths: [] } });
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      lines[level](
        { method: req.method, path: pathOf(res) ?? req.originalUrl.split("?", 1)[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
