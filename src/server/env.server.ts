import path from "node:path";
import { z } from "zod";
import { emailField } from "~/shared/validation/fields";
import { SCRYPT_PARAMS, type PasswordHashParams } from "./auth/password-hash.server";

/**
 * Every environment variable the server reads, parsed once by one zod schema (README: Configuration;
 * the model is epic-stack's app/utils/env.server.ts). Nothing else in src/ reads process.env: code
 * receives the parsed ServerEnv through AppContext. A bad value stops start-up with one line naming
 * the variable and what it expects, never echoing the value (some are secrets).
 */
export type ServerEnv = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  seedDemo: boolean;
  /** With the demo inventory, the demo's staff, leads and visits too (SEED_DEMO=true, not `inventory`; decision 118). */
  seedDemoActivity: boolean;
  logLevel: LogLevel;
  /**
   * Days to keep a financing application after the later of its action-taken date and its submission,
   * when longer than Regulation B's 25 months (decision 095); null: exactly 25 months.
   */
  financingRetentionDays: number | null;
  /** Trust X-Forwarded-* from one proxy hop; off unless TRUST_PROXY=true (README: Production). */
  trustProxy: boolean;
  /**
   * Web Push's VAPID key pair (RFC 8292, decision 111), base64url: set both, or neither (then derived
   * from the master secret, so it is kept with the other secrets and the same on every process).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact about our pushes (VAPID `sub`): a mailto: or https: URL; unset: the business e-mail. */
  vapidSubject: string | undefined;
  /**
   * Tests only (PUSH_LOOPBACK=true, refused unless NODE_ENV=test): push endpoints on this machine's
   * loopback over http are accepted and sent to, for a push service written in the tests.
   */
  pushLoopback: boolean;
  /** 64 hex characters; unset means DATA_DIR/master.key (decision 009). */
  masterKey: string | undefined;
  adminSessionIdleMs: number;
  /** Where the NHTSA vPIC database is unpacked for VIN decoding (decision 014). */
  vpicCacheDir: string;
  /** Outgoing mail, e.g. smtp://user:pass@host:587 or smtps://host:465; unset means mails are written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** Sender address of every message the site sends. */
  mailFrom: string | undefined;
  /** Where new leads (contact messages, financing applications, bookings) are announced; unset means the business profile's e-mail. */
  leadsTo: string | undefined;
  /** Where ADF/XML lead records for a CRM are sent; unset means no ADF mails. */
  adfTo: string | undefined;
  /** The first staff account, created at start-up when no staff account exists. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** postgres:// URL; unset means the SQLite file in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Byte budget of the server-side document cache (home, inventory, vehicle pages), compressed. */
  documentCacheBytes: number;
  /**
   * Tests only (TEST_CLOCK=true, refused unless NODE_ENV=test): the server's clock reads the instant
   * in DATA_DIR/test-clock when that file exists (decision 076).
   */
  testClock: boolean;
  /** LEAD_ALARM=false turns off the lead alarm's mails and the after-hours reply (decision 076); on by default. */
  leadAlarm: boolean;
  /**
   * scrypt's parameters for new password hashes and the unknown-account check: SCRYPT_PARAMS, or a cost
   * (PASSWORD_HASH_COST = log2 of N) above it; below it only under NODE_ENV=test (decision 084).
   */
  passwordHashParams: PasswordHashParams;
  /**
   * ALERT_DIGEST_DELAY (seconds, default 600): how long a shopper's first alert of the day waits
   * for more events to join it in one digest (docs/behaviour.md §21, decision 117).
   */
  alertDigestDelayMs: number;
  /**
   * Where photos and documents are kept (decision 120): the local folder DATA_DIR (STORAGE=local, the
   * default) or an S3-compatible bucket (STORAGE=s3 with the S3_* variables).
   */
  storage: StorageConfig;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics answers only loopback clients (decision 122). */
  metricsToken: string | undefined;
};

