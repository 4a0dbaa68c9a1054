import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES } from "../../vite.config";

/**
 * The JavaScript budget of the public pages, read from the production build (`npm test` builds
 * first): for each public route, the scripts its HTML loads and modulepreloads (the client entry,
 * every route module from the root down and their static imports), gzipped. Scripts imported
 * later (the web-vitals library after `load`, a form's schema on first focus) are not first-load
 * and do not count. Decision 016 and issue 15: a ratchet so a feature cannot grow a public page
 * unnoticed; `npm run bench:first-load-js` measures the same in a real browser.
 */
const BUDGET_KB = 125;
/**
 * Pages with a budget of their own (decision 067). The trade-in form carries its text in all three
 * languages, the photo resizing and the upload progress; it is reached from a link, not a landing page.
 */
const PAGE_BUDGET_KB: Record<string, number> = { "trade-in": 130 };
const budgetOf = (routeId: string) => PAGE_BUDGET_KB[routeId.replace(/^(routes|es|pt)\//, "")] ?? BUDGET_KB;
const assets = path.resolve("build/client/assets");

type ManifestEntry = { id: string; parentId?: string; module: string; imports?: string[]; hasDefaultExport?: boolean };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestEntry> };

const manifestFile = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f)) : undefined;

function readManifest(): Manifest {
  if (!manifestFile) throw new Error("No client manifest: run `npm run build` first (npm test does).");
  const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;?\s*$/, "")) as Manifest;
}

const gzipSize = new Map<string, number>();
function gzippedBytes(url: string): number {
  let size = gzipSize.get(url);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(assets, path.basename(url))), { level: 9 }).length;
    gzipSize.set(url, size);
  }
  return size;
}

/**
 * The scripts a route's first HTML loads: the entry, then each route from the root down with its
 * imports. (Not the full route manifest file: with lazy route discovery the HTML carries only the
 * routes it needs, and the browser never fetches manifest-*.js on a first load.)
 */
function firstLoadScripts(manifest: Manifest, routeId: string): Set<string> {
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (
    let route: ManifestEntry | undefined = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    scripts.add(route.module);
    for (const imported of route.imports ?? []) scripts.add(imported);
  }
  return scripts;
}

const manifest = readManifest();
const publicPages = Object.values(manifest.routes).filter(
  (r) =>
    r.hasDefaultExport && r.id !== "root" && !r.id.includes("podium") && Object.values(manifest.routes).every((c) => c.parentId !== r.id),
);

describe("first-load JavaScript of the public pages", () => {
  it("covers every public page (home, inventory, vehicle, contact, financing, booking, …)", () => {
    const ids = publicPages.map((r) => r.id);
    for (const page of ["home", "inventory", "vehicle", "contact", "financing", "booking"]) {
      expect(ids.some((id) => id.endsWith(page))).toBe(true);
    }
  });

  it.each(publicPages.map((r) => [r.id, budgetOf(r.id)]))(`%s stays within %s KB gzipped`, (routeId, budget) => {
    const scripts = [...firstLoadScripts(manifest, routeId)];
    const kb = scripts.reduce((sum, s) => sum + gzippedBytes(s), 0) / 1024;
    const largest = scripts
      .map((s) => `${path.basename(s)} ${(gzippedBytes(s) / 1024).toFixed(1)}`)
      .sort((a, b) => Number(b.split(" ")[1]) - Number(a.split(" ")[1]))
      .slice(0, 5);
    expect(kb, `${routeId}: ${kb.toFixed(1)} KB (${largest.join(", ")})`).toBeLessThanOrEqual(budget);
  });

  it("marks each first-load script of a public page with V8's compile hint, and none the dashboard or a later part loads", () => {
    const code = (url: string) => fs.readFileSync(path.join(assets, path.basename(url)), "utf8");
    const firstLoad = new Set(publicPages.flatMap((r) => [...firstLoadScripts(manifest, r.id)]));
    for (const script of firstLoad) {
      const source = code(script);
      const worthIt = source.length >= COMPILE_HINT_MIN_BYTES + COMPILE_HINT.length;
      expect(source.startsWith(COMPILE_HINT), script).toBe(worthIt);
    }
    const hinted = [...firstLoad].filter((s) => code(s).startsWith(COMPILE_HINT)).map((s) => path.basename(s));
    for (const chunk of [
      "framework",
      "layout",
      "messages-en",
      "messages-es",
      "messages-pt",
      "home",
      "inventory-main",
      "vehicle",
      "financing",
    ]) {
      expect(
        hinted.some((file) => file.startsWith(`${chunk}-`)),
        chunk,
      ).toBe(true);
    }
    // The staff dashboard, zod's field schemas (first focus), the date picker, web-vitals (after load),
    // the vehicle page's payment estimator (hydrated after load): only some of their functions run.
    const later = fs
      .readdirSync(assets)
      .filter((f) => /^(podium|staff-messages|fields|date-time-picker|web-vitals|payment-estimator)-/.test(f));
    expect(later.length).toBeGreaterThanOrEqual(6);
    for (const file of later) expect(code(file).startsWith(COMPILE_HINT), file).toBe(false);
  });

  it("keeps zod, the staff dashboard's text, the privacy page's and the trade-in pages' text out of the chunk every page loads", () => {
    const rootScripts = firstLoadScripts(manifest, "root");
    const shared = [...rootScripts].map((s) => fs.readFileSync(path.join(assets, path.basename(s)), "utf8")).join("\n");
    expect(shared).not.toMatch(/\$ZodType|ZodError/);
    // Staff-only strings (Visitor Reports, the staff list) and the privacy notice's long text.
    expect(shared).not.toContain("Core Web Vitals (real visits");
    expect(shared).not.toContain("Staff accounts");
    expect(shared).not.toContain("Gramm-Leach-Bliley");
    // The trade-in pages' text (the form's labels, the staff tab's) stays in those pages' chunks.
    expect(shared).not.toContain("Tire condition");
    expect(shared).not.toContain("Estado de las llantas");
    expect(shared).not.toContain("Send a new offer");
  });
});
