import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_POLICIES } from "~/app/route-policy.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import { countRows } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The review's H-1 and L-7 (decision 087): React Router decodes %-escapes before it matches a route,
 * and the guards matched the raw path, so `/%63ontact` ran the contact form's action past its rate
 * limit, its same-site check and its body cap, without Cross-Origin-Opener-Policy, and a token page's
 * address went into the lead-source cookie. Now every path has one spelling: another spelling is
 * redirected (GET, HEAD) or refused (any other method) before any route or guard runs, and the guards
 * read the route table for the path the router sees. Every public form path × every spelling.
 */
let server: TestServer;
let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;
let vehicleUrl = "";
const TOKEN = "dZvfA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8pxk";

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { TRUST_PROXY: "true" } });
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[];
  vehicleUrl = vehiclePath(vehicles[0]!);
});
afterAll(async () => {
  await server?.stop();
});

type Init = { method?: string; site?: string; body?: string; client?: string; headers?: Record<string, string> };
function call(path: string, init: Init = {}) {
  const method = init.method ?? "GET";
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      "x-forwarded-for": init.client ?? newClient(),
      ...(init.site ? { "sec-fetch-site": init.site } : {}),
      ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...init.headers,
    },
    body: method === "POST" ? (init.body ?? "firstName=") : undefined,
  });
}

/** The public pages that take a form post, by route name: their plain path and the route that answers it. */
const FORM_PAGES = () => [
  { name: "contact", path: "/contact" },
  { name: "booking", path: "/booking" },
  { name: "financing", path: "/financing" },
  { name: "trade-in", path: "/trade-in" },
  { name: "deal", path: "/deal" },
  { name: "vehicle", path: vehicleUrl },
  // The saved list's buttons and the alerts form (decision 115).
  { name: "saved", path: "/saved" },
  { name: "alerts", path: "/alerts" },
];

/** Each language's page, and React Router's data request for it: the spellings the site answers to. */
const canonicalForms = (path: string) =>
  ["", "/es", "/pt"].flatMap((prefix) => [`${prefix}${path}`, `${prefix}${path}.data`]).map((p) => ({ path: p, locale: p.slice(1, 3) }));

/** Other spellings of a canonical path: any letter %-escaped (either case of hex), upper case, doubled or trailing slashes. */
function otherSpellings(canonical: string): string[] {
  const variants = new Set<string>();
  const page = canonical.replace(/\.data$/, "");
  const data = canonical.endsWith(".data") ? ".data" : "";
  for (let i = 1; i < page.length; i++) {
    const ch = page[i]!;
    if (!/[a-z]/i.test(ch)) continue;
    const hex = ch.charCodeAt(0).toString(16);
    variants.add(`${page.slice(0, i)}%${i % 2 ? hex : hex.toUpperCase()}${page.slice(i + 1)}${data}`);
  }
  // The route's own words in upper case: the language prefix and the form's name (a vehicle's slug is its
  // parameter, kept as given: its own page redirects a slug in the wrong case).
  variants.add(`${page.replace(/^\/(es|pt)(?=\/|$)/, (w) => w.toUpperCase())}${data}`);
  variants.add(`${page.replace(/\/(contact|booking|financing|trade-in|deal|saved|alerts)$/, (w) => w.toUpperCase())}${data}`);
  variants.add(`/${page}${data}`);
  variants.add(`${page.replace(/\/(?=[^/]*$)/, "//")}${data}`);
  variants.add(`${canonical}/`);
  variants.delete(canonical);
  return [...variants];
}

