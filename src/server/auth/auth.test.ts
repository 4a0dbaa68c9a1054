import { TOTP, Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { dummyPasswordCheck, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password-hash.server";
import { commonPasswordCount, isCommonPassword, PASSWORD_POLICY_MESSAGES, passwordPolicyError } from "./password-policy.server";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes.server";
import { roleMayCall, routeAccess, routeAccessEntry } from "./route-access.server";
import { acceptTotpCode, newTotpSecret, totpCodeAt, totpQrSvg, totpUri } from "./totp.server";

describe("password hashing (scrypt)", () => {
  it("hashes with OWASP's parameters in a versioned format and verifies in constant time", async () => {
    const hash = await hashPassword("correct horse battery staple", SCRYPT_PARAMS);
    expect(hash).toMatch(/^\$scrypt\$v=1\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(SCRYPT_PARAMS).toEqual({ logN: 17, r: 8, p: 1 });
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
    expect(await hashPassword("correct horse battery staple", SCRYPT_PARAMS)).not.toBe(hash); // fresh salt
    expect(needsRehash(hash, SCRYPT_PARAMS)).toBe(false);
  });

  it("verifies hashes made with other parameters and never matches a malformed one", async () => {
    const weaker = await hashPassword("another long passphrase", { logN: 14, r: 8, p: 1 });
    expect(await verifyPassword("another long passphrase", weaker)).toBe(true);
    expect(needsRehash(weaker, SCRYPT_PARAMS)).toBe(true);
    expect(await verifyPassword("x", "not a hash")).toBe(false);
    expect(await verifyPassword("x", "$scrypt$v=1$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(
      false,
    );
  });

  it("spends about as long on a dummy check as on a real one", async () => {
    const hash = await hashPassword("timing matters here", SCRYPT_PARAMS);
    const time = async (f: () => Promise<unknown>) => {
      const t = performance.now();
      await f();
      return performance.now() - t;
    };
    const real = await time(() => verifyPassword("wrong guess wrong", hash));
    const dummy = await time(() => dummyPasswordCheck("wrong guess wrong", SCRYPT_PARAMS));
    expect(dummy).toBeGreaterThan(real * 0.25);
    expect(dummy).toBeLessThan(real * 4);
  });
});

describe("password policy", () => {
  it("ships ≥ 10,000 common passwords and refuses them, case-insensitively", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(passwordPolicyError("123456789012")).toBe(PASSWORD_POLICY_MESSAGES.common);
    expect(passwordPolicyError("Qwertyuiop123")).toBe(PASSWORD_POLICY_MESSAGES.common);
  });
  it("needs at least 12 characters (code points) and accepts a long uncommon one", () => {
    expect(passwordPolicyError("short")).toBe(PASSWORD_POLICY_MESSAGES.tooShort);
    expect(passwordPolicyError("😀😀😀😀😀😀")).toBe(PASSWORD_POLICY_MESSAGES.tooShort); // 12 UTF-16 units, 6 characters
    expect(passwordPolicyError("x".repeat(129))).toBe(PASSWORD_POLICY_MESSAGES.tooLong);
    expect(passwordPolicyError("Fitchburg lot 7 opens at dawn")).toBeNull();
    expect(passwordPolicyError("xx ana@example.com xx", "ana@example.com")).toBe(PASSWORD_POLICY_MESSAGES.containsEmail);
  });
});

describe("TOTP (RFC 6238 through otpauth)", () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 16, 0, 10);
  const codeAt = (t: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t });

  it("makes a 160-bit base32 secret and an otpauth URI an app can scan", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, "Demo Motors", "ana@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Demo%20Motors:ana%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("algorithm=SHA1");
    expect(uri).toContain("digits=6");
    expect(uri).toContain("period=30");
    const svg = totpQrSvg(uri);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toContain("<script");
  });

  it("accepts the current code and ±1 step, not ±2, and never a step already used", () => {
    expect(totpCodeAt(secret, now)).toBe(codeAt(now));
    const step = acceptTotpCode(secret, codeAt(now), null, now);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(acceptTotpCode(secret, codeAt(now - 30_000), null, now)).toBe(step! - 1);
    expect(acceptTotpCode(secret, codeAt(now + 30_000), null, now)).toBe(step! + 1);
    expect(acceptTotpCode(secret, codeAt(now - 60_000), null, now)).toBeNull();
    // Replay: the same code (or an older one) once its step is stored.
    expect(acceptTotpCode(secret, codeAt(now), step, now)).toBeNull();
    expect(acceptTotpCode(secret, codeAt(now - 30_000), step, now)).toBeNull();
    expect(acceptTotpCode(secret, codeAt(now + 30_000), step, now)).toBe(step! + 1);
    expect(acceptTotpCode(secret, "12345", null, now)).toBeNull();
    expect(acceptTotpCode(secret, "abcdef", null, now)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("makes 10 distinct high-entropy codes, hashed independently of format", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toLowerCase().replace(/-/g, " "))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(normalizeRecoveryCode(" ab-cd ")).toBe("ABCD");
    expect(looksLikeRecoveryCode(code)).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});

describe("route access table", () => {
  it("matches parameters, prefers literal segments and is owner-only for unknown routes", () => {
    expect(routeAccessEntry("GET", "/admin/financing/abc/pdf")?.key).toBe("GET /admin/financing/:id/pdf");
    expect(routeAccessEntry("HEAD", "/admin/vehicles")?.key).toBe("GET /admin/vehicles");
    expect(routeAccess("POST", "/admin/login")).toBe("public");
    expect(routeAccess("GET", "/admin/unknown")).toEqual(["owner"]);
    expect(roleMayCall("sales", routeAccess("GET", "/admin/financing"))).toBe(false);
    expect(roleMayCall("finance", routeAccess("GET", "/admin/financing/1/pdf"))).toBe(true);
    expect(roleMayCall("finance", routeAccess("GET", "/admin/vehicles"))).toBe(true);
    expect(roleMayCall("finance", routeAccess("POST", "/admin/vehicles"))).toBe(false);
    expect(roleMayCall("service", routeAccess("PATCH", "/admin/bookings/1"))).toBe(true);
    expect(roleMayCall("service", routeAccess("GET", "/admin/contact-submissions"))).toBe(false);
    expect(roleMayCall("service", routeAccess("POST", "/admin/logout-everywhere"))).toBe(true);
  });
});
