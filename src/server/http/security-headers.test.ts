import { describe, expect, it } from "vitest";
import { newCspNonce } from "./security-headers.server";

describe("CSP nonces drawn from a pool of random bytes", () => {
  it("gives 128 random bits a nonce and never the same nonce twice, across the pool's refills", () => {
    const nonces = Array.from({ length: 256 * 4 + 7 }, () => newCspNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
    // A refill draws new bytes: the nonces after it are not the ones before it again.
    expect(nonces.slice(256, 512)).not.toEqual(nonces.slice(0, 256));
  });
});
