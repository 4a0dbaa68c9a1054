import crypto from "node:crypto";
import { readEnv } from "~/server/env.server";
import { createFileStore, type FileStore } from "~/server/storage/file-store.server";
import { createBucket, s3EnvFor } from "./s3-server";

/**
 * The file store the test servers use: the folder (DATA_DIR), or, under vitest.s3.config.ts, a bucket of
 * the run's S3 server (its global setup sets TEST_STORAGE=s3 and TEST_S3_ENDPOINT). Each DATA_DIR gets
 * its own bucket, so a restarted server (same DATA_DIR) finds its files again.
 */
export const testStorage: "local" | "s3" = process.env.TEST_STORAGE === "s3" ? "s3" : "local";
const endpoint = process.env.TEST_S3_ENDPOINT;

const bucketOfDataDir = new Map<string, Promise<string>>();

/** The storage variables of a test server with this DATA_DIR: none for the folder, a bucket of its own for S3. */
export async function storageEnvFor(dataDir: string): Promise<Record<string, string>> {
  if (testStorage === "local") return {};
  if (!endpoint) throw new Error("TEST_STORAGE=s3 without TEST_S3_ENDPOINT: run through vitest.s3.config.ts");
  let bucket = bucketOfDataDir.get(dataDir);
  if (!bucket) {
    const name = `t-${crypto.createHash("sha256").update(dataDir).digest("hex").slice(0, 24)}`;
    bucket = createBucket(endpoint, name).then(() => name);
    bucketOfDataDir.set(dataDir, bucket);
  }
  return s3EnvFor(endpoint, await bucket);
}

/** The store a server with this DATA_DIR and these variables uses, opened by the test (the same drivers as the server's). */
export function fileStoreOf(server: { dataDir: string; storageEnv: Record<string, string> }): FileStore {
  return createFileStore(readEnv({ DATA_DIR: server.dataDir, ...server.storageEnv }).storage, server.dataDir);
}

/** The store a test server started with this DATA_DIR will use, for a test to fill before it starts. */
export async function fileStoreForDataDir(dataDir: string): Promise<FileStore> {
  return fileStoreOf({ dataDir, storageEnv: await storageEnvFor(dataDir) });
}

/** Every key under a folder of a store, sorted. */
export async function storedKeys(store: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list(prefix)) keys.push(file.key);
  return keys.sort();
}
