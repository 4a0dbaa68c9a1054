import crypto from "node:crypto";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRouter } from "~/app/http/staff-router.server";
import { staffAccess } from "~/features/staff/staff-accounts-api.server";
import { listRoutes } from "~/server/http/route-list.server";
import type { AppContext } from "~/server/context.server";
import { upcomingDateFor } from "../support/booking-dates";
import { DEMO_OWNER, signIn, signInOwner } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Service } from "~/shared/types/service";
import { countRows, onPostgres, openServerDatabase, storedDatabaseText } from "../support/server-database";

/*
 * Cross-site requests, against the real server. The 401 matrix of every /api/admin route (no
 * session) lives in tests/api/staff-api.test.ts ("answers 401 on every /api/admin route");
 * this file adds the cross-site (403) matrix with a valid session.
 */

const SQL_STRINGS = ["'; DROP TABLE vehicles; --", '" OR 1=1 --', "Robert'); DELETE FROM bookings;--"];
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;
const SSN = "778-41-9023";
const SSN_DIGITS = "778419023";
const DOB = "1971-03-29";

let server: TestServer;
let adminCookie: string;
let nextClient = 1;
/** Each request speaks from its own address (TRUST_PROXY=true) so per-client rate limits stay out of the way. */
const newClient = () => `198.51.100.${nextClient++ % 250}`;
let vehicleId: string;
let vehicleUrl: string;
let imageUrl: string;
let assetUrl: string;
let services: Service[];
let signature: string;
let license: string;

type Init = { method?: string; body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; admin?: boolean };

