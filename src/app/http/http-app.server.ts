import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext } from "~/server/context.server";
import { checkHealth } from "~/server/health.server";
import { allowedMethods } from "~/server/http/allowed-methods.server";
import { errorHandler } from "~/server/http/error-handler.server";
import { rejectCraftedPaths } from "~/server/http/reject-crafted-paths.server";
import { requestLog } from "~/server/http/request-log.server";
import { listRoutes } from "~/server/http/route-list.server";
import { alertVisitCounter, alertsOneClickUnsubscribe } from "~/features/alerts/alerts-api.server";
import { securityHeaders, type RouteHeaders } from "~/server/http/security-headers.server";
import { precompressedAssets } from "~/server/http/precompressed-assets.server";
import { staticHeaders } from "~/server/http/static-headers.server";
import { publicImages } from "~/server/images/public-images.server";
import { serverNow } from "~/server/clock.server";
import { metricsEndpoint } from "~/server/http/metrics-endpoint.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { leadSourceCookie } from "~/server/leads/lead-source-cookie.server";
import {
  appContext,
  clientAddressContext,
  cspNonceContext,
  formRefusalContext,
  isolatedFromOpenersContext,
  clientBuildContext,
} from "~/server/load-context.server";
import { readClientBuild } from "~/app/http/client-build.server";
import { apiRouter } from "./api.server";
import { canonicalPaths, routeOfRequest, routeTableOf } from "./canonical-paths.server";
import { documentCache } from "./document-cache.server";
import { pageFormPosts } from "./page-form-posts.server";
import { requestMetrics } from "./request-metrics.server";

/**
 * serve-static answers 403 to "..", encoded separators and dotfiles. A 404 tells a prober
 * nothing about what exists outside the folder (path traversal → 404).
 */
const refusedPathIsNotFound: ErrorRequestHandler = (err: { status?: number; statusCode?: number }, _req, _res, next) => {
  if (err?.status === 403 || err?.statusCode === 403) return next(Object.assign(new Error("Not found"), { status: 404, expose: true }));
  next(err);
};

export type HttpAppOptions = {
  ctx: AppContext;
  /** The React Router server build, or a loader of it (dev reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client in production; omitted in dev, where Vite serves assets. */
  clientDir?: string;
  /** Vite's dev middleware, mounted before the page handler in dev. */
  devMiddleware?: RequestHandler;
};

/** One Express app serving /api, images, static assets and the server-rendered pages. */
export function createHttpApp({ ctx, build, clientDir, devMiddleware }: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Public pages paint first with the build's stylesheet inlined (decisions 049, 144); none in development.
  const clientBuild = clientDir ? readClientBuild(clientDir) : null;
  app.set("trust proxy", ctx.env.trustProxy ? 1 : false);
  // Every request is timed by its route pattern, the two below included (decision 122).
  app.use(requestMetrics());
  // For Prometheus: its own access check (a bearer token, or this machine only), before the request log.
  app.get("/metrics", metricsEndpoint(ctx.env.metricsToken));
  // For load balancers: before the request log (polled every few seconds) and every other middleware.
  app.get("/healthz", async (_req, res) => {
    const health = await checkHealth(ctx);
    res
      .status(health.ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(health);
  });
  const api = apiRouter(ctx);
  const routeTable = routeTableOf(build);
  app.use(requestLog(ctx.logger, (res) => routeOfRequest(res)?.pathForLogs ?? null));
  app.use(allowedMethods(listRoutes(api).map((route) => route.method)));
  app.use(rejectCraftedPaths());
  // Every path in its one spelling before any route or guard runs, and the route it reaches for the guards (decision 087).
  app.use(canonicalPaths(routeTable));
  app.use(compression());

  // No static handler redirects a directory to its trailing-slash form: that redirect copied the raw
  // request path (a backslash included) into Location, and no URL of ours names a directory.
  // Static files get only the headers that matter for them (a document's CSP does not apply
  // to a script or an image, and a phone pays ~1 KB of headers per request otherwise).
  // Photo variants are named by content hash and Vite fingerprints /assets: cache for a year. Photos come
  // from the folder or the bucket, through the app either way (decision 121).
  app.use("/images", staticHeaders, ...publicImages(fileStoreFor(ctx), () => serverNow(ctx)));
  if (clientDir) {
    app.use(
      "/assets",
      staticHeaders,
      precompressedAssets(path.join(clientDir, "assets")),
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false, fallthrough: false }),
      refusedPathIsNotFound,
    );
  }

  // A route's headers from its row of the route table, for the path the router will match: opener
  // isolation, token pages (no referrer, private no-store) and staff pages, never stored by a browser or a
  // proxy, their refusals (401, 403) included, which React Router renders from an error and so without a
  // route's own headers (decisions 087, 088, 100).
  const noRoute: RouteHeaders = { isolatedFromOpeners: false, tokenInUrl: false, staffPage: false };
  app.use(
    securityHeaders((res) => {
      const policy = routeOfRequest(res)?.policy;
      return policy ? { ...policy, staffPage: policy.staffArea !== "not staff" } : noRoute;
    }),
  );
  app.use("/api", api);
  // The route table names the one route a post may come to from another site and what answers it there.
  app.use(pageFormPosts({ "one-click unsubscribe": alertsOneClickUnsubscribe(ctx) }));
  // Before the lead-source cookie: a file is no shopper's landing.
  if (clientDir) {
    // Only the build's few top-level files (the favicon), by name: a page request must not wait for a
    // file lookup in libuv's thread pool, which compression work can hold for milliseconds at a time.
    const topLevelFiles = fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`);
    if (topLevelFiles.length > 0) app.get(topLevelFiles, express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }
  // Before the document cache: the cached home and inventory pages run no per-request code, and a
  // campaign's visit lands on them (docs/decisions/078-lead-source-and-lead-report.md).
  const isLanding = (res: Response) => {
    const route = routeOfRequest(res);
    return Boolean(route?.policy.leadSourceLanding && !route.dataRequest);
  };
  app.use(leadSourceCookie(ctx.env.publicUrl, isLanding));
  // A visit from an alert mail's link lands on a page like any campaign's (decision 115).
  app.use(alertVisitCounter(ctx, isLanding));
  if (devMiddleware) app.use(devMiddleware);
  // Production only: in dev the build is reloaded on every request.
  if (typeof build !== "function") {
    app.use(documentCache(ctx, build, ctx.env.isProduction ? "production" : "development", ctx.env.documentCacheBytes, clientBuild));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: ctx.env.isProduction ? "production" : "development",
      getLoadContext: async (req, res) => {
        const table = await routeTable();
        const context = new RouterContextProvider();
        context.set(appContext, ctx);
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(clientBuildContext, clientBuild);
        context.set(formRefusalContext, res.locals.formRefusal as string | undefined);
        context.set(isolatedFromOpenersContext, (path) => Boolean(table.routeOf(path)?.policy.isolatedFromOpeners));
        context.set(clientAddressContext, req.ip ?? null);
        return context;
      },
    }),
  );
  app.use(errorHandler(ctx.logger));
  return app;
}
