import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  assets,
  firstLoadScripts,
  loadedScripts,
  manifest,
  measureTransfers,
  publicPages,
  transferred,
} from "../support/javascript-transfer";
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES } from "../../vite.config";

/**
 * The JavaScript budget of the public pages, read from the production build (`npm test` builds
 * first), counted as Lighthouse and PageSpeed count it: what each page transfers while it loads,
 * headers and the scripts it loads in idle time included (tests/support/javascript-transfer.ts;
 * decision 064). tests/e2e/javascript-transfer.test.ts loads each page in Chromium and checks that the
 * browser's own count is this one. A ratchet so a feature cannot grow a public page unnoticed
 * (decision 016) at 100 KB on every public page (decision 156; it was 130 KB until the pages hydrated less, and the
 * booking page was its one exception until decision 158).
 */
const BUDGET_KB = 100;

/**
 * Each public page's first-load JavaScript as last measured (KB as above, rounded up): a page may
 * shrink, never grow (the developers' guide). A change that
 * makes a page smaller lowers its figure here; a new page is added with its first figure.
 */
const RECORDED_KB = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "first-load-js.json"), "utf8")) as Record<string, number>;
/** Brotli output differs by a few bytes when only the hashed file names in a chunk change. */
const RECORDED_SLACK_KB = 0.05;

beforeAll(measureTransfers);

describe("first-load JavaScript of the public pages", () => {
  it("covers every public page (home, inventory, vehicle, contact, financing, booking, …)", () => {
    const ids = publicPages.map((r) => r.id);
    for (const page of ["home", "inventory", "vehicle", "contact", "financing", "booking"]) {
      expect(ids.some((id) => id.endsWith(page))).toBe(true);
    }
  });

  it.each(publicPages.map((r) => [r.id]))(`%s transfers at most ${BUDGET_KB} KB of JavaScript while it loads`, (routeId) => {
    const scripts = loadedScripts(routeId);
    const kb = scripts.reduce((sum, s) => sum + transferred(s), 0) / 1024;
    const largest = scripts
      .map((s) => `${s} ${(transferred(s) / 1024).toFixed(1)}`)
      .sort((a, b) => Number(b.split(" ")[1]) - Number(a.split(" ")[1]))
      .slice(0, 5);
    expect(kb, `${routeId}: ${kb.toFixed(1)} KB (${largest.join(", ")})`).toBeLessThanOrEqual(BUDGET_KB);
  });

  it.each(publicPages.map((r) => [r.id]))(
    "%s loads no more JavaScript than its recorded figure (tests/bundle/first-load-js.json)",
    (routeId) => {
      const kb = loadedScripts(routeId).reduce((sum, s) => sum + transferred(s), 0) / 1024;
      const recorded = RECORDED_KB[routeId];
      expect(recorded, `${routeId} has no recorded figure: add "${routeId}": ${(Math.ceil(kb * 100) / 100).toFixed(2)}`).toBeDefined();
      expect(kb, `${routeId}: ${kb.toFixed(2)} KB, recorded ${recorded} KB`).toBeLessThanOrEqual(recorded! + RECORDED_SLACK_KB);
    },
  );

  it("marks each first-load script of a public page with V8's compile hint, and none the dashboard or a later part loads", () => {
    const code = (url: string) => fs.readFileSync(path.join(assets, path.basename(url)), "utf8");
    const firstLoad = new Set(publicPages.flatMap((r) => [...firstLoadScripts(manifest, r.id)]));
    for (const script of firstLoad) {
      const source = code(script);
      const worthIt = source.length >= COMPILE_HINT_MIN_BYTES + COMPILE_HINT.length;
      expect(source.startsWith(COMPILE_HINT), script).toBe(worthIt);
    }
    const hinted = [...firstLoad].filter((s) => code(s).startsWith(COMPILE_HINT)).map((s) => path.basename(s));
    for (const chunk of ["framework", "layout", "messages-en", "messages-es", "messages-pt", "home", "inventory", "vehicle", "financing"]) {
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

  it("keeps zod, the staff dashboard's text, the privacy page's, the trade-in pages' and the deal sheet's text out of the chunk every page loads", () => {
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
    // The deal sheet's text (its form, its page, the staff tab's) stays in those pages' chunks too.
    expect(shared).not.toContain("These numbers hold until");
    expect(shared).not.toContain("Estas cifras son válidas hasta");
    expect(shared).not.toContain("Revise and send");
  });

  it("keeps the staff app's live client, service worker registration and notifications out of every public page's scripts (decisions 113, 114)", () => {
    const staffOnly = [
      "/podium/events",
      "/podium/sw.js",
      "/api/admin/push-subscriptions",
      "You are offline",
      "Notifications on this device",
    ];
    for (const page of publicPages) {
      const code = loadedScripts(page.id)
        .map((s) => fs.readFileSync(path.join(assets, path.basename(s)), "utf8"))
        .join("\n");
      for (const text of staffOnly) expect(code, `${page.id}: ${text}`).not.toContain(text);
    }
    // …while the staff pages' layout does load them: the check above looks where they would be.
    const staff = [...firstLoadScripts(manifest, "podium-layout")]
      .map((s) => fs.readFileSync(path.join(assets, path.basename(s)), "utf8"))
      .join("\n");
    expect(staff).toContain("/podium/events");
    expect(staff).toContain("/podium/sw.js");
  });

  it("leaves the vehicle page's deferred parts (message form, payment estimator) out of the scripts its HTML loads", () => {
    for (const id of ["routes/vehicle", "es/vehicle", "pt/vehicle"]) {
      const firstLoad = [...firstLoadScripts(manifest, id)].map((s) => path.basename(s));
      expect(firstLoad.length, id).toBeGreaterThan(5);
      expect(
        firstLoad.filter((file) => /^(contact-form|payment-estimator|use-zod-form)-/.test(file)),
        id,
      ).toEqual([]);
    }
  });

  it("keeps React Router out of the scripts of a page that hydrates only its islands (decision 157)", () => {
    const router = fs.readdirSync(assets).filter((f) => /^router-[\w-]+\.js$/.test(f));
    expect(router).toHaveLength(1);
    expect(fs.readFileSync(path.join(assets, router[0]!), "utf8")).toContain("__reactRouterContext");
    for (const id of ["routes/home", "es/inventory", "pt/vehicle", "routes/financing", "es/contact", "pt/trade-in"]) {
      const scripts = loadedScripts(id).map((s) => path.basename(s));
      expect(
        scripts.some((s) => s.startsWith("framework-")),
        id,
      ).toBe(true);
      expect(
        scripts.filter((s) => s.startsWith("router-")),
        id,
      ).toEqual([]);
    }
  });

  it("keeps server-only libraries out of every client file (the document cache's lru-cache)", () => {
    for (const file of fs.readdirSync(assets).filter((f) => f.endsWith(".js"))) {
      expect(fs.readFileSync(path.join(assets, file), "utf8"), file).not.toMatch(/LRUCache|maxEntrySize/);
    }
  });
});
