import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The API suite on SQLite against the real built server (`npm run test:api`, after `npm run build`),
 * and the bundle checks, which read or make a production build.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["tests/api/**/*.test.ts", "tests/bundle/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time on any machine: one file keeps under one core busy, most of its time spent
    // waiting on servers, sockets and clocks (docs/decisions/084-two-test-files-at-a-time.md).
    maxWorkers: 2,
  },
});
