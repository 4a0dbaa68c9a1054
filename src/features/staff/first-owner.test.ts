import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password-hash.server";
import { passwordPolicyError } from "~/server/auth/password-policy.server";
import type { ServerEnv } from "~/server/env.server";
import { assertStaffConfig, DEMO_OWNER, DEMO_OWNER_HASH } from "./first-owner.server";

const env = (over: Partial<ServerEnv>) => ({ isProduction: true, adminEmail: "", adminPassword: "", ...over }) as ServerEnv;

describe("first owner", () => {
  it("ships the demo owner's hash of the documented demo password, which the policy accepts", async () => {
    expect(await verifyPassword(DEMO_OWNER.password, DEMO_OWNER_HASH)).toBe(true);
    expect(passwordPolicyError(DEMO_OWNER.password, DEMO_OWNER.email)).toBeNull();
  });

  it("refuses ADMIN_EMAIL without ADMIN_PASSWORD and a password the policy refuses", () => {
    expect(() => assertStaffConfig(env({ adminEmail: "boss@example.com" }))).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => assertStaffConfig(env({ adminEmail: "boss@example.com", adminPassword: "password1234" }))).toThrow(
      /ADMIN_PASSWORD.*too common/,
    );
    expect(() => assertStaffConfig(env({ adminEmail: "boss@example.com", adminPassword: "short" }))).toThrow(/12 characters/);
    expect(() => assertStaffConfig(env({ adminEmail: "boss@example.com", adminPassword: "a fine long passphrase" }))).not.toThrow();
    expect(() => assertStaffConfig(env({}))).not.toThrow(); // decided later: only with no account in the database
  });
});
