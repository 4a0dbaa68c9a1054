import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import express from "express";
import { routeIdsHydrating } from "~/app/route-manifest.test-helper";
import { precompressedAssets } from "~/server/http/precompressed-assets.server";
import { staticHeaders } from "~/server/http/static-headers.server";

/**
 * The JavaScript a public page transfers while it loads, counted as Lighthouse and PageSpeed count it
 * (decision 064), from the production build: every script the page transfers while it loads, each as
 * the bytes on the wire, its response headers included. That is the scripts its HTML loads (the client
 * entry, every route module from the root down and their static imports) and the ones it imports in
 * idle time after `load` without being touched (web-vitals, the views of the islands a page shows), as the
 * server sends them to a browser (brotli, precompressed by the build). Scripts that wait for a shopper
 * (a form's schema on first focus) are not counted: Lighthouse never touches the page.
 */
export const assets = path.resolve("build/client/assets");
/** What Chromium asks for; the server answers brotli. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * Loaded in idle time after `load` with no touch, by source module: web-vitals on every page
 * (report-web-vitals.ts). (The vehicle page's message form and estimator, loaded so when it hydrated whole, are
 * never loaded by its document now: decision 155.)
 */
const IDLE_LOADED: { chunk: RegExp; routes: RegExp }[] = [{ chunk: /^web-vitals-[\w-]+\.js$/, routes: /./ }];
/**
 * The views of the islands only some pages show (decision 153), by chunk: the islands' script imports them
 * once it finds their wrappers in the page.
 */
const ISLAND_VIEWS_LOADED: { chunk: RegExp; routes: RegExp }[] = [
  { chunk: /^financing-islands-[\w-]+\.js$/, routes: /(^|\/)financing$/ },
  { chunk: /^trade-in-photos-[\w-]+\.js$/, routes: /(^|\/)trade-in$/ },
  { chunk: /^photo-gallery-view-[\w-]+\.js$/, routes: /(^|\/)vehicle$/ },
  // The map facade, on the pages that show the map (decision 158's amendment).
  { chunk: /^map-facade-[\w-]+\.js$/, routes: /(^|\/)(home|contact|vehicle)$/ },
  // The booking wizard and its page's language's catalogue (decision 158).
  { chunk: /^booking-wizard-[\w-]+\.js$/, routes: /(^|\/)booking$/ },
  { chunk: /^messages-en-[\w-]+\.js$/, routes: /^routes\/booking$/ },
  { chunk: /^messages-es-[\w-]+\.js$/, routes: /^es\/booking$/ },
  { chunk: /^messages-pt-[\w-]+\.js$/, routes: /^pt\/booking$/ },
];
export type ManifestEntry = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
  /** A route's clientLoader, split into its own chunk by React Router: the browser fetches it with the route. */
  clientLoaderModule?: string;
  /** A route's clientAction, split the same way: the browser fetches it with the route too. */
  clientActionModule?: string;
};
export type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestEntry> };

// React Router names its manifest by the first 8 hex digits of a SHA-256; the staff app's web manifest route
// (routes/manifest.ts) also builds a (empty) client chunk `manifest-<bundler hash>.js`, which the directory
// listing may put first.
const manifestFile = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^manifest-[0-9a-f]{8}\.js$/.test(f)) : undefined;

export function readManifest(): Manifest {
  if (!manifestFile) throw new Error("No client manifest: run `npm run build` first (npm test does).");
  const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;?\s*$/, "")) as Manifest;
}

/** A chunk's static imports, read from its code (`from"./x.js"` and bare `import"./x.js"`), transitively. */
function withStaticImports(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  for (const [, imported] of code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) withStaticImports(imported!, into);
  return into;
}

/** Bytes on the wire per asset URL: the status line and headers as the server writes them, and the brotli body. */
const wireBytes = new Map<string, number>();
export function transferred(url: string): number {
  const bytes = wireBytes.get(path.basename(url));
  if (bytes === undefined) throw new Error(`${url} was not measured`);
  return bytes;
}

/** Fetches an asset over a raw keep-alive connection, as a browser would, and counts what came back. */
function measure(port: number, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, end).toString())?.[1]);
      const encoding = /content-encoding: (\w+)/i.exec(received.subarray(0, end).toString())?.[1];
      if (encoding !== "br" || !Number.isFinite(length)) reject(new Error(`${file}: not served precompressed`));
      if (received.length >= end + 4 + length) {
        socket.destroy();
        resolve(end + 4 + length);
      }
    });
    socket.on("error", reject);
    socket.write(
      `GET /assets/${file} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${BROWSER_ACCEPT_ENCODING}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

/**
 * The scripts a route's first HTML loads: the entry, then each route from the root down with its
 * imports. (Not the full route manifest file: with lazy route discovery the HTML carries only the
 * routes it needs, and the browser never fetches manifest-*.js on a first load.)
 */
export function firstLoadScripts(manifest: Manifest, routeId: string): Set<string> {
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (
    let route: ManifestEntry | undefined = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    scripts.add(route.module);
    if (route.clientLoaderModule) scripts.add(route.clientLoaderModule);
    if (route.clientActionModule) scripts.add(route.clientActionModule);
    for (const imported of route.imports ?? []) scripts.add(imported);
  }
  return scripts;
}

export const manifest = readManifest();
export const publicPages = Object.values(manifest.routes).filter(
  (r) =>
    r.hasDefaultExport && r.id !== "root" && !r.id.includes("podium") && Object.values(manifest.routes).every((c) => c.parentId !== r.id),
);

/** Pages whose document carries no module script (decision 149), and pages that hydrate only their islands (decision 151), by their routes' own handles. */
const neverHydrated = new Set(await routeIdsHydrating("never"));
const islandsOnly = new Set(await routeIdsHydrating("islands"));
/** The islands' script, the client build's second entry (src/app/islands.client.tsx). */
export const islandsEntry = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^islands\.client-[\w-]+\.js$/.test(f)) : undefined;

/**
 * Everything a public page transfers while it loads, by file name. A page that never hydrates loads no
 * route module, only the web-vitals library from its inline script after load; a page that hydrates only
 * its islands loads the islands' script and what it imports, and web-vitals.
 */
export function loadedScripts(routeId: string): string[] {
  const files = new Set<string>();
  if (islandsOnly.has(routeId)) {
    if (!islandsEntry) throw new Error("No islands script in the build: run `npm run build` first.");
    withStaticImports(islandsEntry, files);
    for (const { chunk, routes } of ISLAND_VIEWS_LOADED) {
      if (!routes.test(routeId)) continue;
      for (const file of fs.readdirSync(assets).filter((f) => chunk.test(f))) withStaticImports(file, files);
    }
  } else if (!neverHydrated.has(routeId)) {
    for (const script of firstLoadScripts(manifest, routeId)) withStaticImports(path.basename(script), files);
  }
  for (const { chunk, routes } of IDLE_LOADED) {
    if (!routes.test(routeId)) continue;
    for (const file of fs.readdirSync(assets).filter((f) => chunk.test(f))) withStaticImports(file, files);
  }
  return [...files];
}

/** Measures every script the public pages load, served by the handlers the server mounts on /assets (http-app.server.ts). */
export async function measureTransfers(): Promise<void> {
  const app = express();
  app.use("/assets", staticHeaders, precompressedAssets(assets));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    for (const file of new Set(publicPages.flatMap((r) => loadedScripts(r.id)))) wireBytes.set(file, await measure(port, file));
  } finally {
    server.close();
  }
}
