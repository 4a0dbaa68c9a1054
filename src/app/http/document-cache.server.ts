import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext } from "~/server/context.server";
import { vehiclesVersion } from "~/server/data/vehicles.server";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";
import { appContext, cspNonceContext } from "~/server/load-context.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** An optional language prefix (`/es`, `/pt`), then the home page, the inventory or a vehicle page. */
const CACHEABLE_PATH =
  /^(?:\/(?:es|pt)(?=\/|$))?(?:\/|\/inventory|\/used-[^/]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;
/** The Open/Closed badge is rendered into the HTML: never serve a copy older than this. */
const MAX_AGE_MS = 30_000;
/** Answers kept: a page, and a sold vehicle's 410 page with similar vehicles. 404s and redirects are not. */
const CACHEABLE_STATUS = new Set([200, 410]);

type Entry = { version: string; expires: number; status: number; csp: string; bodies: { gzip: Buffer; br: Buffer }; bytes: number };
/** A fill that could not be cached (a 404, a redirect): the rendered answer, for the request that asked. */
type Uncacheable = { response: globalThis.Response; nonce: string };

/** Inline `<script …>` elements with their text, as rendered by React Router and React. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Re-keys a rendered document from its per-request nonce to hashes of its inline scripts,
 * so the same bytes can be served to everyone with an equally strict CSP: a script whose
 * text was not rendered by us still cannot run (docs/decisions/018-document-cache.md).
 */
export function toHashedDocument(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const withoutNonce = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const match of withoutNonce.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes) || text.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: withoutNonce, scriptHashes: [...hashes] };
}

/**
 * The inventory's filters live in its query string, so it is part of the key. A vehicle page reads
 * none of it, and ads append a unique click id (`fbclid`, `gclid`) to every visit: keying those on the
 * query would render each visit anew and push every other page out (tested: same HTML with a query).
 */
function cacheKey(req: Request): string {
  return VEHICLE_PATH.test(req.path) ? req.path : req.originalUrl;
}
const VEHICLE_PATH = /\/used-[^/]*$/i;

/** Whether a request path is a document the cache may hold (see CACHEABLE_PATH). */
export function isCacheableDocumentPath(path: string): boolean {
  return CACHEABLE_PATH.test(path);
}

/**
 * Least recently used entries within a byte budget: the cache can never hold more than
 * `maxBytes` of compressed documents however many URLs are asked for.
 */
export class ByteBudgetLru<V extends { bytes: number }> {
  private readonly entries = new Map<string, V>();
  private used = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes > this.maxBytes) return;
    this.entries.set(key, value);
    this.used += value.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= old.bytes;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.used -= old.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }
}

/**
 * The document cache: the home page, the inventory and vehicle pages (in every language) are
 * rendered once per stock version (and at most every 30 s for the badge), stored pre-compressed
 * within a byte budget, and served to every visitor. Only plain GETs of a document are cached;
 * everything else goes to React Router as usual (docs/decisions/018 and 042).
 */
export function documentCache(ctx: AppContext, build: ServerBuild, mode: string, maxBytes: number) {
  const render = createRequestHandler(build, mode);
  const entries = new ByteBudgetLru<Entry>(maxBytes);
  const pending = new Map<string, Promise<Entry | Uncacheable>>();

  /** Renders `key` with `nonce` (the asking request's own) and keeps it if it is the same for everyone. */
  async function fill(req: Request, key: string, version: string, nonce: string): Promise<Entry | Uncacheable> {
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    context.set(cspNonceContext, nonce);
    const headers = new Headers({ "user-agent": req.get("user-agent") ?? "", accept: "text/html" });
    // The asking request's own URL: a redirect keeps its query string even when the key drops it.
    const response = await render(new Request(`http://cache.local${req.originalUrl}`, { headers }), context);
    if (!CACHEABLE_STATUS.has(response.status) || !response.headers.get("content-type")?.startsWith("text/html")) {
      return { response, nonce };
    }
    const { html, scriptHashes } = toHashedDocument(await response.text(), nonce);
    const identity = Buffer.from(html);
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    return {
      version,
      expires: Date.now() + MAX_AGE_MS,
      status: response.status,
      csp: contentSecurityPolicy(scriptHashes),
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
    if (req.method !== "GET" || !CACHEABLE_PATH.test(req.path)) return next();
    try {
      const key = cacheKey(req);
      const version = await vehiclesVersion(ctx.db);
      let entry = entries.get(key);
      let state = "hit";
      if (!entry || entry.version !== version || entry.expires <= Date.now()) {
        state = "miss";
        let filling = pending.get(key);
        const mine = !filling;
        if (!filling) {
          filling = fill(req, key, version, res.locals.cspNonce as string).finally(() => pending.delete(key));
          pending.set(key, filling);
        }
        const filled = await filling;
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
      const encoding = req.acceptsEncodings("br", "gzip", "identity");
      if (encoding === "br" || encoding === "gzip") {
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
