import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The photo and document test files again, with every test server's files in a bucket of a real
 * S3-protocol server on loopback (tests/support/s3-global-setup.ts; decision 124) instead of DATA_DIR.
 * `npm run test:s3`, after `npm run build`; on SQLite (the store does not depend on the database).
 */
export const FILES_ON_BOTH_DRIVERS = [
  "tests/api/trade-in.test.ts",
  "tests/api/upload-hardening.test.ts",
  "tests/api/financing.test.ts",
  "tests/api/staff-api.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: FILES_ON_BOTH_DRIVERS,
    globalSetup: ["tests/support/s3-global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time, as the API suite (docs/decisions/084-two-test-files-at-a-time.md).
    maxWorkers: 2,
  },
});
