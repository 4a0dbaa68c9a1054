import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { FileStore } from "~/server/storage/file-store.server";
import { imageFileKey, PUBLIC_IMAGES } from "./image-store.server";

/** A public photo variant's file name: its content key and one of the variants every photo gets. */
const VARIANT_FILE = /^\/([0-9a-f]{32})-(400\.webp|800\.webp|1200\.webp|1200\.jpg)$/;

/** Bytes of bucket photos kept in this process's memory: the most-viewed stock photos, a few hundred variants. */
export const PUBLIC_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const notFound = () => Object.assign(new Error("Not found"), { status: 404, expose: true });

/**
 * serve-static answers 403 to "..", encoded separators and dotfiles. A 404 tells a prober
 * nothing about what exists outside the folder (path traversal → 404).
 */
const refusedPathIsNotFound: ErrorRequestHandler = (err: { status?: number; statusCode?: number }, _req, _res, next) => {
  if (err?.status === 403 || err?.statusCode === 403) return next(notFound());
  next(err);
};

/**
 * GET /images/{key}-{variant} (decision 121): the public stock photos, from this site's own origin (one
 * origin, the page's CSP unchanged), cached by browsers and proxies for a year (a name never changes
 * meaning: it is the photo's content hash). On the folder, express.static sends the file. From a bucket
 * the app reads it through the store, keeps the most-read variants in memory (so they keep being served
 * while the bucket is out of reach) and answers a revalidation from its ETag (the name) without asking
 * the bucket at all. A variant the bucket cannot give now is a 503 with Retry-After, never a 404.
 */
export function publicImages(store: FileStore): (RequestHandler | ErrorRequestHandler)[] {
  if (store.publicImagesFolder) {
    return [
      express.static(store.publicImagesFolder, {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
        dotfiles: "deny",
        fallthrough: false,
      }),
      refusedPathIsNotFound,
    ];
  }
  const cache = new LRUCache<string, Buffer>({
    maxSize: PUBLIC_IMAGE_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    // One read of the bucket per variant however many requests ask for it at once. A variant counts only
    // once its photo's JPEG, written last, is there too: the files an upload wrote before the bucket went
    // away are never served (decision 123).
    fetchMethod: async (name) => {
      const key = name.slice(0, 32);
      const [bytes, complete] = await Promise.all([
        store.get(imageFileKey(PUBLIC_IMAGES, key, name.slice(33))),
        name.endsWith(".jpg") ? true : store.exists(imageFileKey(PUBLIC_IMAGES, key, "1200.jpg")),
      ]);
      return bytes && complete ? bytes : undefined;
    },
  });
  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return next(Object.assign(new Error("Method not allowed"), { status: 405, expose: true }));
    }
    const match = VARIANT_FILE.exec(req.path);
    if (!match) return next(notFound());
    const name = req.path.slice(1);
    const etag = `"${name}"`;
    res.setHeader("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
      res.status(304).end();
      return;
    }
    let bytes: Buffer | undefined;
    try {
      bytes = await cache.fetch(name);
    } catch (error) {
      res.removeHeader("Cache-Control");
      res.removeHeader("ETag");
      return next(error);
    }
    if (!bytes) {
      res.removeHeader("Cache-Control");
      res.removeHeader("ETag");
      return next(notFound());
    }
    res.type(name.endsWith(".jpg") ? "image/jpeg" : "image/webp");
    res.setHeader("Content-Length", String(bytes.length));
    if (req.method === "HEAD") res.end();
    else res.end(bytes);
  };
  return [serve];
}
