import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { createRouteTable, type RouteOfPath, type RouteTable } from "./route-table.server";

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status, expose: true });

/** The route the request reaches, as canonicalPaths() found it (null before it ran, or for no route). */
export function routeOfRequest(res: Response): RouteOfPath | null {
  return (res.locals.route as RouteOfPath | null | undefined) ?? null;
}

/** The route table of the build: a loader of it (dev reloads it per request) is read once per build. */
export function routeTableOf(build: ServerBuild | (() => Promise<ServerBuild>)): () => Promise<RouteTable> {
  const tables = new WeakMap<ServerBuild["routes"], RouteTable>();
  return async () => {
    const { routes } = typeof build === "function" ? await build() : build;
    let table = tables.get(routes);
    if (!table) {
      table = createRouteTable(routes);
      tables.set(routes, table);
    }
    return table;
  };
}

/**
 * Every request path is made canonical once, before any route or guard runs (decision 087): a path
 * spelled another way (`/%63ontact`, `/CONTACT`, `//contact`, `/contact/`) is redirected to its one
 * spelling for GET and HEAD (308, query kept) and refused for any other method (400), so a post always
 * names its page the way the guards read it. The route it reaches is kept for the guards after this
 * one (routeOfRequest). Runs after rejectCraftedPaths, which refuses what no spelling makes safe.
 */
export function canonicalPaths(table: () => Promise<RouteTable>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const routes = await table();
    const canonical = routes.canonicalPath(req.path);
    // Kept for the request log too when the request ends here (its line names the route's path, a token redacted).
    res.locals.route = routes.routeOf(canonical);
    if (canonical !== req.path) {
      if (req.method !== "GET" && req.method !== "HEAD") return next(httpError(400, "Bad request"));
      const queryAt = req.originalUrl.indexOf("?");
      res.redirect(308, canonical + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
      return;
    }
    next();
  };
}
