import fs from "node:fs";
import path from "node:path";
import { stylesheetReader } from "~/app/http/paint-first.server";
import type { ClientBuild } from "~/server/load-context.server";

/** The web-vitals library as the client build names its chunk (report-web-vitals.ts imports it on its own). */
const WEB_VITALS_CHUNK = /^web-vitals-[\w-]+\.js$/;

/** What documents take from the built client in `clientDir`, read once at start-up. */
export function readClientBuild(clientDir: string): ClientBuild {
  const assets = path.join(clientDir, "assets");
  const chunk = fs.existsSync(assets) ? fs.readdirSync(assets).find((file) => WEB_VITALS_CHUNK.test(file)) : undefined;
  return { readStylesheet: stylesheetReader(clientDir), webVitalsModule: chunk ? `/assets/${chunk}` : null };
}
