import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env.server";

describe("staff sign-in configuration", () => {
  it("reads the first owner's e-mail and password, and the idle limit", () => {
    const env = readEnv({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "a fine long passphrase", ADMIN_SESSION_IDLE_MS: "1500" });
    expect(env.adminEmail).toBe("boss@example.com");
    expect(env.adminPassword).toBe("a fine long passphrase");
    expect(env.adminSessionIdleMs).toBe(1500);
    expect(readEnv({}).adminSessionIdleMs).toBe(30 * 60 * 1000);
  });
});

describe("readEnv", () => {
  it("applies the documented defaults", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ nodeEnv: "development", port: 3000, host: "0.0.0.0", seedDemo: true, trustProxy: false, logLevel: "info" });
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.adminSessionIdleMs).toBe(30 * 60 * 1000);
    expect(env.vpicCacheDir).toBe(`${env.dataDir}/cache`);
    expect(env.smtpUrl).toBeUndefined();
  });

  it("coerces numbers and booleans, treats an empty variable as unset and trims PUBLIC_URL's slash", () => {
    const env = readEnv({
      PORT: "0",
      SEED_DEMO: "false",
      TRUST_PROXY: "true",
      FINANCING_RETENTION_DAYS: "800",
      ADMIN_SESSION_IDLE_MS: "1500",
      PUBLIC_URL: "https://cars.example.com/",
      HOST: "",
    });
    expect(env).toMatchObject({
      port: 0,
      seedDemo: false,
      trustProxy: true,
      financingRetentionDays: 800,
      adminSessionIdleMs: 1500,
      host: "0.0.0.0",
    });
    expect(env.publicUrl).toBe("https://cars.example.com");
    expect(readEnv({ NODE_ENV: "production" }).trustProxy).toBe(false);
  });

  it("never seeds demo data in production: off by default there, and SEED_DEMO=true refused (decision 118)", () => {
    expect(readEnv({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(readEnv({ NODE_ENV: "production", SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(() => readEnv({ NODE_ENV: "production", SEED_DEMO: "true" })).toThrow(/SEED_DEMO=true is refused in production/);
    expect(() => readEnv({ NODE_ENV: "production", SEED_DEMO: "inventory" })).toThrow(/SEED_DEMO=inventory is refused in production/);
    expect(readEnv({ NODE_ENV: "development" })).toMatchObject({ seedDemo: true, seedDemoActivity: true });
    // The demo inventory alone (the test servers' seeded template).
    expect(readEnv({ NODE_ENV: "test", SEED_DEMO: "inventory" })).toMatchObject({ seedDemo: true, seedDemoActivity: false });
    expect(readEnv({ NODE_ENV: "test", SEED_DEMO: "false" })).toMatchObject({ seedDemo: false, seedDemoActivity: false });
  });

  it("accepts the mail, staff and database variables other features read", () => {
    const env = readEnv({
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      MAIL_FROM: "sales@example.com",
      LEADS_TO: "leads@example.com",
      ADF_TO: "crm@example.com",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "a long passphrase",
      DATABASE_URL: "postgres://app:secret@localhost:5432/dealership",
    });
    expect(env).toMatchObject({ mailFrom: "sales@example.com", leadsTo: "leads@example.com", adfTo: "crm@example.com" });
    expect(env.databaseUrl).toMatch(/^postgres:/);
  });

  it.each([
    ["PORT", "abc", /PORT must be an integer from 0 to 65535/],
    ["PORT", "70000", /PORT must be an integer from 0 to 65535/],
    ["PORT", "3.5", /PORT/],
    ["TRUST_PROXY", "yes", /TRUST_PROXY must be "true" or "false"/],
    ["SEED_DEMO", "1", /SEED_DEMO/],
    ["PUBLIC_URL", "example.com", /PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    ["PUBLIC_URL", "ftp://example.com", /PUBLIC_URL/],
    ["NODE_ENV", "prod", /NODE_ENV must be development, production or test/],
    ["LOG_LEVEL", "verbose", /LOG_LEVEL/],
    ["FINANCING_RETENTION_DAYS", "0", /FINANCING_RETENTION_DAYS/],
    // Fewer days than Regulation B's 25 months (decision 095).
    ["FINANCING_RETENTION_DAYS", "730", /FINANCING_RETENTION_DAYS must be an integer from 762 to 36500/],
    ["ADMIN_SESSION_IDLE_MS", "-1", /ADMIN_SESSION_IDLE_MS/],
    ["MASTER_KEY", "abc123", /MASTER_KEY must be 64 hexadecimal characters/],
    ["SMTP_URL", "http://mail.example.com", /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["MAIL_FROM", "not-an-address", /MAIL_FROM must be an e-mail address/],
    ["LEADS_TO", "x@", /LEADS_TO/],
    ["ADMIN_EMAIL", "owner", /ADMIN_EMAIL/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL must be a postgres:\/\/ URL/],
    ["DOCUMENT_CACHE_MB", "lots", /DOCUMENT_CACHE_MB must be a number of megabytes/],
  ])("refuses %s=%s with one line naming it and never echoing the value", (name, value, expected) => {
    let message = "";
    try {
      readEnv({ [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toMatch(expected);
    expect(message).not.toContain("\n");
    expect(message).not.toContain(`"${value}"`);
  });

  it("names every bad variable at once", () => {
    expect(() => readEnv({ PORT: "abc", TRUST_PROXY: "on" })).toThrow(/PORT must be .*; TRUST_PROXY must be/);
  });

  it("takes TEST_CLOCK only under NODE_ENV=test, so no production server's clock can be moved by a file", () => {
    expect(readEnv({}).testClock).toBe(false);
    expect(readEnv({ NODE_ENV: "test", TEST_CLOCK: "true" }).testClock).toBe(true);
    expect(() => readEnv({ NODE_ENV: "production", TEST_CLOCK: "true" })).toThrow(EnvError);
    expect(() => readEnv({ TEST_CLOCK: "true" })).toThrow(/TEST_CLOCK must be false unless NODE_ENV=test/);
  });

  it("hashes passwords at OWASP's scrypt cost unless told a higher one; a lower one only under NODE_ENV=test", () => {
    expect(readEnv({ NODE_ENV: "production" }).passwordHashParams).toEqual({ logN: 17, r: 8, p: 1 });
    expect(readEnv({ NODE_ENV: "production", PASSWORD_HASH_COST: "18" }).passwordHashParams).toEqual({ logN: 18, r: 8, p: 1 });
    expect(readEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "12" }).passwordHashParams).toEqual({ logN: 12, r: 8, p: 1 });
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => readEnv({ NODE_ENV, PASSWORD_HASH_COST: "16" })).toThrow(/PASSWORD_HASH_COST must be 17 or more unless NODE_ENV=test/);
    }
    expect(() => readEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "9" })).toThrow(/PASSWORD_HASH_COST must be an integer from 10 to 20/);
  });
});
