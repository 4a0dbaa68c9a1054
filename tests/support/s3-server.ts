import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "s3-server-process.mjs");

/** s3rver's one account: every request is signed with it and checked (a wrong secret is SignatureDoesNotMatch). */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type S3TestServer = {
  endpoint: string;
  port: number;
  /** Where it keeps its buckets' objects as files. */
  dir: string;
  process: ChildProcess;
  /** Graceful stop, and wait for exit. */
  stop: () => Promise<void>;
  /** Gone at once (SIGKILL), as a bucket that stops answering. */
  kill: () => Promise<void>;
  /** The same server again, same port and objects (after a stop or kill). */
  restart: (options?: { crashAfterPuts?: number }) => Promise<S3TestServer>;
};

/** Starts the S3 server of the tests (tests/support/s3-server-process.mjs) on a loopback port. */
export async function startS3Server(options: { dir?: string; port?: number; crashAfterPuts?: number } = {}): Promise<S3TestServer> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "dealership-s3-"));
  const child = spawn(process.execPath, [script, "--dir", dir, "--port", String(options.port ?? 0)], {
    env: { ...process.env, S3_CRASH_AFTER_PUTS: String(options.crashAfterPuts ?? 0) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`S3 server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"s3":"listening","port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`S3 server exited with ${code}:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const server: S3TestServer = {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    dir,
    process: child,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    restart: async (again = {}) => {
      await end("SIGKILL");
      return startS3Server({ dir, port, crashAfterPuts: again.crashAfterPuts });
    },
  };
  return server;
}

/** The variables a server needs for a bucket of the test server (README: Configuration). */
export function s3EnvFor(endpoint: string, bucket: string): Record<string, string> {
  return {
    STORAGE: "s3",
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** Creates a bucket (an existing one of ours is fine). */
export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if ((error as Error).name !== "BucketAlreadyOwnedByYou" && (error as Error).name !== "BucketAlreadyExists") throw error;
  } finally {
    s3.destroy();
  }
}
