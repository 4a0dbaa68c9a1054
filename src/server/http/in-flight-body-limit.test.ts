import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inFlightBodyLimit } from "./in-flight-body-limit.server";

let server: http.Server;
let url: string;
const releases: (() => void)[] = [];

beforeAll(async () => {
  const app = express();
  // Each request is held open until the test releases it, so several are in flight at once.
  app.post("/upload", inFlightBodyLimit({ maxBytes: 1000, bodyLimitBytes: 800, unknownLengthBytes: 100, message: "busy" }), (_req, res) => {
    releases.push(() => res.status(201).json({ ok: true }));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
});
afterAll(() => server.close());

const post = (bytes: number) =>
  fetch(url, { method: "POST", headers: { "content-type": "text/plain", "content-length": String(bytes) }, body: "x".repeat(bytes) });

describe("inFlightBodyLimit", () => {
  it("admits bodies until the in-flight total would pass the cap, then answers 503 until some finish", async () => {
    const first = post(600);
    const second = post(300);
    await expect.poll(() => releases.length).toBe(2);
    const refused = await post(200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({ error: "busy" });
    releases.shift()!();
    expect((await first).status).toBe(201);
    const third = post(200);
    await expect.poll(() => releases.length).toBe(2);
    releases.splice(0).forEach((r) => r());
    expect((await second).status).toBe(201);
    expect((await third).status).toBe(201);
  });

  it("always admits a request when nothing else is in flight, however large", async () => {
    const big = post(5000);
    await expect.poll(() => releases.length).toBe(1);
    releases.splice(0).forEach((r) => r());
    expect((await big).status).toBe(201);
  });
});
