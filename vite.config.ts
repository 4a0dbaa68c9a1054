import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { sourceHash, stampFile } from "./scripts/build-stamp.js";

/** Modules every page needs: the shared layout, catalogue, small helpers and icons (decision 016). */
const LAYOUT_MODULES =
  /src[\\/](shared[\\/](config|i18n|lib[\\/](business-hours|dealer-clock|format|seo|vehicle-name|vehicle-path|when-idle-after-load))|shared[\\/]ui[\\/](nonce|toast|brand-icons|weekly-hours|form-post)|app[\\/](layout|lib))|features[\\/]tracking[\\/](use-visitor-tracking|report-web-vitals)/;
/**
 * Not every page's: the staff dashboard's text (admin, staff, staff-lot catalogues), its shared UI
 * (src/shared/ui/staff) and each feature's dashboard tab (`*-tab.tsx`) stay in the dashboard's
 * chunk; the privacy page's, the trade-in pages', the deal sheet's, the saved list's and alerts' and the consent to calls
 * and texts' long text (in every language) stays in those pages' chunks, and the vehicle page's out-the-door estimate text in the estimate's own chunk, which arrives
 * after the page.
 */
const NOT_LAYOUT =
  /i18n[\\/](staff-messages|en[\\/](admin|staff|staff-lot|staff-trade-ins|staff-deals)\.ts|privacy-page-messages|trade-in-messages|deal-sheet-messages|contact-consent-messages|alerts-messages|(en|es|pt)[\\/](privacy-page|trade-in|trade-in-mail|deal-sheet|contact-consent|alerts|alerts-mail)\.ts|estimate-messages|(en|es|pt)[\\/]estimate\.ts)|shared[\\/]config[\\/]contact-consent|shared[\\/]ui[\\/]staff[\\/]|-tab\.tsx$/;
/**
 * Shared modules the booking wizard (an island, with no router) uses: the catalogue's hooks and the money and date
 * formatter. A chunk of their own, taken before the layout's, which imports the router (decision 158).
 */
const ROUTERLESS_SHARED = /src[\\/]shared[\\/](i18n[\\/]messages\.tsx|lib[\\/]format\.ts)$/;
/**
 * Each language's catalogue is its own chunk, so a page downloads only its language (decision 044);
 * the staff text, the privacy page's own text and the server-only mail text are not part of it.
 */
const CATALOGUE = (locale: string) =>
  new RegExp(
    `i18n[\\\\/]${locale}(\\.ts$|[\\\\/](?!admin|staff|privacy-page|estimate|trade-in|deal-sheet|deal-documents|contact-consent|financing-pdf|mail|alerts))`,
  );
const CATALOGUES = /i18n[\\/](en|es|pt)(\.ts$|[\\/])/;

/** React itself: every page that hydrates, whole or only its islands, loads it. */
const FRAMEWORK_PACKAGES = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * React Router and what only it uses, a chunk of its own (decision 157): a page that hydrates whole loads it
 * beside the framework; a page that hydrates only its islands has no router and does not load it (35 KB).
 */
const ROUTER_PACKAGES = /node_modules[\\/](react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;
/**
 * The islands of the shared layout (decision 151) and the little they import, in the framework chunk: a page
 * that hydrates only its islands then loads the framework and the islands' script, not the layout's chunk
 * (which would bring the router's components and the catalogue's helpers); a page that hydrates whole loads
 * the same bytes as before, from one chunk instead of the other.
 */
const ISLAND_MODULES =
  /src[\\/](shared[\\/](ui[\\/]island\.tsx|config[\\/]business-profile\.ts|lib[\\/](business-hours|dealer-clock)\.ts|i18n[\\/](locales|language-choice|language-suggestion)\.ts)|app[\\/]layout[\\/][\w-]+-island\.tsx)$|lucide-react[\\/].*[\\/]icons[\\/]map-pin\.m?js$/;

/**
 * Vite's helper for a dynamic import, which the islands' script uses for the views only some pages show
 * (decision 153): in the framework chunk, so that script does not bring the layout's chunk with it.
 */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;

const root = fileURLToPath(new URL(".", import.meta.url));

/** Pure ESM packages bundled into the server build, not resolved file by file at start (decision 079). */
export const SERVER_BUNDLED_PACKAGES = [
  "pdf-lib",
  "@pdf-lib/standard-fonts",
  "@pdf-lib/upng",
  "pako",
  "react-day-picker",
  "date-fns",
  "@date-fns/tz",
  "kysely",
  "zod",
  "libphonenumber-js",
  "lucide-react",
];

/** Stamps the finished server build with the hash of its sources; server.js rebuilds when they differ. */
const buildStamp: Plugin = {
  name: "build-stamp",
  apply: "build",
  closeBundle() {
    if (this.environment.name === "ssr") fs.writeFileSync(stampFile(root), sourceHash(root));
  },
};

/** Where a public page's code starts: the client entry, the root route and every route but the staff dashboard's. */
const PUBLIC_PAGE_START = /src[\\/]app[\\/](entry\.client\.tsx|root\.tsx|routes[\\/](?!podium)[\w.-]+\.tsx)/;
/** V8's explicit compile hint (Chrome 136+): compile every function of this file while it downloads. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
/** The smallest first-load chunk worth the hint's bytes. */
export const COMPILE_HINT_MIN_BYTES = 2048;

/**
 * Marks the scripts a public page loads before it hydrates (the route chunks and what they import
 * statically) with V8's compile hint, so Chrome compiles their functions on a background thread as
 * they stream in. Without it V8 compiles a function on the main thread the first time it runs, and
 * hydration runs nearly all of them: ~740 main-thread compiles on /contact (decision 051). Chunks
 * loaded later (a form's schema on first focus, web-vitals after `load`) and the staff dashboard's
 * are left lazy: only some of their functions run.
 */
export const compileHints: Plugin = {
  name: "compile-hints",
  apply: "build",
  generateBundle: {
    // After Vite's own generateBundle, which puts its preload map (`__vite__mapDeps`) first in a chunk
    // with dynamic imports: the hint only counts on the file's first line.
    order: "post",
    handler(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const pending = chunks.filter((chunk) => chunk.facadeModuleId && PUBLIC_PAGE_START.test(chunk.facadeModuleId));
      const visited = new Set<string>();
      for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
        if (visited.has(chunk.fileName)) continue;
        visited.add(chunk.fileName);
        // A few hundred bytes (an icon, the runtime) compile on the main thread in microseconds;
        // the hint would cost every page its bytes for nothing (and financing is at its 125 KB budget).
        if (chunk.code.length >= COMPILE_HINT_MIN_BYTES) {
          chunk.code = COMPILE_HINT + chunk.code;
          shiftSourceMapOneLine(bundle[`${chunk.fileName}.map`]);
        }
        for (const imported of chunk.imports) pending.push(byFile.get(imported)!);
      }
    },
  },
};