/** A request as the site's own pages send it (same-origin), optionally with the staff session. */
function call(p: string, init: Init = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": newClient(), "sec-fetch-site": "same-origin", ...init.headers };
  if (init.admin) headers.cookie = adminCookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.raw !== undefined) {
    body = typeof init.raw === "string" ? init.raw : new Uint8Array(init.raw);
    headers["content-type"] ??= "application/json";
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] = "application/json";
  }
  return fetch(`${server.url}${p}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
}

async function json<T = unknown>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function tableNames(): Promise<string[]> {
  const { db } = openServerDatabase(server);
  try {
    return (await db.introspection.getTables()).map((t) => t.name);
  } finally {
    await db.destroy();
  }
}

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.com",
  phone: "9785550100",
  message: "Is the Civic still available?",
  ...overrides,
});

function bookingBody(overrides: Record<string, unknown> = {}, minDaysAhead = 3) {
  const service = services.find((s) => s.name === "Oil Change")!;
  return {
    serviceId: service.id,
    bookingDate: upcomingDateFor(service, minDaysAhead),
    bookingTime: "10:00",
    customerFirstName: "Ana",
    customerLastName: "Silva",
    customerEmail: "ana.silva@example.com",
    customerPhone: "(978) 555-0100",
    notes: "Please check the tires.",
    ...overrides,
  };
}

const vehicleBody = (overrides: Record<string, unknown> = {}) => ({
  vin: "1HGCM82633A004352",
  year: 2019,
  make: "Honda",
  model: "Civic",
  price: 17500,
  mileage: 42000,
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Sedan",
  exteriorColor: "Blue",
  features: ["Backup Camera"],
  description: "Clean and well kept.",
  images: [imageUrl],
  ...overrides,
});

const financingBody = (overrides: Record<string, unknown> = {}) =>
  validApplicationInput(
    { signature, driverLicense: license },
    { ssn: SSN, dateOfBirth: DOB, employer: "Acme Tools", downPayment: "1500", ...overrides },
  );

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { TRUST_PROXY: "true" } });
  adminCookie = (await signInOwner(server)).cookie;

  const vehicles = await json<{ id: string; year: number; make: string; model: string; photos: { url?: string; src?: string }[] }[]>(
    await call("/api/vehicles"),
  );
  vehicleId = vehicles[0]!.id;
  vehicleUrl = vehiclePath(vehicles[0]!);
  const page = await (await call(vehicleUrl)).text();
  imageUrl = /\/images\/[0-9a-f]{32}-1200\.jpg/.exec(page)![0];
  assetUrl = /\/assets\/[^"]+\.js/.exec(page)![0];
  services = await json<Service[]>(await call("/api/services"));

  const png = await sharp({ create: { width: 400, height: 150, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString("base64")}`;
  const jpg = await sharp({ create: { width: 600, height: 380, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();
  license = `data:image/jpeg;base64,${jpg.toString("base64")}`;
});

afterAll(async () => {
  await server?.stop();
});

describe("security headers", () => {
  const publicPaths = () => [
    "/",
    "/inventory",
    vehicleUrl,
    "/financing",
    "/about",
    "/contact",
    "/booking",
    // The staff app's address sends a signed-out person to its sign-in page.
    "/podium/sign-in",
    "/sitemap.xml",
    "/robots.txt",
    "/feeds/google-vehicles.tsv",
    "/feeds/google-vehicle-ads.tsv",
    "/feeds/meta-vehicles.csv",
    "/no-such-page",
  ];
  const apiPaths = () => [
    "/api/vehicles",
    `/api/vehicles/${vehicleId}`,
    "/api/services",
    `/api/bookings/date/${upcomingDateFor(services[0]!, 3)}`,
    "/api/admin/session",
    "/api/admin/vehicles",
    "/api/does-not-exist",
  ];
  const filePaths = () => [imageUrl, assetUrl, "/favicon.ico", "/images/0123456789abcdef0123456789abcdef-1200.jpg", "/assets/nope-123.js"];

  function expectHardened(res: Response, label: string) {
    const csp = res.headers.get("content-security-policy");
    // A per-response nonce, or for cached documents (/, /inventory) hashes of exactly the inline scripts rendered.
    expect(csp, label).toMatch(
      /script-src 'self'( 'nonce-[A-Za-z0-9+/=]{20,}'| 'sha256-[A-Za-z0-9+/=]{40,}')+$|script-src 'self'( 'nonce-[A-Za-z0-9+/=]{20,}'| 'sha256-[A-Za-z0-9+/=]{40,}')+;/,
    );
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
    expect(res.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by"), label).toBeNull();
    // frame-ancestors 'none' is the one anti-framing policy (decision 021): no contradicting SAMEORIGIN.
    expect(res.headers.get("x-frame-options"), label).toBeNull();
  }

  it("hardens every public page, the sitemap, robots.txt, the vehicle feeds and the 404 page (HSTS only over HTTPS)", async () => {
    const statuses: Record<string, number> = {};
    for (const p of publicPaths()) {
      const res = await call(p);
      await res.arrayBuffer();
      statuses[p] = res.status;
      expectHardened(res, p);
      expect(res.headers.get("strict-transport-security"), p).toBeNull();

      const https = await call(p, { headers: { "x-forwarded-proto": "https" } });
      await https.arrayBuffer();
      expectHardened(https, `${p} over https`);
      expect(https.headers.get("strict-transport-security"), `${p} over https`).toMatch(/max-age=\d{7,}/);
    }
    expect(statuses["/no-such-page"]).toBe(404);
    expect(Object.entries(statuses).filter(([p, s]) => p !== "/no-such-page" && s !== 200)).toEqual([]);
  });

  it("hardens representative /api responses, including errors", async () => {
    for (const p of apiPaths()) {
      const res = await call(p, { admin: p === "/api/admin/vehicles" });
      await res.arrayBuffer();
      expectHardened(res, p);
      expect(res.headers.get("content-type"), p).toContain("application/json");
    }
  });

  it("sends Cross-Origin-Opener-Policy on the documents that take secrets, not on the browsing pages (decision 052)", async () => {
    // Paths match case-insensitively, as React Router matches them: /FINANCING is the same form.
    const isolated = [
      "/financing",
      "/es/financing",
      "/pt/financing",
      "/booking/manage/no-such-token",
      "/podium",
      "/podium/setup",
      "/FINANCING",
      "/Podium",
    ];
    const browsing = ["/", "/inventory", vehicleUrl, "/contact", "/booking", "/es/contact", "/pt", "/about", "/no-such-page"];
    for (const p of isolated) {
      let res = await call(p);
      await res.arrayBuffer();
      // Another spelling of the path is sent to its one spelling first (decision 087), which renders the page.
      if (res.status === 308) {
        expect(res.headers.get("location"), p).toBe(p.toLowerCase());
        res = await call(res.headers.get("location")!);
        await res.arrayBuffer();
      }
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers.get("cross-origin-opener-policy"), p).toBe("same-origin");
    }
    for (const p of browsing) {
      const res = await call(p);
      await res.arrayBuffer();
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers.get("cross-origin-opener-policy"), p).toBeNull();
    }
  });

  it("answers a client-side navigation from a browsing page to a page that takes secrets with a document load (decision 052)", async () => {
    // React Router's single-fetch redirect: a turbo-stream whose "reload" flag makes the client load a document.
    const documentLoadOf = (target: string) => [`"redirect","${target}"`, `"reload",true`];
    const cases = [
      { path: "/financing.data", referer: "/inventory", target: "/financing" },
      { path: "/es/financing.data?_routes=root,routes/financing&vehicle=x", referer: "/es/contact", target: "/es/financing?vehicle=x" },
      { path: "/booking/manage/no-such-token.data", referer: "/booking", target: "/booking/manage/no-such-token" },
      { path: "/podium.data", referer: "/", target: "/podium" },
    ];
    for (const { path, referer, target } of cases) {
      const res = await call(path, { headers: { referer: `${server.url}${referer}` } });
      const body = await res.text();
      expect(res.status, path).toBe(202);
      for (const part of documentLoadOf(target)) expect(body, path).toContain(part);
    }
    // From a page that is already isolated (its own revalidation after a form post), from a page that sends
    // no Referer (a booking's manage page: its URL holds a token), and to browsing pages, the data is served.
    const served: { path: string; referer?: string }[] = [
      { path: "/financing.data", referer: "/financing" },
      { path: "/pt/financing.data", referer: "/financing" },
      { path: "/booking/manage/no-such-token.data" },
      { path: "/contact.data", referer: "/inventory" },
      { path: "/_.data", referer: "/financing" },
    ];
    for (const { path, referer } of served) {
      const res = await call(path, { headers: referer ? { referer: `${server.url}${referer}` } : {} });
      const body = await res.text();
      // The manage page of an unknown token answers 404 with its data.
      expect(res.status, path).toBe(path.startsWith("/booking/manage/") ? 404 : 200);
      expect(body, path).not.toContain('"reload",true');
    }
    // A form post is never turned into a document load.
    const post = await call("/financing.data", {
      method: "POST",
      raw: "intent=nothing",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}/contact` },
    });
    expect(await post.text()).not.toContain('"reload",true');
  });

  it("sends one Referrer-Policy header, no-referrer on the pages whose URL holds a token", async () => {
    const cases = [
      { path: "/podium/setup", policy: "no-referrer" },
      { path: `/podium/setup?token=${"t".repeat(43)}`, policy: "no-referrer" },
      { path: "/booking/manage/no-such-token", policy: "no-referrer" },
      { path: "/es/booking/manage/no-such-token", policy: "no-referrer" },
      { path: "/podium", policy: "strict-origin-when-cross-origin" },
      { path: "/about", policy: "strict-origin-when-cross-origin" },
    ];
    for (const { path, policy } of cases) {
      // fetch() joins repeated headers into one value: count the lines as they came on the wire.
      const { head } = await rawRequest("GET", path);
      const values = head.split("\r\n").filter((line) => /^referrer-policy:/i.test(line));
      expect(values, path).toEqual([`Referrer-Policy: ${policy}`]);
    }
  });

  it("images and static assets, found or not, can never be read as a document", async () => {
    // A document's CSP does not apply to an image or a script, so files may carry only the
    // headers that matter to them. What matters: nosniff, so no file is ever sniffed into
    // HTML, and any HTML answer is a fully hardened document.
    for (const p of filePaths()) {
      const res = await call(p);
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("x-powered-by"), p).toBeNull();
      const type = res.headers.get("content-type") ?? "";
      expect(type, p).not.toBe("");
      if (/html|xml|svg/i.test(type)) expectHardened(res, p);
    }
  });
});

describe("cookies", () => {
  it("the staff session cookie is HttpOnly, SameSite=Strict, a browser-session cookie, and Secure behind HTTPS", async () => {
    const cookie = (await signInOwner(server)).sessionSetCookie;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/Secure/i);
    // 32 random bytes: not guessable.
    expect(cookie.split(";", 1)[0]!.split("=")[1]!.length).toBeGreaterThanOrEqual(43);

    const secure = (
      await signIn(server, DEMO_OWNER.email, DEMO_OWNER.password, {
        "x-forwarded-proto": "https",
        // Behind the proxy the page's origin is https://…; the browser says same-origin.
        "sec-fetch-site": "same-origin",
      })
    ).sessionSetCookie;
    expect(secure).toMatch(/; Secure/i);
    expect(secure).toMatch(/; HttpOnly/i);
    expect(secure).toMatch(/; SameSite=Strict/i);
    expect(secure).not.toMatch(/Max-Age|Expires/i);
  });

  it("the financing PDF cookie is HttpOnly, SameSite=Strict, scoped to /api/financing, about an hour long, and Secure behind HTTPS", async () => {
    for (const proto of ["http", "https"]) {
      const res = await call("/api/financing", { body: financingBody(), headers: { "x-forwarded-proto": proto } });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("financing_pdf="))!;
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Strict/i);
      expect(cookie).toMatch(/; Path=\/api\/financing(;|$)/);
      const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)![1]);
      expect(maxAge).toBeGreaterThanOrEqual(3590);
      expect(maxAge).toBeLessThanOrEqual(3600);
      if (proto === "https") expect(cookie).toMatch(/; Secure/i);
      else expect(cookie).not.toMatch(/Secure/i);
    }
  });
});

describe("cross-site requests to the staff API", () => {
  it("refuses every state-changing /api/admin route from another site, even with a valid session, and changes nothing", async () => {
    const ctx = { env: { dataDir: server.dataDir, adminSessionIdleMs: 1000 } } as AppContext;
    const router = staffRouter(ctx, staffAccess(ctx));
    const changing = listRoutes(router).filter((r) => r.method !== "GET");
    expect(changing.length).toBeGreaterThanOrEqual(8);
    const vehiclesBefore = await countRows(server, "vehicles");
    for (const r of changing) {
      const url = `/api${r.path.replace(":id", vehicleId).replace("{*rest}", "anything")}`;
      for (const headers of [
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        { origin: "https://evil.example", "sec-fetch-site": "same-site" },
        // Older browsers send no Sec-Fetch-Site: the Origin decides.
        { origin: "https://evil.example", "sec-fetch-site": "" },
      ]) {
        const h: Record<string, string> = { ...headers };
        if (!h["sec-fetch-site"]) delete h["sec-fetch-site"];
        const res = await fetch(`${server.url}${url}`, {
          method: r.method,
          headers: { ...h, cookie: adminCookie, "content-type": "application/json" },
          body:
            r.method === "DELETE"
              ? undefined
              : JSON.stringify(r.path.includes("login") ? { email: DEMO_OWNER.email, password: DEMO_OWNER.password } : vehicleBody()),
        });
        expect(res.status, `${r.method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toEqual({ error: "Cross-site request refused" });
        expect(res.headers.getSetCookie(), `${r.method} ${url}`).toEqual([]);
      }
    }
    const vehiclesAfter = await countRows(server, "vehicles");
    expect(vehiclesAfter).toBe(vehiclesBefore);
    // The session survived (a cross-site logout did nothing).
    expect((await call("/api/admin/vehicles", { admin: true })).status).toBe(200);
  });
});

describe("cross-site requests to the public API", () => {
  it("a form post from another site (no preflight: text/plain or form-encoded) stores nothing, and no CORS grant lets scripts in", async () => {
    const before = await countRows(server, "contact_submissions");
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      for (const p of ["/api/contact", "/api/bookings", "/api/financing"]) {
        const res = await call(p, {
          raw: JSON.stringify(p === "/api/contact" ? contactBody() : p === "/api/bookings" ? bookingBody({}, 8) : financingBody()),
          headers: { "content-type": contentType, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        });
        expect(res.status, `${p} as ${contentType}`).toBe(400);
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
      }
    }
    expect(await countRows(server, "contact_submissions")).toBe(before);
    const preflight = await call("/api/contact", {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    await preflight.arrayBuffer();
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("request bodies", () => {
  type Route = { name: string; method: string; path: () => string; admin?: boolean; limitBytes: number };
  /** Every route that parses a JSON body (the photo upload takes raw bytes: tested below). */
  const routes: Route[] = [
    { name: "POST /api/contact", method: "POST", path: () => "/api/contact", limitBytes: 100 * 1024 },
    { name: "POST /api/financing", method: "POST", path: () => "/api/financing", limitBytes: 30 * 1024 * 1024 },
    { name: "POST /api/bookings", method: "POST", path: () => "/api/bookings", limitBytes: 100 * 1024 },
    { name: "POST /api/track-visitor", method: "POST", path: () => "/api/track-visitor", limitBytes: 100 * 1024 },
    { name: "POST /api/admin/login", method: "POST", path: () => "/api/admin/login", limitBytes: 100 * 1024 },
    { name: "POST /api/admin/vehicles", method: "POST", path: () => "/api/admin/vehicles", admin: true, limitBytes: 25 * 1024 * 1024 },
    // An unknown id: bodies are parsed and validated before the lookup, and no fuzzed body may change the seeded vehicles.
    {
      name: "PATCH /api/admin/vehicles/:id",
      method: "PATCH",
      path: () => `/api/admin/vehicles/${crypto.randomUUID()}`,
      admin: true,
      limitBytes: 25 * 1024 * 1024,
    },
    {
      name: "PATCH /api/admin/bookings/:id",
      method: "PATCH",
      path: () => `/api/admin/bookings/${crypto.randomUUID()}`,
      admin: true,
      limitBytes: 100 * 1024,
    },
  ];

  function expectCleanError(text: string, label: string) {
    expect(text, label).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.js:\d+|SyntaxError|stack/i);
  }

  it.each(routes.map((r) => [r.name, r] as const))("malformed JSON → 400 with a JSON error: %s", async (_label, r) => {
    for (const raw of ["{not json", '{"firstName": "Ana",}', "[1, 2", "\u0000"]) {
      const res = await call(r.path(), { method: r.method, raw, admin: r.admin });
      const label = `${r.method} ${r.path()} ${JSON.stringify(raw)}`;
      expect(res.status, label).toBe(400);
      expect(res.headers.get("content-type"), label).toContain("application/json");
      const text = await res.text();
      expect(JSON.parse(text), label).toEqual({ error: "Malformed JSON" });
      expectCleanError(text, label);
    }
  });

  it.each(routes.map((r) => [r.name, r] as const))("oversized body → 413 with a JSON error: %s", async (_m, r) => {
    // A syntactically valid JSON body just over the route's limit.
    const raw = JSON.stringify({ message: "x".repeat(r.limitBytes + 1024) });
    const res = await call(r.path(), { method: r.method, raw, admin: r.admin });
    const label = `${r.method} ${r.path()}`;
    expect(res.status, label).toBe(413);
    const text = await res.text();
    expect(JSON.parse(text), label).toEqual({ error: "Request body is too large" });
    expectCleanError(text, label);
  });

  it("odd but well-formed JSON (wrong types, nesting, prototype keys, NUL bytes) → 4xx with a JSON error, never a 500", async () => {
    const samples = {
      contact: contactBody(),
      financing: financingBody(),
      booking: bookingBody({}, 6),
      track: { page: "/", userAgent: "x" },
      login: { email: DEMO_OWNER.email, password: "not the password" },
      vehicle: vehicleBody(),
      status: { status: "confirmed" },
    };
    const sampleFor = (name: string) =>
      name.includes("contact")
        ? samples.contact
        : name.includes("financing")
          ? samples.financing
          : name.includes("admin/bookings")
            ? samples.status
            : name.includes("bookings")
              ? samples.booking
              : name.includes("track")
                ? samples.track
                : name.includes("login")
                  ? samples.login
                  : samples.vehicle;
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    for (const r of routes) {
      const sample = sampleFor(r.name) as Record<string, unknown>;
      const bodies: string[] = [
        "null",
        "[]",
        '"text"',
        "123",
        "true",
        deep,
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      ];
      for (const key of Object.keys(sample)) {
        const sameLength =
          typeof sample[key] === "string"
            ? [`${"😀".repeat(Math.floor((sample[key] as string).length / 2))}`, `${(sample[key] as string).slice(1)}\u0000`]
            : [];
        for (const odd of [
          null,
          1e20,
          -1,
          1.5,
          true,
          [],
          {},
          ["a", "b"],
          { $gt: "" },
          "\u0000",
          "x".repeat(20_000),
          "😀".repeat(50),
          ...sameLength,
        ]) {
          bodies.push(JSON.stringify({ ...sample, [key]: odd }));
        }
      }
      for (const raw of bodies) {
        const res = await call(r.path(), { method: r.method, raw, admin: r.admin && !r.name.includes("login") });
        const label = `${r.name} ${raw.slice(0, 120)}`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers.get("content-type"), label).toContain("application/json");
          expectCleanError(await res.text(), label);
        } else await res.arrayBuffer();
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    // Hundreds of requests, sign-ins among them (a 128 MiB scrypt each): over 30 s on a busy 2-core machine.
  }, 120_000);

  it("oversized photo uploads → 413", async () => {
    const res = await call("/api/admin/photos", {
      raw: Buffer.alloc(30 * 1024 * 1024, 1),
      admin: true,
      headers: { "content-type": "image/jpeg" },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Request body is too large" });
  });

  it("the server is still healthy afterwards", async () => {
    expect((await call("/api/vehicles")).status).toBe(200);
    expect(server.logs.filter((l) => /"level":50/.test(l) && /unhandled error/.test(l))).toEqual([]);
  });
});

describe("odd URLs and cookies", () => {
  it("malformed escapes, odd parameters and odd cookies are 4xx or a normal page, never a 500", async () => {
    const paths = [
      "/inventory?make=a&make=b&minPrice=abc&maxPrice=-5&minYear=1e309&sort=zzz&search=%00&page=-1",
      "/inventory?minPrice=99999999999999999999999&maxMileage=NaN&bodyStyle[]=x",
      "/api/vehicles/%00",
      "/api/vehicles/%E0%A4%A",
      "/api/bookings/date/2026-02-30",
      "/api/bookings/date/%00",
      "/api/bookings/%E0%A4%A/ics",
      "/%E0%A4%A",
      "/used-%E0%A4%A",
      "/no-such.data",
      "/images/%E0%A4%A",
      "/assets/%E0%A4%A",
    ];
    for (const p of paths) {
      const res = await call(p);
      await res.arrayBuffer();
      expect(res.status, p).toBeLessThan(500);
    }
    const cookies = [
      "admin_session=%E0%A4%A",
      "financing_pdf=%E0%A4%A",
      `admin_session=${"a".repeat(5000)}`,
      "a=b; admin_session",
      "admin_session=; admin_session=x",
    ];
    for (const cookie of cookies) {
      for (const p of ["/api/admin/vehicles", "/api/admin/session", "/podium", `/api/financing/${crypto.randomUUID()}/pdf`, "/"]) {
        const res = await call(p, { headers: { cookie } });
        await res.arrayBuffer();
        expect(res.status, `${p} with ${cookie.slice(0, 40)}`).toBeLessThan(500);
        if (p === "/api/admin/vehicles") expect(res.status).toBe(401);
      }
    }
  });
});

describe("SQL-injection-style input", () => {
  const count = (table: string) => countRows(server, table);

  it("is stored verbatim by contact, booking and vehicle routes, shown as plain text, and harms no table", async () => {
    const tablesBefore = await tableNames();
    const vehiclesBefore = await count("vehicles");
    const bookingsBefore = await count("bookings");

    // Contact: every free-text field (e-mail and phone must be valid, so they carry the quote characters they allow).
    const contacts = SQL_STRINGS.map((s, i) => ({
      firstName: s,
      lastName: `${s} ${i}`,
      email: `o'brien${i}@example.com`,
      phone: `(978) 555-010${i} ext. 1' OR '1'='1`,
      message: `${s} -- message ${i} ${SQL_STRINGS.join(" | ")}`,
    }));
    for (const body of contacts) {
      const res = await call("/api/contact", { body: contactBody(body) });
      expect(res.status, JSON.stringify(body)).toBe(201);
    }

    // Booking: names and notes (one slot per string so none collide).
    const bookings = SQL_STRINGS.map((s, i) =>
      bookingBody({ customerFirstName: s, customerLastName: `${s}${i}`, notes: `${s} ${SQL_STRINGS.join(" ")}`, bookingTime: `1${i}:00` }),
    );
    for (const body of bookings) {
      const res = await call("/api/bookings", { body });
      expect(res.status, JSON.stringify(await res.clone().text())).toBe(201);
    }

    // A vehicle through the staff API: make, model, description, features.
    const created = await call("/api/admin/vehicles", {
      admin: true,
      body: vehicleBody({ make: SQL_STRINGS[0], model: SQL_STRINGS[2], description: SQL_STRINGS.join("\n"), features: [...SQL_STRINGS] }),
    });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);

    // Inventory filters and search read the same strings from the query.
    for (const s of SQL_STRINGS) {
      for (const q of [`make=${encodeURIComponent(s)}`, `search=${encodeURIComponent(s)}`, `sort=${encodeURIComponent(s)}`]) {
        const res = await call(`/inventory?${q}`);
        expect(res.status, q).toBe(200);
        await res.arrayBuffer();
      }
    }

    expect((await tableNames()).sort()).toEqual(tablesBefore.sort());
    expect(await count("vehicles")).toBe(vehiclesBefore + 1);
    expect(await count("bookings")).toBe(bookingsBefore + bookings.length);

    // Read back through the staff API: verbatim.
    const messages = await json<Record<string, unknown>[]>(await call("/api/admin/contact-submissions", { admin: true }));
    for (const c of contacts) expect(messages).toContainEqual(expect.objectContaining(c));
    const staffBookings = await json<Record<string, unknown>[]>(await call("/api/admin/bookings", { admin: true }));
    for (const b of bookings) {
      expect(staffBookings).toContainEqual(
        expect.objectContaining({ customerFirstName: b.customerFirstName, customerLastName: b.customerLastName, notes: b.notes }),
      );
    }
    const staffVehicles = await json<Record<string, unknown>[]>(await call("/api/admin/vehicles", { admin: true }));
    expect(staffVehicles.find((v) => v.id === id)).toMatchObject({
      make: SQL_STRINGS[0],
      model: SQL_STRINGS[2],
      description: SQL_STRINGS.join("\n"),
      features: SQL_STRINGS,
    });

    // And as plain (escaped) text in the vehicle page's server HTML.
    const vehicle = await json<{ id: string; year: number; make: string; model: string }>(await call(`/api/vehicles/${id}`));
    expect(vehicle.make).toBe(SQL_STRINGS[0]);
    const res = await call(vehiclePath(vehicle));
    expect(res.status).toBe(200);
    const html = await res.text();
    const escaped = (s: string) =>
      s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
    for (const s of SQL_STRINGS) expect(html, s).toContain(`>${escaped(s)}<`);
  });
});

describe("stored XSS", () => {
  it("a vehicle description and a contact message are escaped in the server HTML and the staff API returns them as data", async () => {
    const created = await call("/api/admin/vehicles", {
      admin: true,
      body: vehicleBody({ description: XSS, features: [XSS], model: `Civic ${XSS}`.slice(0, 80) }),
    });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const vehicle = await json<{ id: string; year: number; make: string; model: string; description: string }>(
      await call(`/api/vehicles/${id}`),
    );
    expect(vehicle.description).toBe(XSS);

    const html = await (await call(vehiclePath(vehicle))).text();
    expect(html).toContain("&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>window.__xss");
    // The page is served from the document cache: its CSP allows only the hashes of the scripts we
    // rendered (no nonce, no 'unsafe-inline'), so an injected one could not run anyway.
    const csp = (await call(vehiclePath(vehicle))).headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);

    const sent = await call("/api/contact", { body: contactBody({ message: `Hello ${XSS}`, vehicleId: id }) });
    expect(sent.status).toBe(201);
    const messages = await json<{ message: string }[]>(await call("/api/admin/contact-submissions", { admin: true }));
    expect(messages.map((m) => m.message)).toContain(`Hello ${XSS}`);
  });

  it("every inline script the server renders is allowed by this response's CSP, and nothing else is", async () => {
    for (const p of ["/", "/inventory", vehicleUrl, "/financing", "/podium/sign-in"]) {
      const res = await call(p);
      const csp = res.headers.get("content-security-policy")!;
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, p).toBeGreaterThan(0);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const hashes = new Set([...csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]));
      expect(Boolean(nonce) !== hashes.size > 0, `${p}: nonce or hashes, not both`).toBe(true);
      for (const [, attributes = "", text = ""] of scripts) {
        if (/type="application\/ld\+json"/.test(attributes)) continue;
        if (nonce) expect(attributes, p).toContain(`nonce="${nonce}"`);
        else if (text) expect(hashes, p).toContain(`sha256-${crypto.createHash("sha256").update(text).digest("base64")}`);
      }
    }
  });
});

describe("path traversal", () => {
  it.each([
    "/images/..%2f..%2fmaster.key",
    "/images/../dealership.sqlite",
    "/images/%2e%2e/dealership.sqlite",
    "/images/%2e%2e%2fmaster.key",
    "/images/..%5c..%5cmaster.key",
    "/images/....//....//master.key",
    "/assets/..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2fetc/passwd",
    "/images/%2e%2e%2fprivate/x.enc",
    "/.env",
    "/images/.secret",
  ])("%s → 404, never a file", async (p) => {
    // fetch() would normalise "..": send the path exactly as written.
    const first = await rawGet(p);
    let { status, body } = first;
    // A path in another spelling ("//") is first sent to its one spelling on this site (decision 087), which is a 404 too.
    const location = status === 308 ? /\r\nlocation: ([^\r]*)/i.exec(first.head)?.[1] : undefined;
    if (location) {
      expect(location, p).toMatch(/^\/(?![/\\])/);
      ({ status, body } = await rawGet(location));
    }
    expect(status, p).toBe(404);
    expect(body).not.toMatch(/root:x:0|SQLite format|"dependencies"|BEGIN|-----/);
    expect(body.length).toBeLessThan(100_000);
  });

  it.each([
    "//evil.example/",
    "//evil.example/%2e%2e",
    "/\\evil.example/",
    "/used-1999-x-00000000-0000-4000-8000-000000000000//evil.example",
  ])("%s never redirects to another site", async (p) => {
    const { status, head } = await rawGet(p);
    const location = /\r\nlocation: ([^\r]*)/i.exec(head)?.[1];
    expect(status, p).not.toBe(500);
    if (location) expect(location, p).toMatch(/^\/(?![/\\])/);
  });

  it("secrets and the database exist where the traversal pointed (so the 404s mean something)", () => {
    const names = fs.readdirSync(server.dataDir);
    // On PostgreSQL the database is not a file in DATA_DIR; the keys are.
    if (!onPostgres) expect(names).toContain("dealership.sqlite");
    expect(names.some((n) => n.endsWith(".key") || n === "secrets" || n.includes("secret"))).toBe(true);
  });
});

describe("crafted paths", () => {
  it("every crafted path answers 4xx without a redirect, and every log line stays one JSON line", async () => {
    const crafted = [
      "/%09/x/%2e%2e",
      "/%09/",
      "/%09",
      "/x/%09",
      "/inventory%09",
      "/%0d%0aSet-Cookie:%20a=b",
      "/%00",
      "/a/%00/b",
      "/%7f",
      "/%2e%2e",
      "/%2e",
      "/.%2e/",
      "/x/%2e%2e",
      "/x/%2e%2e/",
      "/assets",
      "/assets/",
      "/images",
      "/images/",
      "/%5c%5cevil.example/",
      "/%5C/",
      "/x/%5c",
      "/inventory/%ff",
      "/%E0%A4%A",
      "/api/%09",
      "/api/%2e%2e/admin/vehicles",
      "/images/%09",
      "/assets/%2e%2e",
      `${vehicleUrl}/%2e%2e`,
      `${vehicleUrl}%09`,
    ];
    const answers: Record<string, number> = {};
    for (const p of crafted) {
      let { status, head } = await rawGet(p);
      // Only a path in another spelling ("/assets/") is redirected, to its one spelling on this site
      // (decision 087): never to a raw copy of what was asked, and that answers 4xx too.
      const location = /\r\nlocation: ([^\r]*)/i.exec(head)?.[1];
      if (location) {
        expect(status, p).toBe(308);
        expect(location, p).toMatch(/^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/);
        ({ status, head } = await rawGet(location));
        expect(/\r\nlocation:/i.test(head), `${location} redirects again`).toBe(false);
      }
      answers[p] = status;
    }
    expect(Object.entries(answers).filter(([, status]) => status < 400 || status >= 500)).toEqual([]);
    // The server is still healthy, and nothing it printed (this file's whole run) is a raw stack.
    expect((await call("/")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const notJson = server.logs.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
  });
});

describe("HTTP methods", () => {
  it("answers a method no route takes with 405 and an Allow header, OPTIONS with 204, never a 500", async () => {
    const pageMethods = "GET, HEAD, POST";
    // The methods the /api routers register (PUT since the owner's deal settings and the service texts).
    const apiMethods = "GET, HEAD, POST, PATCH, PUT, DELETE";
    const cases = [
      { method: "PROPFIND", path: "/", status: 405, allow: pageMethods },
      { method: "TRACE", path: "/", status: 405, allow: pageMethods },
      { method: "PATCH", path: "/inventory", status: 405, allow: pageMethods },
      { method: "PUT", path: "/about", status: 405, allow: pageMethods },
      { method: "DELETE", path: "/es/contact", status: 405, allow: pageMethods },
      { method: "MKCOL", path: "/no-such-page", status: 405, allow: pageMethods },
      { method: "PROPFIND", path: "/healthz", status: 405, allow: pageMethods },
      { method: "PROPFIND", path: "/api/vehicles", status: 405, allow: apiMethods },
      { method: "TRACE", path: "/api/admin/vehicles", status: 405, allow: apiMethods },
      { method: "OPTIONS", path: "/", status: 204, allow: pageMethods },
      { method: "OPTIONS", path: "/inventory", status: 204, allow: pageMethods },
      { method: "OPTIONS", path: "/api/vehicles", status: 204, allow: apiMethods },
      { method: "OPTIONS", path: "*", status: 204, allow: pageMethods },
    ];
    const logStart = server.logs.length;
    for (const { method, path, status, allow } of cases) {
      const { status: got, head, body } = await rawRequest(method, path);
      expect(got, `${method} ${path}`).toBe(status);
      expect(/^allow: (.*)$/im.exec(head)?.[1], `${method} ${path}`).toBe(allow);
      expect(body, `${method} ${path}`).not.toContain("Unexpected Server Error");
    }
    // The API's own methods still reach their routes.
    const patched = await call("/api/admin/vehicles/no-such-id", { method: "PATCH", body: vehicleBody(), admin: true });
    expect(patched.status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.logs.slice(logStart).filter((line) => /"status":5\d\d/.test(line))).toEqual([]);
  });
});

describe("secrets in the request log", () => {
  /** The booking's manage link, read from the confirmation the server wrote as an .eml file (no SMTP_URL). */
  async function manageTokenFromMail(email: string): Promise<string> {
    const dir = `${server.dataDir}/mail`;
    for (let i = 0; i < 100; i++) {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      for (const file of files) {
        // Quoted-printable breaks long lines with "=" at the end; a base64url token holds no "=".
        const text = fs.readFileSync(`${dir}/${file}`, "utf8").replace(/=\r?\n/g, "");
        const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
        if (token && text.includes(email)) return token;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No confirmation with a manage link for ${email}`);
  }

  it("a booking made, viewed and cancelled through its manage link, and a staff setup link, leave no token in the log", async () => {
    const logStart = server.logs.length;
    const email = "log.redaction@example.com";
    const booked = await call("/api/bookings", { body: bookingBody({ bookingTime: "11:00", customerEmail: email }, 12) });
    expect(booked.status).toBe(201);
    const token = await manageTokenFromMail(email);
    const setupToken = crypto.randomBytes(32).toString("base64url");

    const pages = [
      `/booking/manage/${token}`,
      `/es/booking/manage/${token}`,
      `/pt/booking/manage/${token}`,
      `/booking/manage/${token}.data`,
      `/BOOKING/Manage/${token}/`,
      `/api/bookings/manage/${token}`,
      `/podium/setup?token=${setupToken}`,
      `/podium/setup.data?token=${setupToken}`,
    ];
    for (const p of pages) {
      const res = await call(p);
      await res.arrayBuffer();
      expect(res.status, p).toBeLessThan(500);
    }
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const setup = await call(`/podium/setup?token=${setupToken}`, { raw: `token=${setupToken}&password=x`, headers: form });
    expect(setup.status).toBeLessThan(500);
    // The manage page's Cancel button: a plain form post to the page.
    const cancelled = await call(`/booking/manage/${token}`, { raw: "intent=cancel", headers: form });
    expect(cancelled.status).toBe(200);
    const again = await call(`/api/bookings/manage/${token}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);

    await new Promise((r) => setTimeout(r, 200));
    const lines = server.logs.slice(logStart);
    expect(lines.filter((line) => line.includes(token) || line.includes(setupToken))).toEqual([]);
    const paths = lines.filter((line) => line.includes('"msg":"request"')).map((line) => (JSON.parse(line) as { path: string }).path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/booking/manage/[redacted]",
        "/es/booking/manage/[redacted]",
        "/pt/booking/manage/[redacted]",
        "/booking/manage/[redacted].data",
        "/api/bookings/manage/[redacted]",
        "/api/bookings/manage/[redacted]/cancel",
        "/podium/setup",
      ]),
    );
  });
});

async function rawGet(p: string, host?: string): Promise<{ status: number; body: string; head: string }> {
  return rawRequest("GET", p, host);
}

/** A request written by hand: fetch() refuses methods such as TRACE, and joins repeated headers into one. */
async function rawRequest(method: string, p: string, host?: string): Promise<{ status: number; body: string; head: string }> {
  const net = await import("node:net");
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${method} ${p} HTTP/1.1\r\nHost: ${host ?? `${hostname}:${port}`}\r\nConnection: close\r\n\r\n`);
    });
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      const split = data.indexOf("\r\n\r\n");
      resolve({ status, head: data.slice(0, split), body: data.slice(split + 4) });
    });
    socket.on("error", reject);
  });
}

describe("proxy headers, caching and the Host header", () => {
  it("without TRUST_PROXY, X-Forwarded-* are ignored: no HSTS, no Secure cookie, no rate-limit bypass", async () => {
    const direct = await startTestServer();
    try {
      const spoof = (i: number) => ({ "x-forwarded-proto": "https", "x-forwarded-for": `203.0.113.${i}`, "sec-fetch-site": "same-origin" });
      const home = await fetch(`${direct.url}/`, { headers: spoof(1) });
      await home.arrayBuffer();
      expect(home.headers.get("strict-transport-security")).toBeNull();
      const login = await fetch(`${direct.url}/api/admin/login`, {
        method: "POST",
        headers: { ...spoof(2), "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
      });
      expect(login.status).toBe(200);
      expect(login.headers.get("set-cookie")).not.toMatch(/Secure/i);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${direct.url}/api/contact`, {
          method: "POST",
          headers: { ...spoof(10 + i), "content-type": "application/json" },
          body: JSON.stringify(contactBody()),
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await direct.stop();
    }
  });

  it("staff and financing answers are never cached", async () => {
    const created = await call("/api/financing", { body: financingBody() });
    expect(created.headers.get("cache-control")).toBe("no-store");
    const { id } = await json<{ id: string }>(created);
    for (const p of [
      "/api/admin/financing",
      `/api/admin/financing/${id}`,
      `/api/admin/financing/${id}/ssn/applicant`,
      `/api/admin/financing/${id}/pdf`,
      "/api/admin/contact-submissions",
      "/api/admin/session",
    ]) {
      const res = await call(p, { admin: true });
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toContain("no-store");
    }
    const unauthorised = await call("/api/admin/vehicles");
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get("cache-control")).toContain("no-store");
  });

  it("a forged Host header never reaches canonical links, the sitemap, the vehicle feeds or redirects", async () => {
    const feeds = ["/feeds/google-vehicles.tsv", "/feeds/google-vehicle-ads.tsv", "/feeds/meta-vehicles.csv"];
    for (const p of ["/", vehicleUrl, "/sitemap.xml", "/robots.txt", ...feeds, `/used-1999-wrong-${vehicleId}`]) {
      const { status, head, body } = await rawGet(p, "evil.example");
      expect(status, p).toBeLessThan(500);
      expect(head + body, p).not.toContain("evil.example");
    }
  });
});