describe("every public form path in every spelling (decision 087)", () => {
  it("another spelling is redirected to the one spelling for GET and HEAD, and refused for a post, before any route or guard runs", async () => {
    const leadsBefore = await countRows(server, "leads");
    const outboxBefore = await countRows(server, "outbox");
    let checked = 0;
    for (const { path } of FORM_PAGES()) {
      for (const { path: canonical } of canonicalForms(path)) {
        for (const variant of otherSpellings(canonical)) {
          for (const method of ["GET", "HEAD"]) {
            const res = await call(`${variant}?utm_source=x`, { method });
            await res.arrayBuffer();
            expect(res.status, `${method} ${variant}`).toBe(308);
            expect(res.headers.get("location"), `${method} ${variant}`).toBe(`${canonical}?utm_source=x`);
            expect(res.headers.get("set-cookie"), `${method} ${variant}`).toBeNull();
          }
          for (const site of ["cross-site", "same-origin"]) {
            const res = await call(variant, { method: "POST", site });
            await res.arrayBuffer();
            expect(res.status, `POST ${variant} (${site})`).toBe(400);
            expect(res.headers.get("ratelimit-policy"), `POST ${variant}`).toBeNull();
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    // Nothing reached an action: no lead, no mail.
    expect(await countRows(server, "leads")).toBe(leadsBefore);
    expect(await countRows(server, "outbox")).toBe(outboxBefore);
  });

  it("each canonical spelling (every language, with and without JavaScript) gets the plain path's guards and headers", async () => {
    for (const { name, path } of FORM_PAGES()) {
      const policy = ROUTE_POLICIES[`routes/${name}`]!;
      const plain = await call(path);
      await plain.arrayBuffer();
      for (const { path: canonical } of canonicalForms(path)) {
        // The page itself: the same opener policy and Referrer-Policy as the plain path.
        if (!canonical.endsWith(".data")) {
          const page = await call(canonical);
          await page.arrayBuffer();
          expect(page.status, canonical).toBe(plain.status);
          for (const header of ["cross-origin-opener-policy", "referrer-policy", "cache-control"]) {
            expect(page.headers.get(header), `${canonical} ${header}`).toBe(plain.headers.get(header));
          }
          expect(page.headers.get("cross-origin-opener-policy"), canonical).toBe(policy.isolatedFromOpeners ? "same-origin" : null);
        }
        // A post from another site is refused before its action runs.
        const crossSite = await call(canonical, { method: "POST", site: "cross-site" });
        await crossSite.arrayBuffer();
        expect(crossSite.status, `cross-site POST ${canonical}`).toBe(403);
        // A post from the site's own page is counted against the form's per-client limit.
        const own = await call(canonical, { method: "POST", site: "same-origin" });
        await own.arrayBuffer();
        const header = own.headers.get("ratelimit-policy");
        expect(header, `POST ${canonical}`).not.toBeNull();
        expect(policy.postRateLimit).not.toBe("none");
        if (policy.postRateLimit === "none") continue;
        expect(Number(/\bq=(\d+)/.exec(header!)?.[1]), canonical).toBe(policy.postRateLimit.limit);
        expect(Number(/\bw=(\d+)/.exec(header!)?.[1]) * 1000, canonical).toBe(policy.postRateLimit.windowMs);
      }
    }
  });

  it("the review's reproduction: seven contact posts from one client through /%63ontact store nothing; through /contact five, then 429", async () => {
    const leadsBefore = await countRows(server, "leads");
    const body = new URLSearchParams({
      firstName: "Rate",
      lastName: "Limit",
      email: "rl-one@example.net",
      phone: "9785550100",
      message: "Is this still available?",
    }).toString();
    const encoded = newClient();
    const encodedAnswers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call("/%63ontact", { method: "POST", site: "same-origin", client: encoded, body });
      await res.arrayBuffer();
      encodedAnswers.push(res.status);
    }
    expect(encodedAnswers).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(await countRows(server, "leads")).toBe(leadsBefore);
    const plain = newClient();
    const plainAnswers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call("/contact.data", { method: "POST", site: "same-origin", client: plain, body });
      await res.arrayBuffer();
      plainAnswers.push(res.status);
    }
    expect(plainAnswers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await countRows(server, "leads")).toBe(leadsBefore + 5);
  });

  it("token pages in another spelling set no lead-source cookie and are redirected; in their own they send no Referer and are never cached", async () => {
    for (const path of [
      `/%64eal/${TOKEN}`,
      `/trade-in/%6Fffer/${TOKEN}`,
      `/DEAL/${TOKEN}`,
      `/booking/%6Danage/${TOKEN}`,
      `/es/%6Fpt-out/${TOKEN}`,
      `/alerts/%63onfirm/${TOKEN}`,
      `/ALERTS/${TOKEN}`,
      `/pt/alerts/${TOKEN}/%75nsubscribe`,
    ]) {
      const res = await call(`${path}?utm_source=x`, { headers: { referer: "https://evil.example/" } });
      await res.arrayBuffer();
      expect(res.status, path).toBe(308);
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    for (const path of [
      `/deal/${TOKEN}`,
      `/es/trade-in/offer/${TOKEN}`,
      `/booking/manage/${TOKEN}`,
      `/deal/${TOKEN}.data`,
      `/pt/opt-out/${TOKEN}`,
      `/alerts/confirm/${TOKEN}`,
      `/es/alerts/${TOKEN}`,
      `/pt/alerts/${TOKEN}/unsubscribe`,
      `/alerts/${TOKEN}.data`,
    ]) {
      const res = await call(`${path}?utm_source=x`, { headers: { referer: "https://evil.example/" } });
      await res.arrayBuffer();
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // The opt-out page's action (decision 094) takes posts only from this site's own pages, like every route with one.
    const crossSite = await call(`/opt-out/${TOKEN}`, { method: "POST", site: "cross-site" });
    await crossSite.arrayBuffer();
    expect(crossSite.status).toBe(403);
    // The alerts' token pages too, but for a mail provider's one-click unsubscribe (RFC 8058): the table lets that
    // one post come from another site, to the List-Unsubscribe URL in its one spelling only.
    for (const path of [
      `/alerts/confirm/${TOKEN}`,
      `/es/alerts/${TOKEN}`,
      `/alerts/${TOKEN}/unsubscribe`,
      `/alerts/${TOKEN}/unsubscribe.data`,
    ]) {
      const res = await call(path, { method: "POST", site: "cross-site" });
      await res.arrayBuffer();
      expect(res.status, path).toBe(403);
    }
    const oneClick = (path: string) => call(path, { method: "POST", site: "cross-site", body: "List-Unsubscribe=One-Click" });
    for (const path of [`/alerts/${TOKEN}/unsubscribe`, `/pt/alerts/${TOKEN}/unsubscribe`]) {
      const res = await oneClick(path);
      // Answered by the one-click handler itself: an unknown link, as plain text, no page.
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/plain/);
      expect(await res.text(), path).toBe("Not found");
    }
    for (const path of [`/alerts/${TOKEN}/%75nsubscribe`, `/ALERTS/${TOKEN}/unsubscribe`, `/alerts/${TOKEN}/unsubscribe/`]) {
      const res = await oneClick(path);
      await res.arrayBuffer();
      expect(res.status, path).toBe(400);
    }
    // A browsing page with the same visit sets it.
    const landing = await call("/inventory?utm_source=x", { headers: { referer: "https://evil.example/" } });
    await landing.arrayBuffer();
    expect(landing.headers.get("set-cookie")).toMatch(/^lead_source=/);
  });

  it("the opener policy follows the page, in every spelling: /%66inancing and /%70odium lead to the isolated documents", async () => {
    for (const [variant, canonical] of [
      ["/%66inancing", "/financing"],
      ["/%70odium", "/podium"],
      ["/booking/%6Danage/x", "/booking/manage/x"],
      ["/ES/Financing", "/es/financing"],
    ] as const) {
      const redirected = await call(variant);
      await redirected.arrayBuffer();
      expect(redirected.status, variant).toBe(308);
      expect(redirected.headers.get("location"), variant).toBe(canonical);
      const page = await call(canonical);
      await page.arrayBuffer();
      expect(page.headers.get("cross-origin-opener-policy"), canonical).toBe("same-origin");
    }
  });
});
