import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext } from "~/server/context.server";
import { vehiclesVersion } from "~/server/data/vehicles.server";
import { ESTIMATE_QUERY_FIELDS } from "~/shared/validation/estimate-schema";
import { businessProfile, type BusinessProfile } from "~/shared/config/business-profile";
import { computeOpenStatus, zonedClock } from "~/shared/lib/business-hours";
import { paintFirst, stylesheetReader } from "~/app/http/paint-first.server";
import { precompress, preferredEncoding } from "~/server/http/precompressed.server";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";
import { appContext, cspNonceContext } from "~/server/load-context.server";

/**
 * An optional language prefix (`/es`, `/pt`), then a page where shoppers land: the home page, the
 * inventory, a vehicle page, or the financing, booking and contact forms (the same for everyone until
 * posted; a post is never cached). The about and privacy pages are rendered per request.
 */
const CACHEABLE_PATH =
  /^(?:\/(?:es|pt)(?=\/|$))?(?:\/|\/inventory|\/financing|\/booking|\/contact|\/used-[^/]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;
/**
 * What a cached page shows that follows the clock, not the stock: the Open/Closed badge (business
 * hours, to the minute), and the dealership's date (the booking page's days, a price drop's 30-day
 * badge, the footer's year). A copy is re-rendered, behind the request that finds it old, when either
 * changes, and at least every MAX_AGE_MS in case something else does.
 */
const MAX_AGE_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

/** When the first minute after `now` begins whose badge or dealership date differs from now's (at most `now + MAX_AGE_MS`). */
export function clockContentChangesAt(now: number, profile: BusinessProfile = businessProfile): number {
  const at = (instant: number) =>
    `${computeOpenStatus(new Date(instant), profile)} ${zonedClock(new Date(instant), profile.timeZone).isoDate}`;
  const current = at(now);
  for (let minute = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS; minute < now + MAX_AGE_MS; minute += MINUTE_MS) {
    if (at(minute) !== current) return minute;
  }
  return now + MAX_AGE_MS;
}

/** Answers kept: a page, and a sold vehicle's 410 page with similar vehicles. 404s and redirects are not. */
const CACHEABLE_STATUS = new Set([200, 410]);

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

const RENDERS_AT_ONCE = 2;

/** At most `slots` holders at once; the others wait in arrival order. */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * The document cache: the home page, the inventory, vehicle pages and the three lead forms (in every
 * language) are rendered once per stock version (and again when the clock changes what it shows), stored pre-compressed
 * within a byte budget, and served to every visitor. Only plain GETs of a document are cached;
 * everything else goes to React Router as usual (docs/decisions/018, 042 and 048).
 */
export function documentCache(ctx: AppContext, build: ServerBuild, mode: string, maxBytes: number, clientDir?: string) {
  const render = createRequestHandler(build, mode);
  const readStylesheet = stylesheetReader(clientDir);
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
  const renderSlots = new Semaphore(RENDERS_AT_ONCE);

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

  async function renderInSlot(req: Request, key: string, version: string, nonce: string, previous?: Entry): Promise<Entry | Uncacheable> {
    await renderSlots.acquire();
    try {
      return await fillNow(req, key, version, nonce, previous);
    } finally {
      renderSlots.release();
    }
  }

  async function fillNow(req: Request, key: string, version: string, nonce: string, previous?: Entry): Promise<Entry | Uncacheable> {
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    context.set(cspNonceContext, nonce);
    const headers = new Headers({ "user-agent": req.get("user-agent") ?? "", accept: "text/html" });
    // The asking request's own URL: a redirect keeps its query string even when the key drops it.
    const response = await render(new Request(`http://cache.local${req.originalUrl}`, { headers }), context);
    if (!CACHEABLE_STATUS.has(response.status) || !response.headers.get("content-type")?.startsWith("text/html")) {
      return { response, nonce };
    }
    const { html, scriptHashes } = toHashedDocument(paintFirst(await response.text(), readStylesheet), nonce);
    const digest = crypto.createHash("sha256").update(`${response.status}\n${html}`).digest("base64");
    const expires = clockContentChangesAt(Date.now());
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
    if (req.method !== "GET" || !CACHEABLE_PATH.test(req.path)) return next();
    // A vehicle page asked with the estimate's fields (its form before JavaScript) shows that
    // shopper's own breakdown: rendered for them alone, never stored or served to anyone else.
    if (VEHICLE_PATH.test(req.path) && ESTIMATE_QUERY_FIELDS.some((field) => field in req.query)) return next();
    try {
      const key = cacheKey(req);
      const version = await vehiclesVersion(ctx.db);
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
