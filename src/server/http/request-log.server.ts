import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/logger.server";

/**
 * One structured line per request: method, path, status, duration. Never bodies, queries or cookies
 * (the staff setup link's token is in its query); the logger's `path` serialiser redacts a booking's
 * manage token (logger.server.ts).
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger[level](
        { method: req.method, path: req.originalUrl.split("?", 1)[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