/**
 * A build with source maps (`build.sourcemap`, for profiling) has each chunk's map in the bundle
 * already: the hint's added first line would put every mapped position one line off, and a profile
 * would name the wrong functions. An empty first group in `mappings` maps the new line to nothing.
 */
function shiftSourceMapOneLine(map: Rolldown.OutputBundle[string] | undefined): void {
  if (map?.type !== "asset") return;
  const parsed = JSON.parse(String(map.source)) as { mappings: string };
  map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}

/**
 * Writes each client script and stylesheet beside itself compressed as far as it goes (brotli 11,
 * gzip 9), once per build: the server sends these bytes as they are (precompressed-assets.server.ts)
 * instead of compressing every response at gzip 6 (decision 064).
 */
const precompressAssets: Plugin = {
  name: "precompress-assets",
  apply: "build",
  writeBundle(options, bundle) {
    if (this.environment.name !== "client" || !options.dir) return;
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css)$/.test(fileName)) continue;
      const file = path.join(options.dir, fileName);
      const source = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
    }
  },
};

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // Fewer, larger chunks for what every page loads: each request costs a phone a round
        // trip, and tiny chunks (an icon, a helper) were a third of the requests.
        codeSplitting: {
          groups: [
            // Below the framework's priority: a group takes the modules its members import (React, for the
            // router) unless a group of higher priority has taken them first.
            { name: "router", test: ROUTER_PACKAGES, priority: 19 },
            {
              name: "framework",
              test: (id: string) => FRAMEWORK_PACKAGES.test(id) || ISLAND_MODULES.test(id) || PRELOAD_HELPER.test(id),
              priority: 20,
            },
            { name: "text", test: ROUTERLESS_SHARED, priority: 11 },
            { name: "layout", test: (id: string) => LAYOUT_MODULES.test(id) && !NOT_LAYOUT.test(id) && !CATALOGUES.test(id), priority: 10 },
            // The form kit and the privacy line under each form travel together, as the public forms load them;
            // the staff screens use the form kit too, and would otherwise split it into a chunk of its own,
            // one more request and ~180 gzipped bytes more for every page with a form.
            { name: "public-forms", test: /src[\\/]shared[\\/]ui[\\/](form-field|privacy-notice)\.tsx$/, priority: 5 },
            // Not the language's layout route (routes/locale-*.tsx, a few lines, with the router's Outlet): the
            // booking wizard, an island, loads the catalogue with no router (decision 158).
            ...["en", "es", "pt"].map((locale) => ({
              name: `messages-${locale}`,
              test: (id: string) => CATALOGUE(locale).test(id),
              priority: 15,
            })),
          ],
        },
      },
    },
  },
  environments: {
    // A second entry beside React Router's: the script of a page that hydrates only its islands (decision 151).
    client: { build: { rollupOptions: { input: ["./src/app/islands.client.tsx"] } } },
    // The server bundle's entry is our Express app, which embeds the React Router build
    // (docs/decisions/002-http-server.md).
    // One file: the server loads everything at start anyway, and a deferred part's dynamic import
    // (a form's schema, the vehicle page's contact form) that server code also imports statically
    // could not move it into a chunk of its own: the build warned INEFFECTIVE_DYNAMIC_IMPORT for each.
    ssr: { build: { rollupOptions: { input: "./src/app/http/app.server.ts", output: { codeSplitting: false } } } },
  },
  ssr: {
    // Vite leaves every dependency external by default, and Node then resolves each of their files at
    // start: 2,000 modules (date-fns' 585 through react-day-picker's locales, kysely's 257, pdf-lib's
    // 136) took 6 s of every server start, in production and in every test that starts a server.
    // Bundled, unused code is shaken out and the server starts in under 1 s (decision 079). Native
    // packages (sharp), packages that load files or workers at run time (pino) and CommonJS packages
    // with Node-only requires stay external.
    external: ["sharp", "pino"],
    noExternal: SERVER_BUNDLED_PACKAGES,
  },
  plugins: [tailwindcss(), reactRouter(), buildStamp, compileHints, precompressAssets],
});
