import type { NextFunction, Request, Response } from "express";

/** Every method a page answers: React Router renders GET and HEAD, and a form posts to its page. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** The order methods are listed in an Allow header. */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"];

/**
 * Answers a method no route of ours takes with 405 and an Allow header, and OPTIONS with 204 and the same
 * header (no CORS grant: the site calls only itself), before any handler sees it. React
 * Router refused PROPFIND, TRACE or OPTIONS on a page before matching one, and its root error boundary,
 * with no language to speak, then failed: a 500. `apiMethods` are those the /api routers register (HEAD
 * comes with GET); an /api path that does not route one of them still answers the API's JSON 404.
 */
export function allowedMethods(apiMethods: readonly string[]) {
  const api = METHOD_ORDER.filter((method) => PAGE_METHODS.includes(method) || apiMethods.includes(method));
  const allowHeader = { page: PAGE_METHODS.join(", "), api: api.join(", ") };
  return (req: Request, res: Response, next: NextFunction) => {
    const isApi = req.path === "/api" || req.path.startsWith("/api/");
    if ((isApi ? api : PAGE_METHODS).includes(req.method)) return next();
    res.setHeader("Allow", isApi ? allowHeader.api : allowHeader.page);
    res.setHeader("Cache-Control", "no-store");
    if (req.method === "OPTIONS") return void res.status(204).end();
    res.status(405);
    if (isApi) res.json({ error: "Method not allowed" });
    else res.type("text/plain").send("Method not allowed");
  };
}
