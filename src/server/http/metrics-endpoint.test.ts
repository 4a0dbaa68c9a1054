import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { metricsEndpoint } from "./metrics-endpoint.server";

/** Calls the handler with a request from `remoteAddress` and returns the status it answered. */
async function statusFor(token: string | undefined, remoteAddress: string, headers: Record<string, string> = {}): Promise<number> {
  let status = 200;
  const res = {
    setHeader: () => res,
    status: (code: number) => ((status = code), res),
    type: () => res,
    send: () => res,
  } as unknown as Response;
  const req = { headers, socket: { remoteAddress } } as unknown as Request;
  await metricsEndpoint(token)(req, res, () => undefined);
  return status;
}

describe("who may read /metrics (decision 122)", () => {
  it("without METRICS_TOKEN: this machine only, never a request a proxy forwarded, whatever X-Forwarded-For says", async () => {
    expect(await statusFor(undefined, "127.0.0.1")).toBe(200);
    expect(await statusFor(undefined, "::1")).toBe(200);
    expect(await statusFor(undefined, "::ffff:127.0.0.1")).toBe(200);
    expect(await statusFor(undefined, "10.0.0.5")).toBe(401);
    expect(await statusFor(undefined, "::ffff:192.168.1.20")).toBe(401);
    expect(await statusFor(undefined, "203.0.113.7", { "x-forwarded-for": "127.0.0.1" })).toBe(401);
    // A reverse proxy on the same machine connects from loopback on anyone's behalf.
    expect(await statusFor(undefined, "127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).toBe(401);
    expect(await statusFor(undefined, "127.0.0.1", { forwarded: "for=203.0.113.7" })).toBe(401);
  });

  it("with METRICS_TOKEN: the token from anywhere, and nothing else, loopback included", async () => {
    const token = "0123456789abcdef0123456789abcdef";
    expect(await statusFor(token, "10.0.0.5", { authorization: `Bearer ${token}` })).toBe(200);
    expect(await statusFor(token, "127.0.0.1")).toBe(401);
    expect(await statusFor(token, "127.0.0.1", { authorization: `Bearer ${token.toUpperCase()}` })).toBe(401);
  });
});
