import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { FileStore } from "~/server/storage/file-store.server";
import { imageFileKey, PUBLIC_IMAGES } from "./image-store.server";

/** A public photo variant's file name: its content key and one of the variants every photo gets. */
const VARIANT_FILE = /^\/([0-9a-f]{32})-(400\.webp|800\.webp|1200\.webp|1200\.jpg)$/;

/** Bytes of stock photos kept in this process's memory: the most-viewed ones, a few hundred variants. */
export const PUBLIC_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * How long a variant in memory is sent before it is read from the store again: a photo removed from the store
 * (on this process or another) stops being served within this time. Meanwhile the copy in memory is sent,
 * also while it is being re-read, and still when the store cannot be read then (decision 164).
 */
export const PUBLIC_IMAGE_RECHECK_MS = 5 * 60 * 1000;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const notFound = () => Object.assign(new Error("Not found"), { status: 404, expose: true });

/** The store has no such variant, or not yet its photo's JPEG: a 404. */
class NotInStoreError extends Error {}

/**
 * GET /images/{key}-{variant} (decision 121): the public stock photos, from this site's own origin (one
 * origin, the page's CSP unchanged), cached by browsers and proxies for a year (a name never changes
 * meaning: it is the photo's content hash). From either store, the folder or a bucket (decision 164), the
 * app reads a variant through the store, keeps the most-read variants in memory (so they are sent without a
 * file read or a thread-pool hop, and keep being served while a bucket is out of reach), reads each again
 * every PUBLIC_IMAGE_RECHECK_MS (so a photo removed from the store stops being served on every process) and
 * answers a revalidation from its ETag (the name) without reading the store at all. A variant the store
 * cannot give now is a 503 with Retry-After, never a 404.
 */
export function publicImages(store: FileStore, now: () => Date): RequestHandler[] {
  const cache = new LRUCache<string, Buffer>({
    maxSize: PUBLIC_IMAGE_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    ttl: PUBLIC_IMAGE_RECHECK_MS,
    // Stale while it is re-read: no shopper waits for the store once a variant has been read.
    allowStale: true,
    // The dealership's clock, so a test can move past the re-check without waiting.
    perf: { now: () => now().getTime() },
    // One read of the store per variant however many requests ask for it at once. A variant counts only
    // once its photo's JPEG, written last, is there too: the files an upload wrote before the store failed
    // are never served (decision 123). A re-read that fails keeps the copy in memory; one that finds the variant
    // gone rejects, which drops the copy (resolving with nothing would keep it): 404 from then on.
    fetchMethod: async (name, inMemory) => {
      const key = name.slice(0, 32);
      let found: [Buffer | null, boolean];
      try {
        found = await Promise.all([
          store.get(imageFileKey(PUBLIC_IMAGES, key, name.slice(33))),
          name.endsWith(".jpg") ? true : store.exists(imageFileKey(PUBLIC_IMAGES, key, "1200.jpg")),
        ]);
      } catch (error) {
        if (inMemory) return inMemory;
        throw error;
      }
      const [bytes, complete] = found;
      if (bytes && complete) return bytes;
      throw new NotInStoreError();
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
      return next(error instanceof NotInStoreError ? notFound() : error);
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
