import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paintFirst } from "~/app/http/paint-first.server";
import { en } from "~/shared/i18n/en";
import { es } from "~/shared/i18n/es";
import { pt } from "~/shared/i18n/pt";
import { availableVehiclePath } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Each performance mechanism that reshapes what React Router or the build produce must fail a test
 * the day it stops applying, not quietly switch itself off (decision 064). Here: paint-first (decision
 * 049) on the real server's pages, the islands' pages (decisions 151-155), and the
 * precompressed scripts (decision 064). The compile hints have theirs in tests/bundle, the opener
 * policy in src/app/route-policy.test.ts and tests/api/security.test.ts.
 */
let server: TestServer;
let vehicle = "";

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  vehicle = await availableVehiclePath(server);
});
afterAll(async () => {
  await server?.stop();
});

const html = async (url: string) => (await fetch(`${server.url}${url}`)).text();

/** What paint-first leaves in a page: no modulepreload link, the stylesheet inlined, the route modules imported after the paint. */
function expectPaintedFirst(page: string, label: string) {
  expect(page, `${label}: modulepreload links left in the head`).not.toMatch(/<link[^>]+rel="modulepreload"/);
  expect(page, `${label}: stylesheet not inlined`).toMatch(/<style>[\s\S]{1000,}?<\/style><link[^>]+rel="stylesheet"[^>]+disabled=""/);
  const script = /<script[^>]*type="module" async=""[^>]*>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
  expect(script.startsWith("await new Promise"), `${label}: the route modules do not wait for the paint`).toBe(true);
  expect(script, `${label}: a static import would fetch at once`).not.toMatch(/^import \*/m);
}

describe("paint-first still applies", () => {
  it("to React Router's own rendering of a page, as this version renders it", async () => {
    // Staff pages are sent as React Router renders them (they stream): the shape the rewrite must still recognise.
    const rendered = await html("/podium/sign-in");
    expect(rendered).toMatch(/<link[^>]+rel="modulepreload"/);
    expect(rendered).not.toMatch(/<style>/);
    // The setup link's page sits under the English layout but is the staff app's: untouched too.
    const setup = await html("/podium/setup?token=not-a-token");
    expect(setup).toMatch(/<link[^>]+rel="modulepreload"/);
    expect(setup).not.toMatch(/<style>/);
    expectPaintedFirst(
      paintFirst(rendered, () => "x".repeat(2000)),
      "/podium/sign-in rewritten",
    );
  });

  it("to every cached landing page, in every language", async () => {
    for (const url of ["/", "/inventory", vehicle, "/contact", "/financing", "/booking", "/es", `/es${vehicle}`, "/pt/financing"]) {
      expectPaintedFirst(await html(url), url);
    }
  });

  it("to every public page the cache does not keep, in every language (decision 144)", async () => {
    for (const url of ["/trade-in", "/pt/trade-in"]) {
      expectPaintedFirst(await html(url), url);
    }
    // A page nobody has: the shoppers' not-found page, with its 404.
    const missing = await fetch(`${server.url}/es/no-such-page`);
    expect(missing.status).toBe(404);
    expectPaintedFirst(await missing.text(), "/es/no-such-page");
  });
});

describe("pages that never hydrate (decision 149)", () => {
  it("carry no module script and no modulepreload, with the stylesheet inlined all the same", async () => {
    for (const url of [
      "/about",
      "/privacy",
      "/es/about",
      "/pt/privacy",
      "/pt/no/such/page",
      "/deal",
      "/es/deal",
      "/saved",
      "/es/saved",
      "/alerts",
      "/pt/alerts",
    ]) {
      const page = await html(url);
      expect(page, url).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"|__reactRouter/);
      expect(page, `${url}: stylesheet not inlined`).toMatch(/<style>[\s\S]{1000,}?<\/style><link[^>]+rel="stylesheet"[^>]+disabled=""/);
      // Its one script, the page view once the page has loaded, carries the response's CSP nonce.
      expect(page.match(/<script\b/g), url).toHaveLength(1);
      expect(page).toMatch(/<script nonce="[^"]+">\(function whenIdleAfterLoad\([\s\S]*?\(function sendPageView\(/);
      // …and the Web Vitals, from the library's chunk as the build named it.
      const library = /import\("(\/assets\/web-vitals-[\w-]+\.js)"\)/.exec(page)?.[1];
      expect(library, `${url}: no web-vitals chunk`).toBeDefined();
      expect(fs.existsSync(path.resolve("build/client", library!.slice(1)))).toBe(true);
    }
  });
});

