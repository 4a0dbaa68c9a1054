import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ByteBudgetLru, isCacheableDocumentPath, toHashedDocument } from "./document-cache.server";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("toHashedDocument", () => {
  it("drops the nonce and lists a hash of each inline executable script", () => {
    const html =
      `<link rel="modulepreload" href="/assets/a.js" nonce="N1"/>` +
      `<script nonce="N1">window.__ctx = {"a":1}</script>` +
      `<script nonce="N1" type="module" async="">import "/assets/a.js";</script>` +
      `<script type="application/ld+json" nonce="N1">{"@type":"Car"}</script>` +
      `<script nonce="N1" src="/assets/b.js"></script>`;
    const { html: out, scriptHashes } = toHashedDocument(html, "N1");
    expect(out).not.toContain("nonce=");
    expect(scriptHashes).toEqual([sha(`window.__ctx = {"a":1}`), sha(`import "/assets/a.js";`)]);
  });

  it("lists each distinct script once", () => {
    const { scriptHashes } = toHashedDocument(`<script nonce="x">a()</script><script nonce="x">a()</script>`, "x");
    expect(scriptHashes).toEqual([sha("a()")]);
  });
});

describe("isCacheableDocumentPath", () => {
  it("accepts the home page, the inventory and vehicle pages, in every language", () => {
    for (const path of [
      "/",
      "/inventory",
      "/es",
      "/pt/inventory",
      "/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11",
      "/es/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11",
    ]) {
      expect(isCacheableDocumentPath(path), path).toBe(true);
    }
  });

  it("refuses data requests, other pages and other prefixes", () => {
    for (const path of [
      "/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11.data",
      "/inventory.data",
      "/contact",
      "/podium",
      "/fr/inventory",
      "/espanol",
      "/used-2020-honda-civic",
      "/inventory/x",
    ]) {
      expect(isCacheableDocumentPath(path), path).toBe(false);
    }
  });
});

describe("ByteBudgetLru", () => {
  const entry = (bytes: number) => ({ bytes });

  it("drops the least recently used entries once the budget is exceeded", () => {
    const lru = new ByteBudgetLru<{ bytes: number }>(100);
    lru.set("a", entry(40));
    lru.set("b", entry(40));
    lru.get("a");
    lru.set("c", entry(40));
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.bytes).toBe(80);
  });

  it("counts a replaced entry once and never keeps one larger than the budget", () => {
    const lru = new ByteBudgetLru<{ bytes: number }>(100);
    lru.set("a", entry(60));
    lru.set("a", entry(70));
    expect(lru.bytes).toBe(70);
    lru.set("huge", entry(101));
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.size).toBe(1);
  });
});
