import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ROUTE_POLICIES, type PagePostLimit, type RoutePolicy } from "~/app/route-policy.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { routeOfRequest } from "./canonical-paths.server";

/**
 * Guards for the forms that post to page routes (decisions 025, 062 and 087), read from the route
 * policy of the route the request reaches (the route table matches as React Router does, after the
 * path was made canonical): every route with an action takes posts only from this site's own pages (a
 * browser says so in Sec-Fetch-Site; clients that send none, like curl, pass, as they can call /api
 * anyway), within the page's per-client limit (the same budget as its /api twin, one per form for
 * every language and every page that shares it) and its per-process bound on bodies in memory. Both
 * ways a form posts are guarded: the plain POST without JavaScript (/contact) and React Router's with
 * it (/contact.data). A refusal is written in the page's language: on the page itself after a plain
 * POST, in the JSON `{ error }` the form shows after React Router's.
 *
 * A route whose row takes posts from other sites names what answers them (`crossSitePosts`): its handler
 * here runs first, with the route's parameters, and hands any post it does not answer on to the checks.
 */
export type CrossSitePostHandler = (req: Request, res: Response, next: NextFunction, params: Readonly<Record<string, string>>) => void;

export function pageFormPosts(crossSite: Record<Exclude<RoutePolicy["crossSitePosts"], "refused">, CrossSitePostHandler>): RequestHandler {
  // One limiter per limit in the table, made now (express-rate-limit wants its instances made up front).
  const limiters = new Map<PagePostLimit, RequestHandler>();
  for (const { postRateLimit: limit } of Object.values(ROUTE_POLICIES)) {
    if (limit === "none" || limiters.has(limit)) continue;
    // A refused plain POST gets its page with the message on it; React Router's post the JSON `{ error }`.
    limiters.set(limit, rateLimit({ limit: limit.limit, windowMs: limit.windowMs, pagePost: true, message: limit.message }));
  }
  const sameSitePost = (req: Request, res: Response, next: NextFunction) => {
    const route = routeOfRequest(res);
    if (!route || route.policy.bodyLimitBytes === "no action") return next();
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin") {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    // A page with a token in its URL sends no Referer (Referrer-Policy: no-referrer, decision 055), so a
    // browser's plain form post from it says `Origin: null` (Fetch, "serializing a request origin"), and
    // React Router refuses an action whose Origin is not the request's own: 400 "Bad Request", the form
    // lost before JavaScript. Here the origin was withheld, not forged: such a post names a secret token a
    // forged one cannot know, and a browser that says where a post comes from has said it above.
    if (route.policy.tokenInUrl && req.get("origin") === "null") delete req.headers.origin;
    // A body past the form's cap is refused (413) before it is read, and its unread rest stays on
    // the connection; the client's next request there could wait forever. These posts are a few a
    // visit: each closes its connection (RFC 9110 §9.6), and the next request opens a fresh one.
    res.setHeader("Connection", "close");
    const { postRateLimit, inFlightBodyLimit } = route.policy;
    const afterLimit = () => (inFlightBodyLimit === "none" ? next() : inFlightBodyLimit(req, res, next));
    if (postRateLimit === "none") return afterLimit();
    void limiters.get(postRateLimit)!(req, res, (error?: unknown) => (error ? next(error) : afterLimit()));
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const route = routeOfRequest(res);
    const from = route?.policy.crossSitePosts ?? "refused";
    // The page's own address only: React Router's `.data` posts come from the site's pages.
    if (from === "refused" || !route || route.dataRequest) return sameSitePost(req, res, next);
    crossSite[from](req, res, (error?: unknown) => (error ? next(error) : sameSitePost(req, res, next)), route.params);
  };
}
