import { describe, expect, it } from "vitest";
import { paintFirst } from "./paint-first.server";

/** The shape React Router 8 and React 19 render (attributes in React's order, a nonce first on the stylesheet). */
const rendered = [
  `<!DOCTYPE html><html lang="en-US"><head><title>Contact Us</title>`,
  `<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>`,
  `<link rel="modulepreload" href="/assets/framework-B.js" nonce="N"/>`,
  `<link rel="modulepreload" href="/assets/contact-C.js" nonce="N"/>`,
  `<link nonce="N" rel="stylesheet" href="/assets/root-D.css"/></head>`,
  `<body><main>…</main><script nonce="N">window.__reactRouterContext = {};</script>`,
  `<script nonce="N" type="module" async="">;\n`,
  `import * as route0 from "/assets/root-E.js";\n`,
  `import * as route1 from "/assets/contact-C.js";\n`,
  `  window.__reactRouterManifest = {"entry":{}};\n`,
  `  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};\n\n`,
  `import("/assets/entry.client-A.js");</script></body></html>`,
].join("");

const css = (href: string) => (href === "/assets/root-D.css" ? "body{color:red}" : undefined);

describe("paintFirst", () => {
  const out = paintFirst(rendered, css);

  it("inlines the stylesheet and keeps its link, disabled, for React to hydrate", () => {
    expect(out).toContain(`<style>body{color:red}</style><link nonce="N" rel="stylesheet" href="/assets/root-D.css" disabled=""/></head>`);
  });

  it("takes the modulepreload links out of the head and preloads the same modules after the largest paint", () => {
    expect(out).not.toMatch(/<link[^>]+modulepreload/);
    const script = /<script nonce="N" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    const waits = script.indexOf("await new Promise");
    const preloads = script.indexOf(`["/assets/entry.client-A.js","/assets/framework-B.js","/assets/contact-C.js"]`);
    const imports = script.indexOf(
      `const [route0, route1] = await Promise.all([import("/assets/root-E.js"), import("/assets/contact-C.js")]);`,
    );
    const hydrates = script.indexOf(`import("/assets/entry.client-A.js");`);
    expect(waits).toBe(0);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    expect(hydrates).toBeGreaterThan(imports);
    expect(script).toContain(`window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};`);
    // No static import is left: it would fetch its module the moment the script is parsed.
    expect(script).not.toMatch(/^import \*/m);
    // It is still a module script the browser can parse (top-level await).
    expect(() => new Function(`return async () => {${script}}`)).not.toThrow();
  });

  it("waits for the fetchpriority=high image, or the first paint, and starts at once on a press, a key or focus", () => {
    expect(out).toContain(`document.querySelector('img[fetchpriority="high"]')`);
    for (const type of ["pointerdown", "keydown", "focusin"]) expect(out).toContain(`"${type}"`);
  });

  it("leaves a page's scripts alone when React Router's script is not there, and a stylesheet it cannot read linked", () => {
    const plain = `<html><head><link rel="stylesheet" href="/assets/x.css"/></head><body></body></html>`;
    expect(paintFirst(plain, css)).toBe(plain);
    // A page that never hydrates (decision 149): no route modules, its stylesheet inlined all the same.
    const withoutScripts = `<html><head><link rel="stylesheet" href="/assets/root-D.css"/></head><body><script nonce="N">x()</script></body></html>`;
    expect(paintFirst(withoutScripts, css)).toBe(
      `<html><head><style>body{color:red}</style><link rel="stylesheet" href="/assets/root-D.css" disabled=""/></head><body><script nonce="N">x()</script></body></html>`,
    );
    expect(paintFirst(rendered, () => undefined)).toContain(`<link nonce="N" rel="stylesheet" href="/assets/root-D.css"/>`);
    expect(paintFirst(rendered, () => "a{}</style><script>alert(1)</script>")).not.toContain("alert(1)");
  });
});
