import fs from "node:fs";
import { startS3Server } from "./s3-server";

/**
 * Vitest global setup of vitest.s3.config.ts: one S3 server on loopback for the run. Test workers
 * inherit its address and TEST_STORAGE=s3, so every test server they start keeps its files in a
 * bucket of its own (tests/support/test-storage.ts).
 */
export default async function setup() {
  const s3 = await startS3Server();
  process.env.TEST_STORAGE = "s3";
  process.env.TEST_S3_ENDPOINT = s3.endpoint;
  return async () => {
    await s3.stop();
    fs.rmSync(s3.dir, { recursive: true, force: true });
  };
}
