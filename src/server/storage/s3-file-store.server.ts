import crypto from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import type { StorageConfig } from "~/server/env.server";
import type { FileStoreDriver, StoredFile } from "./file-store.server";

type S3Config = Extract<StorageConfig, { driver: "s3" }>;

/** Where a file's SHA-256 is kept beside it (`x-amz-meta-sha256`): the move command compares it without reading the file. */
const SHA256_METADATA = "sha256";

/** S3 answers "no such key" as 404 (NoSuchKey for GET, NotFound for HEAD). */
const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/** DeleteObjects takes at most 1,000 keys a request. */
const DELETE_BATCH = 1000;

/**
 * The bucket driver (STORAGE=s3), through the official SDK, loaded only when a bucket is configured so a
 * server on the folder never loads it. One PutObject is atomic: a reader sees the earlier object or the
 * new one. Timeouts are short and retries few: an upload that cannot reach the bucket is answered 503 in
 * seconds (decision 123), not after the SDK's default minutes.
 */
export function createS3FileStore(config: S3Config): FileStoreDriver {
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        maxAttempts: 2,
        // Checksums only where S3 requires them (DeleteObjects): the SDK's newer default (a CRC32 on every
        // upload, with a trailer) is refused by several S3-compatible services, and each file's SHA-256 is
        // kept in its metadata anyway.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      }),
    })));
  const Bucket = config.bucket;
  return {
    driver: "s3",
    where: `bucket ${config.bucket}`,
    async put(key, bytes, contentType) {
      const { s3, sdk } = await connect();
      const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType ?? "application/octet-stream",
          Metadata: { [SHA256_METADATA]: sha256 },
        }),
      );
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(keys) {
      const { s3, sdk } = await connect();
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const result = await s3.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = (result.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
        if (failed.length) throw new Error(`${failed.length} of ${batch.length} deletes failed (${failed[0]!.Code ?? "unknown"})`);
      }
    },
    async *list(prefix) {
      const { s3, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) } satisfies StoredFile;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async sha256(key) {
      const { s3, sdk } = await connect();
      try {
        const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        const recorded = head.Metadata?.[SHA256_METADATA];
        if (recorded && /^[0-9a-f]{64}$/.test(recorded)) return recorded;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      // Put there by another tool: read it.
      const bytes = await this.get(key);
      return bytes ? crypto.createHash("sha256").update(bytes).digest("hex") : null;
    },
    // A PUT stores an object whole or not at all: nothing half-written to remove.
    removeAbandonedWrites: () => Promise.resolve(0),
    async probe() {
      const { s3, sdk } = await connect();
      // Reachable, the credentials accepted and the bucket there: one cheap request, no write
      // (/healthz is polled every few seconds by each balancer).
      await s3.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}