describe("no SSN outside the staff detail view", () => {
  it("never logs, echoes or lists the SSN or date of birth", async () => {
    const logStart = server.logs.length;
    const responses: string[] = [];
    const collect = async (res: Response) => {
      const text = await res.text();
      responses.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
      return text;
    };

    const created = await call("/api/financing", { body: financingBody() });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(await collect(created)) as { id: string };

    // Bad variants of the same submission: field errors, bad documents, malformed JSON, oversized.
    const bad = [
      financingBody({ email: "not-an-email" }),
      financingBody({ ssn: `${SSN}0` }),
      financingBody({ dateOfBirth: "1971-02-30" }),
      financingBody({ signature: `data:image/png;base64,${Buffer.from(`not a png ${SSN}`).toString("base64")}` }),
      financingBody({ hasCoOwner: true, coOwnerSsn: SSN }),
    ];
    for (const body of bad) {
      const res = await call("/api/financing", { body });
      expect(res.status).toBe(400);
      await collect(res);
    }
    await collect(await call("/api/financing", { raw: `{"ssn":"${SSN}",` }));
    await collect(await call("/api/financing", { raw: JSON.stringify({ ssn: SSN, pad: "x".repeat(31 * 1024 * 1024) }) }));

    // Public and staff lists.
    await collect(await call("/api/vehicles"));
    await collect(await call("/api/admin/financing", { admin: true }));
    await collect(await call("/api/admin/audit", { admin: true }));
    await collect(await call("/financing"));
    // The submitter's own PDF shows only the last four digits (read as bytes; any plain or hex-encoded run counts).
    const cookie = created.headers
      .getSetCookie()
      .find((c) => c.startsWith("financing_pdf="))!
      .split(";", 1)[0]!;
    const pdf = await call(`/api/financing/${id}/pdf`, { headers: { cookie } });
    expect(pdf.status).toBe(200);
    const pdfText = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(pdfText).not.toContain(SSN);
    expect(pdfText).not.toContain(Buffer.from(SSN, "latin1").toString("hex").toUpperCase());

    // The staff detail view: the SSN only through the audited reveal endpoint.
    const detail = await call(`/api/admin/financing/${id}`, { admin: true });
    expect(detail.status).toBe(200);
    const detailText = await detail.text();
    const reveal = await json<{ ssn: string }>(await call(`/api/admin/financing/${id}/ssn/applicant`, { admin: true }));
    expect(reveal.ssn.replace(/\D/g, "")).toBe(SSN_DIGITS);

    const leaks = (text: string) => text.replace(/\D/g, "").includes(SSN_DIGITS) || text.includes(SSN) || text.includes(DOB);
    expect(responses.filter(leaks)).toEqual([]);
    // The detail view shows the date of birth to staff but masks the SSN until revealed.
    expect(detailText.includes(SSN) || detailText.includes(SSN_DIGITS)).toBe(false);
    const logLines = server.logs.slice(logStart);
    expect(logLines.length).toBeGreaterThan(5);
    expect(logLines.filter((l) => l.includes(SSN) || l.includes(SSN_DIGITS) || l.includes(DOB))).toEqual([]);

    // At rest: the database file and its write-ahead log hold only ciphertext.
    const stored = await storedDatabaseText(server, "financing_applications");
    expect(stored.includes(SSN) || stored.includes(SSN_DIGITS)).toBe(false);
  });
});
