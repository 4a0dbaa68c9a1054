import fs from "node:fs";
import path from "node:path";
import { FIRST_TOUCH_EVENTS } from "~/shared/ui/deferred-hydration";

/**
 * Public pages paint first and hydrate after (decision 049). A phone on a slow network had the
 * largest paint of a landing page wait for the stylesheet, which queued behind ~130 KB of modulepreloaded
 * JavaScript on the same connections, and for hydration's long tasks. This reshapes a rendered page so
 * the largest paint needs the document alone:
 *
 * - The stylesheet is inlined in a `<style>`. Its `<link>` stays, `disabled`, so React still finds the
 *   element it rendered when it hydrates `<head>`, and the browser does not fetch it.
 * - The `modulepreload` links leave the head. The route modules' script waits until the largest
 *   element has painted (the `fetchpriority="high"` image once loaded, else the first paint), or the
 *   shopper presses, types or focuses first, then preloads the same modules and hydrates as before.
 *   Links and forms work meanwhile, as they do without JavaScript.
 */

/** Inlined stylesheets are the build's own CSS files, read once per process. */
const INLINE_LIMIT_BYTES = 200_000;
/** React renders attributes in any order (a nonce first); each `<link>` is matched on its own. */
const STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")(?=[^>]*\bhref="(\/assets\/[\w.-]+\.css)")([^>]*?)\/?>/g;
const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")(?=[^>]*\bhref="([^"]+)")[^>]*>/g;
/** React Router's route-modules script: static imports of each matched route, then its entry's dynamic import. */
const ROUTE_MODULES_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");?$/gm;

/**
 * Runs in the browser, in a module script: resolves when the largest element has painted. A hidden
 * tab does not paint, so it starts at once; a hero image that never settles is not waited on past 3 s.
 * The same first touch that starts a deferred part (`deferredHydration`) starts it early.
 */
const AFTER_LARGEST_PAINT = `await new Promise((start) => {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
  for (const type of ${JSON.stringify(FIRST_TOUCH_EVENTS)}) addEventListener(type, start, { once: true, capture: true, passive: true });
  if (document.visibilityState === "hidden") return start();
  const hero = document.querySelector('img[fetchpriority="high"]');
  if (!hero || hero.complete) return afterPaint();
  hero.addEventListener("load", afterPaint, { once: true });
  hero.addEventListener("error", afterPaint, { once: true });
  setTimeout(start, 3000);
});`;

export function stylesheetReader(clientDir: string | undefined): (href: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    if (!clientDir) return undefined;
    if (!cache.has(href)) {
      const file = path.join(clientDir, "assets", path.basename(href));
      const css = fs.existsSync(file) && fs.statSync(file).size <= INLINE_LIMIT_BYTES ? fs.readFileSync(file, "utf8") : undefined;
      cache.set(href, css);
    }
    return cache.get(href);
  };
}

/**
 * The page reshaped to paint first. If React Router's script is not where it is expected, its scripts
 * are left as they are (a page still works, only the order of its loading changes); a page that never
 * hydrates (decision 149) has none, and only its stylesheet is inlined.
 */
export function paintFirst(html: string, readStylesheet: (href: string) => string | undefined): string {
  const script = ROUTE_MODULES_SCRIPT.exec(html);
  const reshaped = script ? routeModulesAfterPaint(html, script) : html;
  return reshaped.replace(STYLESHEET, (link: string, href: string, attributes: string) => {
    const css = readStylesheet(href);
    // `</style` cannot occur in a CSS file the build wrote, but a stylesheet must never end the element early.
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style><link${attributes} disabled=""/>`;
  });
}

/**
 * The module script of a page that hydrates only its islands (decision 151): like React Router's, it waits
 * for the largest paint (or the first touch), then preloads the islands' script's imports and runs it.
 */
export function islandsAfterPaint(entry: string, imports: readonly string[]): string {
  return [
    AFTER_LARGEST_PAINT,
    `for (const href of ${JSON.stringify(imports)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `await import(${JSON.stringify(entry)});`,
  ].join("\n");
}

function routeModulesAfterPaint(html: string, script: RegExpExecArray): string {
  const [whole, attributes = "", text = ""] = script;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const imports = [...text.matchAll(STATIC_IMPORT)];
  const deferred = [
    AFTER_LARGEST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((m) => m[1] ?? "").join(", ")}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(", ")}]);`,
    text
      .replace(STATIC_IMPORT, "")
      .replace(/^;\s*$/m, "")
      .trim(),
  ].join("\n");
  return html.replace(whole, () => `<script${attributes} type="module" async="">${deferred}</script>`).replace(MODULEPRELOAD, "");
}
