import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The fast inner loop (`npm run test:unit`, `npm run test:watch`): pure modules, schemas, the lint and
 * docs checks. No build and no HTTP server; a test that needs either belongs in vitest.api.config.ts.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "tests/lint/**/*.test.ts", "tests/scripts/**/*.test.ts", "tests/docs/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time: a third of the wall time is each file's imports (docs/decisions/084-two-test-files-at-a-time.md).
    maxWorkers: 2,
  },
});
