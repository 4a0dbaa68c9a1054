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

  it("reads ALERT_DIGEST_DELAY in seconds (default 600) and refuses what is not a whole number of seconds up to a day", () => {
    expect(readEnv({}).alertDigestDelayMs).toBe(600_000);
    expect(readEnv({ ALERT_DIGEST_DELAY: "0" }).alertDigestDelayMs).toBe(0);
    expect(readEnv({ ALERT_DIGEST_DELAY: "90" }).alertDigestDelayMs).toBe(90_000);
    for (const bad of ["-1", "1.5", "ten", "86401"])
      expect(() => readEnv({ ALERT_DIGEST_DELAY: bad })).toThrow(/ALERT_DIGEST_DELAY must be an integer from 0 to 86400/);
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

describe("storage and metrics configuration (decisions 120, 122)", () => {
  it("keeps files in DATA_DIR unless STORAGE=s3", () => {
    expect(readEnv({}).storage).toEqual({ driver: "local" });
    expect(readEnv({ STORAGE: "local" }).storage).toEqual({ driver: "local" });
    expect(readEnv({}).metricsToken).toBeUndefined();
  });

  it("reads a bucket, its endpoint, region, key pair and path style", () => {
    const env = readEnv({
      STORAGE: "s3",
      S3_BUCKET: "dealer-files",
      S3_ENDPOINT: "https://minio.example.com:9000/",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG",
      S3_FORCE_PATH_STYLE: "true",
      METRICS_TOKEN: "0123456789abcdef0123",
    });
    expect(env.storage).toEqual({
      driver: "s3",
      bucket: "dealer-files",
      endpoint: "https://minio.example.com:9000",
      region: "auto",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG" },
      forcePathStyle: true,
    });
    expect(env.metricsToken).toBe("0123456789abcdef0123");
    // Without a key pair the SDK's own chain answers (an instance role); AWS's default region.
    expect(readEnv({ STORAGE: "s3", S3_BUCKET: "dealer-files" }).storage).toMatchObject({
      region: "us-east-1",
      credentials: undefined,
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses a bucket without STORAGE=s3, s3 without a bucket, half a key pair, a bad name and a short token, never echoing a value", () => {
    const refused = (env: Record<string, string>) => {
      try {
        readEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refused({ S3_BUCKET: "dealer-files" })).toContain("S3_BUCKET set without STORAGE=s3");
    expect(refused({ STORAGE: "s3" })).toContain("S3_BUCKET must be set when STORAGE=s3");
    expect(refused({ STORAGE: "s3", S3_BUCKET: "b-1", S3_SECRET_ACCESS_KEY: "topsecretvalue" })).toContain(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
    expect(refused({ STORAGE: "s3", S3_BUCKET: "b-1", S3_SECRET_ACCESS_KEY: "topsecretvalue" })).not.toContain("topsecretvalue");
    expect(refused({ STORAGE: "s3", S3_BUCKET: "Dealer_Files" })).toContain("S3_BUCKET must be a bucket name");
    expect(refused({ STORAGE: "nfs" })).toContain("STORAGE must be local or s3");
    expect(refused({ METRICS_TOKEN: "short-secret" })).toContain("METRICS_TOKEN must be at least 16 characters");
    expect(refused({ METRICS_TOKEN: "short-secret" })).not.toContain("short-secret");
  });
});
