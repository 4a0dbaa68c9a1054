import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { openServerDatabase } from "../support/server-database";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const VEHICLE = "/used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** As navigator.sendBeacon sends a string: text/plain. */
const beacon = (body: unknown, ua = PHONE_UA, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/web-vitals`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": ua, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function storedRows() {
  const { db } = openServerDatabase(server);
  const rows = await db.selectFrom("webVitals").selectAll().orderBy("metric").execute();
  await db.destroy();
  return rows;
}

describe("POST /api/web-vitals", () => {
  it("stores a beacon's metrics under the route pattern and device class, nothing personal", async () => {
    const res = await beacon({
      page: `${VEHICLE}?fbclid=abc`,
      metrics: [
        { id: "v5-1732370000000-1111111111111", name: "LCP", value: 1834.2 },
        { id: "v5-1732370000000-2222222222222", name: "CLS", value: 0.04 },
      ],
    });
    expect(res.status).toBe(201);
    const rows = await storedRows();
    expect(rows.map(({ page, device, metric, value }) => ({ page, device, metric, value }))).toEqual([
      { page: "/:vehicle", device: "phone", metric: "CLS", value: 0.04 },
      { page: "/:vehicle", device: "phone", metric: "LCP", value: 1834.2 },
    ]);
    expect(JSON.stringify(rows)).not.toContain("Pixel");
    expect(JSON.stringify(rows)).not.toContain("fbclid");
  });

  it("replaces a metric reported again for the same page load (same id) instead of counting it twice", async () => {
    const id = "v5-1732370000000-3333333333333";
    expect((await beacon({ page: "/inventory", metrics: [{ id, name: "INP", value: 120 }] }, DESKTOP_UA)).status).toBe(201);
    expect((await beacon({ page: "/inventory", metrics: [{ id, name: "INP", value: 340 }] }, DESKTOP_UA)).status).toBe(201);
    const inp = (await storedRows()).filter((r) => r.metric === "INP");
    expect(inp.map((r) => [r.page, r.device, r.value])).toEqual([["/inventory", "desktop", 340]]);
  });

  it("skips bots, refuses invalid beacons with field messages and cross-site posts", async () => {
    const before = (await storedRows()).length;
    const ok = { page: "/", metrics: [{ id: "v5-1-4", name: "LCP", value: 900 }] };
    expect((await beacon(ok, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).status).toBe(202);
    const bad = await beacon({ page: "/", metrics: [{ id: "v5-1-5", name: "FID", value: -3 }] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(["metrics.0.name"]));
    expect((await beacon("{not json")).status).toBe(400);
    expect((await beacon(ok, PHONE_UA, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await storedRows()).length).toBe(before);
  });

  it("reports the 28-day p75 per page and device class with Google's rating (GET /api/admin/web-vitals)", async () => {
    for (const [i, value] of [1000, 2000, 3000, 5000].entries()) {
      expect((await beacon({ page: "/contact", metrics: [{ id: `v5-7-${i}`, name: "LCP", value }] }, DESKTOP_UA)).status).toBe(201);
    }
    expect((await fetch(`${server.url}/api/admin/web-vitals`)).status).toBe(401);
    const staff = await staffClient(server);
    const res = await staff.fetch("/api/admin/web-vitals");
    expect(res.status).toBe(200);
    const rows = (await res.json()) as {
      page: string;
      device: string;
      LCP: { p75: number; rating: string; samples: number } | null;
      INP: unknown;
    }[];
    // Nearest rank: the 3rd of 4 ascending values.
    expect(rows.find((r) => r.page === "/contact" && r.device === "desktop")).toMatchObject({
      LCP: { p75: 3000, rating: "needs-improvement", samples: 4 },
      INP: null,
    });
    expect(rows.find((r) => r.page === "/:vehicle" && r.device === "phone")?.LCP).toMatchObject({ p75: 1834.2, rating: "good" });
  });

  it("rate-limits a client that floods the endpoint", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await beacon({ page: "/", metrics: [{ id: `v5-9-${i}`, name: "LCP", value: 1000 }] })).status);
    }
    expect(statuses).toContain(429);
  });
});
