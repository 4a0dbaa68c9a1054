import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ByteBudgetLru, refuseHeadersOnCachedRoutes } from "./document-cache.server";
import { clockContentChangesAt, maxAgeOf } from "./document-cache-policy.server";
import { toHashedDocument } from "./hashed-document.server";

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

describe("clockContentChangesAt", () => {
  // 2026-11-23 is a Monday; New York is UTC−5 in November. Open 8:30 AM to 6 PM.
  const newYork = (time: string) => Date.parse(`2026-11-23T${time}-05:00`);

  it("re-renders at the minute the Open/Closed badge flips", () => {
    expect(clockContentChangesAt(newYork("17:57:30"), "/")).toBe(newYork("18:00:00"));
    expect(clockContentChangesAt(newYork("08:29:59"), "/inventory")).toBe(newYork("08:30:00"));
  });

  it("re-renders at the dealership's midnight (the booking page's days, the price-drop badge)", () => {
    expect(clockContentChangesAt(newYork("23:58:00"), "/es/booking")).toBe(Date.parse("2026-11-24T00:00:00-05:00"));
  });

  it("keeps a copy four to five minutes when nothing on the clock changes, the same for a page every time", () => {
    const noon = newYork("12:00:10");
    for (const key of ["/", "/inventory", "/es/contact", "/pt/financing"]) {
      const expires = clockContentChangesAt(noon, key);
      expect(expires).toBe(noon + maxAgeOf(key));
      expect(expires).toBeGreaterThan(newYork("12:04:10"));
      expect(expires).toBeLessThanOrEqual(newYork("12:05:10"));
      expect(clockContentChangesAt(noon + 1_000, key)).toBe(expires + 1_000);
    }
  });

  it("spreads the copies filled together over the minute, so they do not all re-render in the same second (decision 136)", () => {
    const keys = Array.from({ length: 150 }, (_, i) => `/inventory/2021-honda-civic-${i}`);
    const dueSeconds = new Set(keys.map((key) => Math.floor(maxAgeOf(key) / 1000)));
    // 150 pages over 60 possible seconds: with no spread they would all fall in one.
    expect(dueSeconds.size).toBeGreaterThan(40);
    const tenSecondBuckets = new Map<number, number>();
    for (const key of keys) {
      const bucket = Math.floor(maxAgeOf(key) / 10_000);
      tenSecondBuckets.set(bucket, (tenSecondBuckets.get(bucket) ?? 0) + 1);
    }
    expect(Math.max(...tenSecondBuckets.values())).toBeLessThan(50);
  });
});

describe("refuseHeadersOnCachedRoutes", () => {
  const build = (routes: Record<string, { headers?: () => HeadersInit }>) => ({
    routes: Object.fromEntries(Object.entries(routes).map(([id, module]) => [id, { id, path: id, module }])) as unknown as Parameters<
      typeof refuseHeadersOnCachedRoutes
    >[0]["routes"],
  });

  it("refuses to start when a cached route exports headers the cache would drop", () => {
    const headers = () => ({ "Cache-Control": "no-store" });
    expect(() => refuseHeadersOnCachedRoutes(build({ "routes/contact": { headers } }), ["routes/contact"])).toThrow(/routes\/contact/);
  });

  it("lets a route rendered per request keep its headers", () => {
    const headers = () => ({ "Cache-Control": "no-store" });
    expect(() =>
      refuseHeadersOnCachedRoutes(build({ "routes/podium-setup": { headers }, "routes/contact": {} }), ["routes/contact"]),
    ).not.toThrow();
  });
});