describe("a page that hydrates only its islands (decision 151)", () => {
  it("carries each island with its props and the islands' script, not React Router's, in every language", async () => {
    // The home page and the contact page (decision 152): the layout's four islands and the map's.
    for (const url of ["/", "/es", "/pt", "/contact", "/es/contact", "/pt/contact"]) {
      const page = await html(url);
      expect(page, url).not.toMatch(/__reactRouter|rel="modulepreload"/);
      const islands = [...page.matchAll(/<div data-island="([\w-]+)" data-props="([^"]*)"/g)].map((m) => m[1]);
      expect(islands.sort(), url).toEqual(["language-suggestion", "map-facade", "menu-button", "open-status", "welcome-card"]);
      // The props are the page's language's text, as JSON in the attribute.
      const mapProps = /data-island="map-facade" data-props="([^"]*)"/.exec(page)![1]!.replaceAll("&quot;", '"');
      const show = { en, es, pt }[/^\/(es|pt)\b/.exec(url)?.[1] ?? "en"]!.site.map.show;
      expect((JSON.parse(mapProps.replaceAll("&amp;", "&")) as { show: string }).show).toBe(show);
      // One inline module script (allowed by its hash: both pages are cached documents): after the largest
      // paint it preloads the islands' imports and runs their script, both as the build named them.
      const script = /<script(?=[^>]*type="module")[^>]*>([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(script, url).toBeDefined();
      const entry = /await import\("(\/assets\/islands\.client-[\w-]+\.js)"\)/.exec(script!)?.[1];
      expect(entry, url).toBeDefined();
      expect(fs.existsSync(path.resolve("build/client", entry!.slice(1)))).toBe(true);
      expect(script).toMatch(/\/assets\/framework-[\w-]+\.js/);
      expect(script).toMatch(/img\[fetchpriority="high"\]/);
      // The page view and the Web Vitals, as on a page that never hydrates.
      expect(page).toMatch(/<script>\(function whenIdleAfterLoad\([\s\S]*?\(function sendPageView\(/);
      expect(page, `${url}: stylesheet not inlined`).toMatch(/<style>[\s\S]{1000,}?<\/style><link[^>]+rel="stylesheet"[^>]+disabled=""/);
    }
  });

  it("answers the contact form's post with a document whose islands' script carries the response's CSP nonce", async () => {
    // A post's answer is rendered for it alone, never cached: its scripts are allowed by the nonce, not by hashes.
    const res = await fetch(`${server.url}/es/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ firstName: "Ana", email: "nope" }).toString(),
    });
    expect(res.status).toBe(400);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeDefined();
    const page = await res.text();
    expect(page).toContain(es.contact.posted.fixFields);
    expect(page).toMatch(/<div data-island="map-facade"/);
    const script = /<script(?=[^>]*type="module")([^>]*)>([\s\S]*?)<\/script>/.exec(page);
    expect(script?.[1]).toContain(`nonce="${nonce}"`);
    expect(script?.[2]).toMatch(/await import\("\/assets\/islands\.client-[\w-]+\.js"\)/);
  });

  it("the inventory (decision 154): the header's islands, its filters a GET form, its list in the document and its script allowed by the CSP", async () => {
    // A query string that matches no vehicle and one that matches some: each is its own document.
    for (const url of ["/inventory", "/es/inventory?make=Honda&panel=open", "/pt/inventory?search=zzzz"]) {
      const response = await fetch(`${server.url}${url}`);
      const page = await response.text();
      expect(/__reactRouter|rel="modulepreload"/.test(page), url).toBe(false);
      const islands = [...page.matchAll(/<div data-island="([\w-]+)"/g)].map((m) => m[1]);
      expect(islands.sort(), url).toEqual(["language-suggestion", "menu-button", "open-status", "welcome-card"]);
      expect(/<form[^>]+role="search" action="\/(es\/|pt\/)?inventory" method="get"/.test(page), url).toBe(true);
      // The cards are in the document, awaited by the loader: nothing streamed for a router client to resolve.
      expect(/vehicle-placeholders|<template|\$RC\(/.test(page), url).toBe(false);
      // The islands' module script runs only if the response's CSP allows it: by its nonce or by its hash.
      const [, attributes = "", script = ""] = /<script([^>]*type="module"[^>]*)>([\s\S]*?)<\/script>/.exec(page) ?? [];
      expect(script, url).toMatch(/await import\("\/assets\/islands\.client-[\w-]+\.js"\)/);
      const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
      const hash = `'sha256-${crypto.createHash("sha256").update(script, "utf8").digest("base64")}'`;
      expect(nonce ? scriptSrc.includes(`'nonce-${nonce}'`) : scriptSrc.includes(hash), `${url}: ${scriptSrc}`).toBe(true);
    }
    // The panel's choices are sent by its Apply button; Show more's next document opens at the first card it adds.
    const english = await html("/inventory");
    expect(english.includes(`>${en.inventory.applyFilters}</button>`)).toBe(true);
    expect(english.includes('formAction="/inventory#more-vehicles"')).toBe(true);
    expect((await html("/es/inventory?shown=48")).includes('<li id="more-vehicles"')).toBe(true);
  });

  it("the vehicle page (decision 155): its gallery an island, its forms posted as documents, nothing streamed", async () => {
    for (const [locale, url] of [
      ["en", vehicle],
      ["es", `/es${vehicle}`],
      ["pt", `/pt${vehicle}`],
    ] as const) {
      const response = await fetch(`${server.url}${url}`);
      const page = await response.text();
      expect(/__reactRouter|rel="modulepreload"/.test(page), url).toBe(false);
      const islands = [...page.matchAll(/<div data-island="([\w-]+)"/g)].map((m) => m[1]);
      expect(islands.sort(), url).toEqual([
        "language-suggestion",
        "map-facade",
        "menu-button",
        "open-status",
        "photo-gallery",
        "welcome-card",
      ]);
      // The gallery's props: every photo with its alternative text, and the controls' names in the page's language.
      const raw = /data-island="photo-gallery" data-props="([^"]*)"/.exec(page)![1]!;
      const gallery = JSON.parse(raw.replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as {
        photos: { src: string; alt: string }[];
        text: { nextPhoto: string; counts: string[] };
      };
      const m = { en, es, pt }[locale].vehicle;
      expect(gallery.photos.length, url).toBeGreaterThan(1);
      expect(gallery.text.nextPhoto).toBe(m.nextPhoto);
      expect(gallery.text.counts).toEqual(gallery.photos.map((_, i) => m.photoCount(i + 1, gallery.photos.length)));
      // The first photo, the page's largest paint, is in the document with a high priority.
      expect(page).toContain(`src="${gallery.photos[0]!.src}"`);
      // Awaited by the loader: nothing streamed for a router client to resolve.
      expect(/<template|\$RC\(/.test(page), url).toBe(false);
      // The message form posts to the page, the estimate asks for the page again, the heart posts to /saved.
      const action = url.split("?")[0];
      expect(page, url).toMatch(
        new RegExp(`<form[^>]+method="post"[^>]+action="${action}"|<form[^>]+action="${action}"[^>]+method="post"`),
      );
      expect(page, url).toMatch(new RegExp(`<form[^>]+action="${action}#estimate" method="get"`));
      expect(page, url).toContain(`action="${locale === "en" ? "" : `/${locale}`}/saved" method="post"`);
      // The deferred parts' code is not loaded: the forms are the browser's.
      expect(page).not.toMatch(/\/assets\/(contact-form|payment-estimator)-/);
      // One module script, the islands' script (which loads the gallery's view when it finds its wrapper, decision
      // 153's way), allowed by the response's CSP.
      const [, attributes = "", script = ""] = /<script([^>]*type="module"[^>]*)>([\s\S]*?)<\/script>/.exec(page) ?? [];
      const entry = /await import\("(\/assets\/islands\.client-[\w-]+\.js)"\)/.exec(script)?.[1];
      expect(entry, url).toBeDefined();
      expect(fs.readFileSync(path.resolve("build/client", entry!.slice(1)), "utf8")).toMatch(/photo-gallery-view-[\w-]+\.js/);
      const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
      const hash = `'sha256-${crypto.createHash("sha256").update(script, "utf8").digest("base64")}'`;
      expect(nonce ? scriptSrc.includes(`'nonce-${nonce}'`) : scriptSrc.includes(hash), `${url}: ${scriptSrc}`).toBe(true);
    }
    // A message posted to the page is answered with the page, its field messages and the islands' script.
    const res = await fetch(`${server.url}/pt${vehicle}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ firstName: "Ana", email: "nope" }).toString(),
    });
    expect(res.status).toBe(400);
    const answer = await res.text();
    expect(answer).toContain(pt.contact.posted.fixFields);
    expect(answer).toMatch(/<div data-island="photo-gallery"/);
    expect(answer).toMatch(/await import\("\/assets\/islands\.client-[\w-]+\.js"\)/);
  });

  it("wraps nothing on a page that hydrates whole", async () => {
    // No public page hydrates whole since the booking page hydrates only its islands (decision 158); the staff
    // app's pages do.
    const page = await html("/podium/sign-in");
    expect(page).toContain("__reactRouterContext");
    expect(page).not.toContain("data-island");
  });
});

describe("the financing and trade-in forms hydrate only their islands (decision 153)", () => {
  /** The islands a document carries, and whether its inline module script is allowed by the response's CSP. */
  async function islandsDocument(res: Response, label: string) {
    const csp = res.headers.get("content-security-policy")!;
    const page = await res.text();
    expect(page, label).not.toMatch(/__reactRouter|rel="modulepreload"/);
    const script = /<script((?=[^>]*type="module")[^>]*)>([\s\S]*?)<\/script>/.exec(page);
    expect(script?.[2], `${label}: no islands script`).toMatch(/await import\("\/assets\/islands\.client-[\w-]+\.js"\)/);
    // A cached document allows it by its hash, any other answer by the response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (nonce) expect(script![1], label).toContain(`nonce="${nonce}"`);
    else expect(csp, label).toContain(`'sha256-${crypto.createHash("sha256").update(script![2]!).digest("base64")}'`);
    const islands = [...page.matchAll(/<div data-island="([\w-]+)" data-props="([^"]*)"/g)].map((m) => m[1]!);
    return { page, islands };
  }
  const count = (names: string[], name: string) => names.filter((n) => n === name).length;

  it("carry the form's islands beside the header's, in every language, on the page and on a post's answer", async () => {
    for (const url of ["/financing", "/es/financing", "/pt/financing"]) {
      const { page, islands } = await islandsDocument(await fetch(`${server.url}${url}`), url);
      expect(islands, url).toContain("menu-button");
      for (const name of ["ssn-input", "signature-pad", "license-upload"]) expect(count(islands, name), `${url} ${name}`).toBe(2);
      // What needs JavaScript is not shown until its island works, its place kept (decision 125): the SSN's
      // Show button, the drawing area and its button (the typed name signs without it).
      const locale = { "/financing": en, "/es/financing": es, "/pt/financing": pt }[url]!;
      expect(page).toMatch(new RegExp(`<button[^>]*class="[^"]* invisible">${locale.financing.form.showSsn}</button>`));
      expect(page).toMatch(/<canvas[^>]*class="[^"]* invisible"/);
      expect(page).toMatch(new RegExp(`<button[^>]*class="invisible [^"]*">${locale.financing.signaturePad.useTyped}</button>`));
    }
    for (const url of ["/trade-in", "/es/trade-in", "/pt/trade-in"]) {
      const { islands } = await islandsDocument(await fetch(`${server.url}${url}`), url);
      expect(count(islands, "trade-in-photos"), url).toBe(1);
    }
  });

  it("answer a refused post with the islands' script allowed by the answer's nonce, and never the SSN or the date of birth", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ firstName: "Jane", ssn: "123-45-6789", dateOfBirth: "1985-04-12", monthlyIncome: "4200" }))
      form.append(name, value);
    const res = await fetch(`${server.url}/es/financing`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    const { page, islands } = await islandsDocument(res, "POST /es/financing");
    expect(count(islands, "ssn-input")).toBe(2);
    expect(page).toContain('value="Jane"');
    for (const secret of ["123-45-6789", "123456789", "1985-04-12"]) expect(page).not.toContain(secret);
    // The first field with a message has the focus as the page loads.
    expect(/<input[^>]*id="financing-lastName"[^>]*>/.exec(page)?.[0]).toContain('autofocus=""');
    expect(page.match(/autofocus=""/g)).toHaveLength(1);

    const trade = new FormData();
    trade.append("make", "Subaru");
    trade.append("photos", new Blob([new Uint8Array(Buffer.from("not a photo"))], { type: "image/jpeg" }), "front.jpg");
    const answer = await fetch(`${server.url}/pt/trade-in`, { method: "POST", body: trade });
    expect(answer.status).toBe(400);
    const { page: tradePage, islands: tradeIslands } = await islandsDocument(answer, "POST /pt/trade-in");
    expect(count(tradeIslands, "trade-in-photos")).toBe(1);
    expect(tradePage).toContain('value="Subaru"');
  });
});

describe("precompressed scripts", () => {
  it("sends the build's brotli bytes as they are, with no validators, and gzip to a client without brotli", async () => {
    const page = await html(vehicle);
    const script = /"(\/assets\/framework-[\w-]+\.js)"/.exec(page)![1]!;
    const file = path.join("build/client", script);
    const br = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(Number(br.headers.get("content-length"))).toBe(fs.statSync(`${file}.br`).size);
    expect(br.headers.get("etag")).toBeNull();
    expect(br.headers.get("cache-control")).toContain("immutable");
    const gz = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(fs.readFileSync(file, "utf8"));
  });
});
