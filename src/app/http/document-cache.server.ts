import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { cachedRouteIds } from "~/app/route-policy.server";
import type { AppContext } from "~/server/context.server";
import { vehiclesVersion } from "~/server/data/vehicles.server";
import { precompress, preferredEncoding } from "~/server/http/precompressed.server";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";
import { appContext, clientBuildContext, cspNonceContext, type ClientBuild } from "~/server/load-context.server";
import { WorkSlots } from "~/server/work-slots.server";
import {
  CACHEABLE_STATUS,
  cacheKey,
  clockContentChangesAt,
  isCacheableDocument,
  isPersonalVehiclePage,
} from "./document-cache-policy.server";
import { routeOfRequest } from "./canonical-paths.server";
import { toHashedDocument } from "./hashed-document.server";

type Entry = {
  version: string;
  expires: number;
  status: number;
  csp: string;
  /** SHA-256 of the rendered document: a re-render that comes out the same keeps the compressed bodies. */
  digest: string;
  bodies: { gzip: Buffer; br: Buffer };
  bytes: number;
};
/** A fill that could not be cached (a 404, a redirect): the rendered answer, for the request that asked. */
type Uncacheable = { response: globalThis.Response; nonce: string };

/**
 * Least recently used entries within a byte budget: the cache can never hold more than
 * `maxBytes` of compressed documents however many URLs are asked for. An entry larger than the
 * whole budget is not kept (and replaces nothing).
 */
export class ByteBudgetLru<V extends { bytes: number }> extends LRUCache<string, V> {
  constructor(maxBytes: number) {
    super({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, value.bytes) });
  }

  get bytes(): number {
    return this.calculatedSize;
  }
}

const RENDERS_AT_ONCE = 2;

/**
 * The cache sends its own headers (type, CSP, encoding) and drops the rendered response's. A cached
 * route's `headers` export would be silently lost, so the server refuses to start with one: the route
 * either leaves the cache (route-policy.server.ts) or stops exporting it.
 */
export function refuseHeadersOnCachedRoutes(build: Pick<ServerBuild, "routes">, cachedIds: readonly string[] = cachedRouteIds()): void {
  const offending = cachedIds.filter((id) => build.routes[id]?.module.headers);
  if (offending.length > 0) {
    throw new Error(
      `Route(s) ${offending.join(", ")} export \`headers\`, but their documents are served from the document cache, which would drop them.`,
    );
  }
}

/**
 * The document cache: the home page, the inventory, vehicle pages and the three lead forms (in every
 * language) are rendered once per stock version (and again when the clock changes what it shows), stored pre-compressed
 * within a byte budget, and served to every visitor. Only plain GETs of a document are cached;
 * everything else goes to React Router as usual (docs/decisions/018, 042 and 048).
 */
