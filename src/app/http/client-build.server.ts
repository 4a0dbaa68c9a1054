import fs from "node:fs";
import path from "node:path";
import { islandsAfterPaint, stylesheetReader } from "~/app/http/paint-first.server";
import type { ClientBuild } from "~/server/load-context.server";

/** The web-vitals library as the client build names its chunk (report-web-vitals.ts imports it on its own). */
const WEB_VITALS_CHUNK = /^web-vitals-[\w-]+\.js$/;
/** The islands' script, the client build's second entry (vite.config.ts, decision 151). */
const ISLANDS_ENTRY = /^islands\.client-[\w-]+\.js$/;
/** A chunk's static imports as the build writes them (`from"./x.js"`, `import"./x.js"`). */
const STATIC_IMPORT = /(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;

/** What documents take from the built client in `clientDir`, read once at start-up. */
export function readClientBuild(clientDir: string): ClientBuild {
  const assets = path.join(clientDir, "assets");
  const files = fs.existsSync(assets) ? fs.readdirSync(assets) : [];
  const webVitals = files.find((file) => WEB_VITALS_CHUNK.test(file));
  const islands = files.find((file) => ISLANDS_ENTRY.test(file));
  return {
    readStylesheet: stylesheetReader(clientDir),
    webVitalsModule: webVitals ? `/assets/${webVitals}` : null,
    islandsModuleScript: islands
      ? islandsAfterPaint(
          `/assets/${islands}`,
          staticImports(assets, islands).map((file) => `/assets/${file}`),
        )
      : null,
  };
}

/** The chunks `file` imports statically, transitively, in the order first seen. */
function staticImports(assets: string, file: string, seen = new Set<string>()): string[] {
  for (const [, imported] of fs.readFileSync(path.join(assets, file), "utf8").matchAll(STATIC_IMPORT)) {
    if (seen.has(imported!)) continue;
    seen.add(imported!);
    staticImports(assets, imported!, seen);
  }
  return [...seen];
}
