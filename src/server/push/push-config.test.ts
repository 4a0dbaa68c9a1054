import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { readEnv } from "~/server/env.server";
import { acceptedEndpoint, isInternalAddress } from "./push-endpoint.server";
import { afterQuietHours } from "./lead-pushes.server";
import { pushRetryDelay } from "./push-worker.server";
import { vapidKeysOf } from "./vapid-keys.server";

describe("push endpoints (decision 111)", () => {
  it("calls every non-public address internal", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "ff02::1",
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ["8.8.8.8", "142.250.80.46", "172.32.0.1", "2607:f8b0:4004::200e"])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it("accepts https push services on the internet only; loopback http only when told", () => {
    const ok = "https://fcm.googleapis.com/fcm/send/abc:def";
    expect(acceptedEndpoint(ok, { loopback: false })?.href).toBe(ok);
    for (const bad of [
      "http://fcm.googleapis.com/x",
      "https://10.0.0.1/x",
      "https://[::1]/x",
      "https://localhost/x",
      "https://printer.local/x",
      "https://a:b@push.example.com/x",
      "ftp://push.example.com/x",
      "https://push.example.com/x#f",
      `https://push.example.com/${"a".repeat(1000)}`,
    ])
      expect(acceptedEndpoint(bad, { loopback: false }), bad).toBeNull();
    expect(acceptedEndpoint("http://127.0.0.1:9000/push/1", { loopback: false })).toBeNull();
    expect(acceptedEndpoint("http://127.0.0.1:9000/push/1", { loopback: true })).not.toBeNull();
    expect(acceptedEndpoint("http://10.0.0.1:9000/push/1", { loopback: true })).toBeNull();
  });
});

describe("push configuration", () => {
  it("derives one VAPID key pair from the master secret, or takes VAPID_* (both or neither)", () => {
    const seed = crypto.createHash("sha256").update("a master").digest();
    const derived = vapidKeysOf(readEnv({}), { vapidSeed: seed });
    expect(vapidKeysOf(readEnv({}), { vapidSeed: Buffer.from(seed) })).toEqual(derived);
    expect(Buffer.from(derived.publicKey, "base64url")).toHaveLength(65);
    expect(derived.subject).toMatch(/^mailto:/);
    const env = readEnv({
      VAPID_PUBLIC_KEY: derived.publicKey,
      VAPID_PRIVATE_KEY: derived.privateKey,
      VAPID_SUBJECT: "https://cars.example.com",
    });
    expect(vapidKeysOf(env, { vapidSeed: crypto.randomBytes(32) })).toEqual({ ...derived, subject: "https://cars.example.com" });
    expect(() => readEnv({ VAPID_PUBLIC_KEY: derived.publicKey })).toThrow(/together/);
    expect(() => readEnv({ VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readEnv({ VAPID_SUBJECT: "http://cars.example.com" })).toThrow(/VAPID_SUBJECT/);
  });

  it("refuses PUSH_LOOPBACK outside tests", () => {
    expect(readEnv({ NODE_ENV: "test", PUSH_LOOPBACK: "true" }).pushLoopback).toBe(true);
    expect(() => readEnv({ NODE_ENV: "production", PUSH_LOOPBACK: "true" })).toThrow(/PUSH_LOOPBACK/);
  });

  it("holds a push over quiet hours (also over midnight, on the dealership's clock) and retries from 5 s to 10 minutes", () => {
    // 23:30 in Fitchburg (EST, UTC−5) on 2026-12-01.
    const late = new Date("2026-12-02T04:30:00Z");
    expect(afterQuietHours(late, null)).toEqual(late);
    expect(afterQuietHours(late, { start: 22 * 60, end: 7 * 60 }).toISOString()).toBe("2026-12-02T12:00:00.000Z");
    expect(afterQuietHours(late, { start: 8 * 60, end: 20 * 60 })).toEqual(late);
    const morning = new Date("2026-12-02T11:00:00Z"); // 06:00
    expect(afterQuietHours(morning, { start: 22 * 60, end: 7 * 60 }).toISOString()).toBe("2026-12-02T12:00:00.000Z");
    expect([1, 2, 3, 10, 30].map(pushRetryDelay)).toEqual([5000, 10_000, 20_000, 600_000, 600_000]);
  });
});
