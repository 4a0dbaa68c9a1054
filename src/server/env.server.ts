import path from "node:path";

/** Configuration read once from the environment (README: Configuration). */
export type ServerEnv = {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  adminPin: string;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  financingRetentionDays: number;
  trustProxy: boolean;
  /** Byte budget of the server-side document cache (home, inventory, vehicle pages), compressed. */
  documentCacheBytes: number;
};

const DEMO_ADMIN_PIN = "246810";

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const nodeEnv = env.NODE_ENV ?? "development";
  const isProduction = nodeEnv === "production";
  const port = Number(env.PORT ?? 3000);
  return {
    nodeEnv,
    isProduction,
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    adminPin: env.ADMIN_PIN ?? (isProduction ? "" : DEMO_ADMIN_PIN),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === "true" : !isProduction,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    financingRetentionDays: Number(env.FINANCING_RETENTION_DAYS ?? 730),
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY === "true" : isProduction,
    documentCacheBytes: Math.max(0, Number(env.DOCUMENT_CACHE_MB ?? 32)) * 2 ** 20,
  };
}

/** Refuses to run in production without a real staff PIN (DESIGN.md difference 1). */
export function assertProductionReady(env: ServerEnv): void {
  if (!env.isProduction) return;
  const trivial = /^(\d)\1*$/.test(env.adminPin) || "0123456789".includes(env.adminPin) || "9876543210".includes(env.adminPin);
  if (!env.adminPin || env.adminPin.length < 4 || trivial) {
    throw new Error("ADMIN_PIN must be set to a non-trivial PIN of 4 to 6 characters when NODE_ENV=production");
  }
}
