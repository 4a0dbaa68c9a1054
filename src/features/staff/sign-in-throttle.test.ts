import { describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { clientKeyOf, newDeviceToken, throttleKeys, trustedDeviceOf } from "./sign-in-throttle.server";

describe("clientKeyOf", () => {
  it("keeps an IPv4 address, also when it arrives IPv4-mapped", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    expect(clientKeyOf("2001:db8:7:8::1")).toBe("2001:db8:7:8::/64");
    expect(clientKeyOf("2001:0db8:0007:0008:ffff:1:2:3")).toBe("2001:db8:7:8::/64");
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});

describe("throttleKeys", () => {
  it("counts a stranger by e-mail (5) and address (30), a trusted device by itself alone (5)", () => {
    expect(throttleKeys(" Owner@Example.com ", "2001:db8::9", null)).toEqual([
      { key: "email:owner@example.com", limit: 5 },
      { key: "client:2001:db8:0:0::/64", limit: 30 },
    ]);
    expect(throttleKeys("owner@example.com", "203.0.113.7", "nonce")).toEqual([{ key: "device:nonce", limit: 5 }]);
  });
});

describe("device cookies", () => {
  const ctx = { secrets: { cookieKey: Buffer.alloc(32, 7) } } as unknown as AppContext;
  const account = { id: "0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11", deviceGeneration: 3 };

  it("are trusted for their account and generation only: a newer generation revokes every earlier cookie", () => {
    const token = newDeviceToken(ctx, account);
    const nonce = trustedDeviceOf(ctx, token, account);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(trustedDeviceOf(ctx, token, { ...account, deviceGeneration: 4 })).toBeNull();
    expect(trustedDeviceOf(ctx, token, { ...account, id: "1d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11" })).toBeNull();
    // Another generation written into the cookie breaks its signature.
    expect(trustedDeviceOf(ctx, token.replace(".3.", ".4."), { ...account, deviceGeneration: 4 })).toBeNull();
    // A cookie of the earlier, stateless shape (account.nonce.signature) is a stranger's.
    const [id, , rest, signature] = token.split(".");
    expect(trustedDeviceOf(ctx, `${id}.${rest}.${signature}`, account)).toBeNull();
  });
});
