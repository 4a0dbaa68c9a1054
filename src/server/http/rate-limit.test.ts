import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit } from "./rate-limit.server";

// A real Express app on a real port: the limiter sees requests exactly as in the server.
let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1); // so each request can speak from the address it names
  app.post("/limited", rateLimit({ limit: 2, windowMs: 60_000, message: "Slow down" }), (_req, res) => {
    res.status(201).json({ ok: true });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (from: string) => fetch(`${url}/limited`, { method: "POST", headers: { "x-forwarded-for": from } });

describe("rateLimit", () => {
  it("answers 429 with the JSON message, Retry-After and the standard RateLimit headers", async () => {
    const first = await post("192.0.2.1");
    expect(first.status).toBe(201);
    expect(first.headers.get("ratelimit-policy")).toMatch(/q=2; w=60/);
    expect(first.headers.get("ratelimit")).toMatch(/r=1; t=\d+/);
    expect(first.headers.get("x-ratelimit-limit")).toBeNull();
    expect((await post("192.0.2.1")).status).toBe(201);
    const refused = await post("192.0.2.1");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Slow down" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toMatch(/r=0/);
    // Another client is unaffected.
    expect((await post("192.0.2.2")).status).toBe(201);
  });

  it("keys IPv6 clients by their /56 subnet, so rotating addresses within it does not dodge the limit", async () => {
    const statuses: number[] = [];
    for (const address of ["2001:db8:0:ab::1", "2001:db8:0:ab::2", "2001:db8:0:ab:ffff:ffff:ffff:ffff", "2001:db8:0:cd::1"]) {
      statuses.push((await post(address)).status);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await post("2001:db8:0:100::1")).status).toBe(201); // another /56
  });
});
