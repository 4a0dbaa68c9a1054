import type { ServerEnv, StorageConfig } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { countStorageError } from "~/server/metrics/metrics.server";
import { createLocalFileStore } from "./local-file-store.server";
import { createS3FileStore } from "./s3-file-store.server";

/** One stored file as a listing names it. */
export type StoredFile = { key: string; size: number; modifiedAt: Date };

/**
 * Where every file the site keeps goes (decision 120): vehicle photos and their variants, shoppers'
 * trade-in photos, financing applicants' licences and signatures (sealed before they get here), and any
 * document a feature stores. Keys are paths with `/` (`images/…`, `private/…`), the same names as the
 * files under DATA_DIR, so a folder moves to a bucket and back key for key (`npm run storage`).
 * Two drivers: the local folder DATA_DIR (STORAGE=local, the default) and an S3-compatible bucket.
 */
export interface FileStore {
  readonly driver: StorageConfig["driver"];
  /** For logs and the move command: "DATA_DIR" or "bucket NAME"; never a credential. */
  readonly where: string;
  /** Writes the whole file or nothing: a reader sees the earlier file or the new one, never a part. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the files named; a missing one is fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every file whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** SHA-256 (hex) of a stored file's bytes, or null when there is none. */
  sha256(key: string): Promise<string | null>;
  /** Throws unless the store can be reached (and, for the folder, written): /healthz. */
  probe(): Promise<void>;
  /**
   * Removes what a write that never finished left under `prefix` (a process killed mid-write), last
   * modified before `olderThan`; returns how many. The folder's half-written `.tmp-` files; a bucket has
   * none (an object appears whole or not at all).
   */
  removeAbandonedWrites(prefix: string, olderThan: Date): Promise<number>;
}

/**
 * The store could not be reached or refused the operation (a bucket down, wrong credentials, a full or
 * read-only disk): the request that needed it answers 503 with Retry-After, and nothing it began is kept.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  readonly status = 503;
  readonly retryAfterSeconds = 30;
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`File storage unavailable (${operation}): ${reasonOf(cause)}`, { cause });
  }
}

/** A short reason (an error code or name and its message), never a stack or a credential. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; name?: string; message?: string };
  return [e.code ?? e.name, e.message].filter(Boolean).join(": ").slice(0, 200);
}

/** File names the store takes: lower-case folders, then a name of letters, digits, dots, hyphens, underscores; no dot segments. */
const FILE_KEY = /^(?:[a-z0-9-]+\/)+[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Refuses a key that could leave its folder or name something unexpected (keys are built by code, never taken from a request). */
export function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key) || key.includes("..")) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
}

/** The folders the site's files live in, under DATA_DIR or at the bucket's root. */
export const FILE_PREFIXES = ["images/", "private/"] as const;

/** A driver's own operations; `createFileStore` adds the key checks, the error mapping and the metrics. */
export type FileStoreDriver = Omit<FileStore, "list"> & { list(prefix: string): AsyncIterable<StoredFile> };

/**
 * Wraps a driver: every key is checked, and any failure but "not there" becomes a StorageUnavailableError,
 * logged once with its operation and counted (`dealer_storage_errors_total`, decision 122).
 */
function guarded(driver: FileStoreDriver, logger: Logger | undefined): FileStore {
  const fail = (operation: string, error: unknown): never => {
    if (error instanceof StorageUnavailableError) throw error;
    countStorageError(driver.driver, operation);
    const unavailable = new StorageUnavailableError(operation, error);
    logger?.error({ driver: driver.driver, operation, reason: reasonOf(error) }, "file storage unavailable");
    throw unavailable;
  };
  const run = async <T>(operation: string, keys: readonly string[], work: () => Promise<T>): Promise<T> => {
    keys.forEach(assertFileKey);
    try {
      return await work();
    } catch (error) {
      return fail(operation, error);
    }
  };
  return {
    driver: driver.driver,
    where: driver.where,
    put: (key, bytes, contentType) => run("put", [key], () => driver.put(key, bytes, contentType)),
    get: (key) => run("get", [key], () => driver.get(key)),
    exists: (key) => run("exists", [key], () => driver.exists(key)),
    remove: (keys) => (keys.length ? run("remove", keys, () => driver.remove(keys)) : Promise.resolve()),
    sha256: (key) => run("sha256", [key], () => driver.sha256(key)),
    probe: () => run("probe", [], () => driver.probe()),
    removeAbandonedWrites: (prefix, olderThan) => run("remove", [], () => driver.removeAbandonedWrites(prefix, olderThan)),
    async *list(prefix) {
      if (!/^(?:[a-z0-9-]+\/)+$/.test(prefix)) throw new Error(`Not a folder prefix: ${JSON.stringify(prefix)}`);
      try {
        yield* driver.list(prefix);
      } catch (error) {
        fail("list", error);
      }
    },
  };
}

/** A store for a configuration (the server's, or the other side of `npm run storage`). */
export function createFileStore(config: StorageConfig, dataDir: string, logger?: Logger): FileStore {
  const driver = config.driver === "s3" ? createS3FileStore(config) : createLocalFileStore(dataDir);
  return guarded(driver, logger);
}

const stores = new WeakMap<ServerEnv, FileStore>();

/**
 * The store of a running server (or a command) built from its parsed configuration: one per
 * configuration, so every service of a process shares one S3 client and its connections.
 */
export function fileStoreFor(ctx: { env: ServerEnv; logger?: Logger }): FileStore {
  let store = stores.get(ctx.env);
  if (!store) {
    store = createFileStore(ctx.env.storage, ctx.env.dataDir, ctx.logger);
    stores.set(ctx.env, store);
  }
  return store;
}
