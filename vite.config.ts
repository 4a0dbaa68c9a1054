import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { sourceHash, stampFile } from "./scripts/build-stamp.js";

/** Modules every page needs: the shared layout, catalogue, small helpers and icons (decision 016). */
const LAYOUT_MODULES =
  /src[\\/](shared[\\/](config|i18n|lib[\\/](business-hours|format|seo|vehicle-path|when-idle-after-load))|shared[\\/]ui[\\/](nonce|toast|brand-icons|weekly-hours)|app[\\/](layout|lib))|features[\\/]tracking[\\/](use-visitor-tracking|report-web-vitals)/;
/**
 * Not every page's: the staff dashboard's text (admin, staff, staff-lot catalogues), its shared UI
 * (src/shared/ui/staff) and each feature's dashboard tab (`*-tab.tsx`) stay in the dashboard's
 * chunk; the privacy page's long text (in every language) stays in that page's chunk.
 */
const NOT_LAYOUT =
  /i18n[\\/](staff-messages|en[\\/](admin|staff|staff-lot)\.ts|privacy-page-messages|(en|es|pt)[\\/]privacy-page\.ts)|shared[\\/]ui[\\/]staff[\\/]|-tab\.tsx$/;
/**
 * Each language's catalogue is its own chunk, so a page downloads only its language (decision 044);
 * the staff text, the privacy page's own text and the server-only mail text are not part of it.
 */
const CATALOGUE = (locale: string) => new RegExp(`i18n[\\\\/]${locale}(\\.ts$|[\\\\/](?!admin|staff|privacy-page|mail))`);
const CATALOGUES = /i18n[\\/](en|es|pt)(\.ts$|[\\/])/;

const root = fileURLToPath(new URL(".", import.meta.url));

/** Stamps the finished server build with the hash of its sources; server.js rebuilds when they differ. */
const buildStamp: Plugin = {
  name: "build-stamp",
  apply: "build",
  closeBundle() {
    if (this.environment.name === "ssr") fs.writeFileSync(stampFile(root), sourceHash(root));
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
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: "layout", test: (id: string) => LAYOUT_MODULES.test(id) && !NOT_LAYOUT.test(id) && !CATALOGUES.test(id), priority: 10 },
            // The language's layout route (routes/locale-*.tsx, a few lines) rides in its catalogue's chunk.
            ...["en", "es", "pt"].map((locale) => ({
              name: `messages-${locale}`,
              test: (id: string) => CATALOGUE(locale).test(id) || id.endsWith(`routes/locale-${locale}.tsx`),
              priority: 15,
            })),
          ],
        },
      },
    },
  },
  environments: {
    // The server bundle's entry is our Express app, which embeds the React Router build
    // (docs/decisions/002-http-server.md).
    ssr: { build: { rollupOptions: { input: "./src/app/http/app.server.ts" } } },
  },
  ssr: {
    // Packages with native binaries or dynamic requires stay external; the rest is bundled.
    external: ["sharp", "pino", "pdf-lib"],
  },
  plugins: [tailwindcss(), reactRouter(), buildStamp],
});