export function documentCache(ctx: AppContext, build: ServerBuild, mode: string, maxBytes: number, clientBuild: ClientBuild | null) {
  refuseHeadersOnCachedRoutes(build);
  const render = createRequestHandler(build, mode);
  const entries = new ByteBudgetLru<Entry>(maxBytes);
  /**
   * Renders in progress by stock version and key (see `fill`): by version too, so a render of an older
   * version never answers a request that came after a change.
   */
  const pending = new Map<string, Promise<Entry | Uncacheable>>();
  const pendingKeyOf = (version: string, key: string) => `${version} ${key}`;

  /**
   * Renders run two at a time: on a small server they are CPU-bound anyway, and fifty renders at once
   * (a cold start under load, a stock change) held fifty documents and their React trees in memory
   * together, growing the heap for good.
   */
  const renderSlots = new WorkSlots(RENDERS_AT_ONCE, undefined, "page-render");

  /**
   * Renders `key` with `nonce` (the asking request's own) and keeps it if it is the same for everyone;
   * one render per stock version and key at a time, shared by the requests that wait for it.
   */
  function fill(req: Request, key: string, version: string, nonce: string, previous?: Entry): Promise<Entry | Uncacheable> {
    const pendingKey = pendingKeyOf(version, key);
    let filling = pending.get(pendingKey);
    if (!filling) {
      filling = renderInSlot(req, key, version, nonce, previous).finally(() => pending.delete(pendingKey));
      pending.set(pendingKey, filling);
    }
    return filling;
  }

  function renderInSlot(req: Request, key: string, version: string, nonce: string, previous?: Entry): Promise<Entry | Uncacheable> {
    return renderSlots.run(() => fillNow(req, key, version, nonce, previous));
  }

  async function fillNow(req: Request, key: string, version: string, nonce: string, previous?: Entry): Promise<Entry | Uncacheable> {
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    context.set(cspNonceContext, nonce);
    // The page paints first (decision 049): entry.server.tsx inlines its stylesheet and defers its modules.
    context.set(clientBuildContext, clientBuild);
    const headers = new Headers({ "user-agent": req.get("user-agent") ?? "", accept: "text/html" });
    // The asking request's own URL: a redirect keeps its query string even when the key drops it.
    const response = await render(new Request(`http://cache.local${req.originalUrl}`, { headers }), context);
    if (!CACHEABLE_STATUS.has(response.status) || !response.headers.get("content-type")?.startsWith("text/html")) {
      return { response, nonce };
    }
    const rendered = await response.text();
    const { html, scriptHashes } = toHashedDocument(rendered, nonce);
    const digest = crypto.createHash("sha256").update(`${response.status}\n${html}`).digest("base64");
    const expires = clockContentChangesAt(Date.now(), key);
    // Most clock-driven re-renders come out byte for byte the same:
    // compressing them again cost more than rendering them.
    if (previous?.digest === digest) return { ...previous, version, expires };
    // The plain text is not kept: a client that accepts neither encoding gets the gzip copy inflated.
    const { gzip: gz, br } = await precompress(html);
    return {
      version,
      expires,
      status: response.status,
      csp: contentSecurityPolicy(scriptHashes),
      digest,
      bodies: { gzip: gz, br },
      bytes: gz.length + br.length + key.length,
    };
  }

  /** Sends a render that is not cached (404, redirect) as React Router's handler would. */
  async function sendUncacheable(res: Response, { response }: Uncacheable) {
    res.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie") res.append(name, value);
      else res.setHeader(name, value);
    }
    res.setHeader("X-Document-Cache", "bypass");
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOfRequest(res);
    if (!isCacheableDocument(req, route) || isPersonalVehiclePage(req, route)) return next();
    let version: string;
    try {
      version = await vehiclesVersion(ctx.db);
    } catch (error) {
      // The database cannot say what changed: this request renders uncached, so a fault shows the
      // page's own error page in its language, as on a page the cache never holds.
      ctx.logger.warn({ err: error, path: req.path }, "document cache bypassed: stock version unreadable");
      return next();
    }
    try {
      const key = cacheKey(req, route);
      let entry = entries.get(key);
      let state = "hit";
      if (entry && entry.version === version && entry.expires <= Date.now()) {
        // Only the clock moved (the badge, the booking page's days): this request gets the copy it
        // would have got a moment ago, and one re-render runs behind it, so no shopper waits for it.
        state = "stale";
        if (!pending.has(pendingKeyOf(version, key))) {
          fill(req, key, version, res.locals.cspNonce as string, entry).then(
            (filled) => ("bodies" in filled ? entries.set(key, filled) : entries.delete(key)),
            (error: unknown) => ctx.logger.error({ err: error, path: req.path }, "document cache refresh failed"),
          );
        }
      } else if (!entry || entry.version !== version) {
        state = "miss";
        const mine = !pending.has(pendingKeyOf(version, key));
        const filled = await fill(req, key, version, res.locals.cspNonce as string, entry);
        if (!("bodies" in filled)) {
          // Only the request whose nonce rendered it may send it; the others render their own.
          if (mine) return await sendUncacheable(res, filled);
          return next();
        }
        entry = filled;
        entries.set(key, entry);
      }
      res.status(entry.status);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Security-Policy", entry.csp);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("X-Document-Cache", state);
      const encoding = preferredEncoding(req.get("accept-encoding"));
      if (encoding !== "identity") {
        res.setHeader("Content-Encoding", encoding);
        res.end(entry.bodies[encoding]);
      } else {
        // Browsers always accept br or gzip; a client that accepts neither is rare enough to inflate for.
        res.end(zlib.gunzipSync(entry.bodies.gzip));
      }
    } catch (error) {
      next(error);
    }
  };
}
