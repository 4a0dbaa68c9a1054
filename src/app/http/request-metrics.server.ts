import type { NextFunction, Request, Response } from "express";
import { observeRequest } from "~/server/metrics/metrics.server";
import { routeOfRequest } from "./canonical-paths.server";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route a request is counted under: a pattern, never its path (a path holds ids and tokens, and one
 * series per path would grow without end). Files by their folder; the API by the Express route that
 * answered (`/api/admin/vehicles/:id`); pages by their route id in the route table (`routes/vehicle`,
 * `es/vehicle`), as every guard reads it (decision 087); anything else is `unmatched`.
 */
export function routeLabel(req: Request, res: Response): string {
  const path = req.originalUrl.split("?", 1)[0]!;
  if (path === "/healthz" || path === "/metrics") return path;
  if (path.startsWith("/images/")) return "/images/:file";
  if (path.startsWith("/assets/")) return "/assets/:file";
  const route = (req as Request & { route?: { path?: unknown } }).route;
  const express = route && typeof route.path === "string" ? `${req.baseUrl}${route.path}` : null;
  if (path.startsWith("/api/")) return express ?? "/api/unmatched";
  // Pages: every one passes the catch-all handler, so the route table names it.
  const page = routeOfRequest(res);
  if (page) return `page:${page.id}${page.dataRequest ? ".data" : ""}`;
  return express ?? "unmatched";
}

/** Times every request into `dealer_http_request_duration_seconds` (decision 122). First middleware of the app. */
export function requestMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      observeRequest(routeLabel(req, res), METHODS.has(req.method) ? req.method : "OTHER", res.statusCode, seconds);
    });
    next();
  };
}
