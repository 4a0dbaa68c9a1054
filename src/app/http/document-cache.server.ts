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

/** Pages whose HTML is the same for every visitor and depends only on the stock (and the clock). */
const CACHEABLE_PATHS = new Set(["/", "/inventory"]);
/** The Open/Closed badge is rendered into the HTML: never serve a copy older than this. */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 200;

type Entry = { version: string; expires: number; csp: string; bodies: { identity: Buffer; gzip: Buffer; br: Buffer } };

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
 * A micro-cache for the home and inventory documents: rendered once per stock version
 * (and at most every 30 s for the badge), stored pre-compressed, served to every visitor.
 * Only plain GETs of a document are cached; everything else goes to React Router as usual.
 */
export function documentCache(ctx: AppContext, build: ServerBuild, mode: string) {
  const render = createRequestHandler(build, mode);
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  async function fill(req: Request, key: string, version: string): Promise<Entry | null> {
    const nonce = crypto.randomBytes(16).toString("base64");
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    context.set(cspNonceContext, nonce);
    const headers = new Headers({ "user-agent": req.get("user-agent") ?? "", accept: "text/html" });
    const response = await render(new Request(`http://cache.local${key}`, { headers }), context);
    if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) return null;
    const { html, scriptHashes } = toHashedDocument(await response.text(), nonce);
    const identity = Buffer.from(html);
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    return { version, expires: Date.now() + MAX_AGE_MS, csp: contentSecurityPolicy(scriptHashes), bodies: { identity, gzip: gz, br } };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || !CACHEABLE_PATHS.has(req.path)) return next();
    try {
      const key = req.originalUrl;
      const version = await vehiclesVersion(ctx.db);
      let entry = entries.get(key);
      if (!entry || entry.version !== version || entry.expires <= Date.now()) {
        let filling = pending.get(key);
        if (!filling) {
          filling = fill(req, key, version).finally(() => pending.delete(key));
          pending.set(key, filling);
        }
        const filled = await filling;
        if (!filled) return next();
        entry = filled;
        entries.delete(key);
        entries.set(key, entry);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      const encoding = req.acceptsEncodings("br", "gzip", "identity");
      res.status(200);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Security-Policy", entry.csp);
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding === "br" || encoding === "gzip") {
        res.setHeader("Content-Encoding", encoding);
        res.end(entry.bodies[encoding]);
      } else {
        res.end(entry.bodies.identity);
      }
    } catch (error) {
      next(error);
    }
  };
}
