import { redirectDocument, type MiddlewareFunction } from "react-router";
import { isolatedFromOpenersContext } from "~/server/load-context.server";

/*
 * Documents that take secrets (the financing application's SSN and date of birth, a booking's manage link,
 * the staff dashboard) open in a browsing context group of their own: Cross-Origin-Opener-Policy:
 * same-origin, set by the HTTP layer from the route policy (isolatedFromOpeners). The browsing pages do not
 * send it. On a fresh tab the header makes Chromium commit the page in a new renderer process, and in
 * Lighthouse's mobile run of /contact that cost 200 ms of TBT (decision 052).
 */

/**
 * A client-side navigation keeps the opener policy of the document it started in, so a page that takes
 * secrets must not be reached as data from a browsing page. This root middleware answers such a data
 * request with a document redirect (React Router then loads the page as a document, with its header),
 * whatever link or code started the navigation. The Referer says where the request comes from: our
 * Referrer-Policy sends it in full to our own origin from every browsing page. Requests from a page that is
 * already isolated go on (its own revalidation after a form post, the dashboard's fetchers), and so do
 * requests without a Referer: the pages that send none are the ones with a token in their URL (a booking's
 * manage page, the dashboard's password link), which are isolated themselves. A browser set to send no
 * Referer at all still has the links' own document loads (`reloadDocument`).
 */
export const loadIsolatedPagesAsDocuments: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const url = new URL(request.url);
  // React Router hands middleware the request as it arrived: a data request is "/financing.data", "/_.data" for "/".
  if (request.method !== "GET" || !url.pathname.endsWith(".data")) return next();
  const pathname = url.pathname.replace(/(?:\/_)?\.data$/, "") || "/";
  const from = refererPath(request);
  const isolatesFromOpeners = context.get(isolatedFromOpenersContext);
  if (!isolatesFromOpeners(pathname) || from === null || isolatesFromOpeners(from)) return next();
  url.searchParams.delete("_routes");
  throw redirectDocument(`${pathname}${url.search}`);
};

/** The path of the page the request came from, or null when the browser did not say (or said nonsense). */
function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return null;
  }
}