/** STORAGE and the S3_* variables, parsed. */
export type StorageConfig =
  | { driver: "local" }
  | {
      driver: "s3";
      bucket: string;
      /** S3_ENDPOINT: the service's address (R2, B2, MinIO…); unset means AWS S3 in S3_REGION. */
      endpoint: string | undefined;
      region: string;
      /** Both or neither: neither means the SDK's own chain (an instance role, AWS_* variables, a profile). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** S3_FORCE_PATH_STYLE=true: https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted services). */
      forcePathStyle: boolean;
    };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const DEFAULT_IDLE_MS = 30 * 60 * 1000;

/** Start-up refused because of the environment; the message is one line, safe to print. */
export class EnvError extends Error {
  override name = "EnvError";
}

// An empty variable (`PORT=`) means unset, as in most shells' .env conventions.
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const integer = (min: number, max: number) => {
  const expects = `an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, expects)
    .transform(Number)
    .refine((n) => n >= min && n <= max, expects);
};
const megabytes = (max: number) => {
  const expects = `a number of megabytes from 0 to ${max}`;
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, expects)
    .transform(Number)
    .refine((n) => n <= max, expects);
};
const boolean = () => z.enum(["true", "false"], { error: '"true" or "false"' }).transform((v) => v === "true");
const url = (protocol: RegExp, expects: string) => z.url({ protocol, error: expects });
const email = () => emailField("an e-mail address");

const envSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"], { error: "development, production or test" })),
  PORT: optional(integer(0, 65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  PUBLIC_URL: optional(url(/^https?$/, "an http:// or https:// URL, e.g. https://www.example.com")),
  SEED_DEMO: optional(z.enum(["true", "false", "inventory"], { error: '"true", "false" or "inventory"' })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `one of ${LOG_LEVELS.join(", ")}` })),
  // 762 days is at least 25 calendar months from any date: a shorter period would break Regulation B.
  FINANCING_RETENTION_DAYS: optional(integer(762, 36500)),
  TRUST_PROXY: optional(boolean()),
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^B[A-Za-z0-9_-]{86}$/, "an uncompressed P-256 public key in base64url (87 characters)")),
  VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key in base64url (43 characters)")),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "a mailto: address or an https:// URL")),
  PUSH_LOOPBACK: optional(boolean()),
  MASTER_KEY: optional(z.string().regex(/^[0-9a-f]{64}$/i, "64 hexadecimal characters (32 bytes)")),
  ADMIN_SESSION_IDLE_MS: optional(integer(1, 7 * 24 * 60 * 60 * 1000)),
  VPIC_CACHE_DIR: optional(z.string()),
  SMTP_URL: optional(url(/^smtps?$/, "an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587")),
  MAIL_FROM: optional(email()),
  LEADS_TO: optional(email()),
  ADF_TO: optional(email()),
  ADMIN_EMAIL: optional(email()),
  ADMIN_PASSWORD: optional(z.string()),
  DOCUMENT_CACHE_MB: optional(megabytes(4096)),
  DATABASE_URL: optional(url(/^postgres(ql)?$/, "a postgres:// URL, e.g. postgres://user:password@localhost:5432/dealership")),
  TEST_CLOCK: optional(boolean()),
  LEAD_ALARM: optional(boolean()),
  PASSWORD_HASH_COST: optional(integer(10, 20)),
  ALERT_DIGEST_DELAY: optional(integer(0, 86400)),
  STORAGE: optional(z.enum(["local", "s3"], { error: "local or s3" })),
  // S3's own rules for a bucket's name: 3–63 lower-case letters, digits, dots and hyphens.
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "a bucket name (3–63 lower-case letters, digits, dots, hyphens)"),
  ),
  S3_ENDPOINT: optional(url(/^https?$/, "an http:// or https:// URL, e.g. https://s3.us-east-1.amazonaws.com")),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]{1,32}$/, "a region name such as us-east-1 (R2: auto)")),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(boolean()),
  METRICS_TOKEN: optional(z.string().min(16, "at least 16 characters (e.g. openssl rand -hex 32)")),
});

/**
 * Parses the environment (injectable for tests). Throws EnvError naming every bad variable and what
 * it expects, on one line.
 */
export function readEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} must be ${issue.message}`);
    throw new EnvError(`Invalid configuration: ${problems.join("; ")} (README: Configuration)`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? "development";
  // A clock a file can move would let anyone who can write DATA_DIR silence the lead alarm.
  if (e.TEST_CLOCK && nodeEnv !== "test")
    throw new EnvError("Invalid configuration: TEST_CLOCK must be false unless NODE_ENV=test (README: Configuration)");
  // A cheaper hash makes every guess cheaper: only the test servers, which sign in hundreds of times, may
  // lower it, and the tests of what the cost does run at production's.
  if (e.PASSWORD_HASH_COST !== undefined && e.PASSWORD_HASH_COST < SCRYPT_PARAMS.logN && nodeEnv !== "test")
    throw new EnvError(
      `Invalid configuration: PASSWORD_HASH_COST must be ${SCRYPT_PARAMS.logN} or more unless NODE_ENV=test (README: Configuration)`,
    );
  if (e.PUSH_LOOPBACK && nodeEnv !== "test")
    throw new EnvError("Invalid configuration: PUSH_LOOPBACK must be false unless NODE_ENV=test (README: Configuration)");
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new EnvError("Invalid configuration: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither (README: Configuration)");
  const isProduction = nodeEnv === "production";
  // The demo's staff have published passwords and its leads are made-up people (decision 118).
  if (isProduction && (e.SEED_DEMO === "true" || e.SEED_DEMO === "inventory"))
    throw new EnvError(
      `Invalid configuration: SEED_DEMO=${e.SEED_DEMO} is refused in production: production never seeds demo data (README: Configuration)`,
    );
  const storage = storageConfig(e);
  const port = e.PORT ?? 3000;
  const dataDir = path.resolve(e.DATA_DIR ?? "./data");
  return {
    nodeEnv,
    isProduction,
    port,
    host: e.HOST ?? "0.0.0.0",
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    seedDemo: !isProduction && (e.SEED_DEMO ?? "true") !== "false",
    seedDemoActivity: !isProduction && (e.SEED_DEMO ?? "true") === "true",
    logLevel: e.LOG_LEVEL ?? (nodeEnv === "test" ? "warn" : "info"),
    financingRetentionDays: e.FINANCING_RETENTION_DAYS ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    pushLoopback: e.PUSH_LOOPBACK ?? false,
    masterKey: e.MASTER_KEY,
    adminSessionIdleMs: e.ADMIN_SESSION_IDLE_MS ?? DEFAULT_IDLE_MS,
    vpicCacheDir: path.resolve(e.VPIC_CACHE_DIR ?? path.join(dataDir, "cache")),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    leadsTo: e.LEADS_TO,
    adfTo: e.ADF_TO,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    databaseUrl: e.DATABASE_URL,
    documentCacheBytes: (e.DOCUMENT_CACHE_MB ?? 32) * 2 ** 20,
    testClock: e.TEST_CLOCK ?? false,
    leadAlarm: e.LEAD_ALARM ?? true,
    passwordHashParams: { ...SCRYPT_PARAMS, logN: e.PASSWORD_HASH_COST ?? SCRYPT_PARAMS.logN },
    alertDigestDelayMs: (e.ALERT_DIGEST_DELAY ?? 600) * 1000,
    storage,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** STORAGE=s3 needs its bucket, and the key pair comes whole or not at all; S3_* beside STORAGE=local is a mistake worth stopping for. */
function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  const refuse = (problem: string): never => {
    throw new EnvError(`Invalid configuration: ${problem} (README: Configuration)`);
  };
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    refuse("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  if (e.STORAGE !== "s3") {
    const stray = (["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
      (name) => e[name] !== undefined,
    );
    if (stray.length) refuse(`${stray.join(", ")} set without STORAGE=s3`);
    return { driver: "local" };
  }
  if (!e.S3_BUCKET) return refuse("S3_BUCKET must be set when STORAGE=s3");
  return {
    driver: "s3",
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    region: e.S3_REGION ?? "us-east-1",
    credentials:
      e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}
