import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "./precompressed.server";

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/**
 * The build's scripts and stylesheets as the build compressed them (brotli 11 and gzip 9 beside each
 * file, `precompressAssets` in vite.config.ts), held in memory: the compression middleware would
 * compress every script again per request at gzip 6, chunked, and a phone's first load is mostly
 * these bytes (decision 064). Fingerprinted names never change content, so the answer carries only
 * what a browser uses: no ETag, Last-Modified or Accept-Ranges, which cost every script ~150 bytes.
 * A file without its compressed copies, or a client that accepts neither encoding, goes on to the
 * static handler.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Map<string, { type: string; br: Buffer; gzip: Buffer }>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const type = TYPES[path.extname(name)];
    const br = path.join(dir, `${name}.br`);
    const gzip = path.join(dir, `${name}.gz`);
    if (type && fs.existsSync(br) && fs.existsSync(gzip))
      files.set(`/${name}`, { type, br: fs.readFileSync(br), gzip: fs.readFileSync(gzip) });
  }
  return (req, res, next) => {
    const file = (req.method === "GET" || req.method === "HEAD") && files.get(req.path);
    const encoding = preferredEncoding(req.get("accept-encoding"));
    if (!file || encoding === "identity") return next();
    const body = file[encoding];
    res.setHeader("Content-Type", file.type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Vary", "Accept-Encoding");
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
