import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pacedLoad } from "../../bench/paced-load";

/** A real HTTP server on loopback that notes when each request arrived and answers after `delayMs`. */
async function recordingServer(delayMs = 0) {
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    req.on("end", () => setTimeout(() => res.end("ok"), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const get = () => ({ method: "GET" as const, path: "/", headers: {} });

/** The gaps between arrivals, as their coefficient of variation (0: evenly spaced; about 1: at random). */
function gapVariation(arrivals: number[]): number {
  const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
  return sd / mean;
}

describe("the paced load generator (bench/paced-load.ts)", () => {
  it("spreads a second's requests over the second instead of sending them at its start", async () => {
    const { url, arrivals } = await recordingServer();
    const result = await pacedLoad({ url, rate: 50, durationS: 2, connections: 10, next: get });
    expect(result).toMatchObject({ requests: 100, errors: 0, non2xx: 0 });
    expect(arrivals).toHaveLength(100);
    // Evenly spaced: 20 ms apart, so the requests span the two seconds and no 100 ms holds more than a few.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(1_500);
    const busiest = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 100).length));
    // (A burst per second puts all 50 of a second's requests in its first few milliseconds.)
    expect(busiest).toBeLessThanOrEqual(20);
  });

  it("measures each request from when it was due, so waiting for a busy connection counts", async () => {
    // One connection, 50 ms an answer, a request due every 10 ms: each waits behind the ones before it.
    const { url } = await recordingServer(50);
    const result = await pacedLoad({ url, rate: 100, durationS: 0.3, connections: 1, next: get });
    expect(result.requests).toBe(30);
    // The last is answered about 30 × 50 ms after the start but was due at 290 ms; from its own sending it took 50.
    expect(result.latency.max).toBeGreaterThan(1_000);
    expect(result.latency.p50).toBeGreaterThan(300);
  });

  it("with Poisson arrivals, keeps the mean rate but lets requests bunch as independent shoppers do", async () => {
    const { url, arrivals } = await recordingServer();
    const result = await pacedLoad({ url, rate: 100, durationS: 2, connections: 10, next: get, arrivals: "poisson" });
    expect(result.requests).toBe(200);
    expect(gapVariation(arrivals)).toBeGreaterThan(0.6);
    // About two seconds in all (the sum of 200 random gaps of 10 ms on average).
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(1_250);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeLessThan(3_000);
  });

  it("sends each post's body and reads a chunked answer's status, over the same kept-alive connections", async () => {
    const bodies: string[] = [];
    const sockets = new Set<unknown>();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (part: string) => (body += part));
      req.on("end", () => {
        bodies.push(body);
        res.writeHead(201, { "content-type": "text/plain" });
        res.write("stored, ");
        res.end("thank you");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const heard: number[] = [];
    const result = await pacedLoad({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      rate: 100,
      durationS: 0.5,
      connections: 3,
      next: () => ({
        method: "POST",
        path: "/api/contact",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Ana Conceição" }),
        onResponse: (status) => heard.push(status),
      }),
    });
    expect(result).toMatchObject({ requests: 50, errors: 0, non2xx: 0, statusCodes: { 201: 50 } });
    expect(heard).toEqual(Array(50).fill(201));
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ name: "Ana Conceição" })]));
    expect(sockets.size).toBeLessThanOrEqual(3);
  });

  it("counts a refused connection as an error, not as an answer", async () => {
    const { url } = await recordingServer();
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    const result = await pacedLoad({ url, rate: 50, durationS: 0.2, connections: 2, next: get });
    expect(result).toMatchObject({ requests: 0, errors: 10 });
  });
});
