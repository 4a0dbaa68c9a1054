import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The API suite again, on PostgreSQL: a throw-away cluster for the run
 * (tests/support/postgres-global-setup.ts) and a fresh database per test server. Also the
 * database tests and the two-process tests, which only make sense here.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["tests/api/**/*.test.ts", "tests/postgres/**/*.test.ts", "src/server/db/**/*.test.ts"],
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    environment: "node",
    // Every query is a round trip to the database server: the slowest API tests need more than SQLite's 30 s under load.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Three files at a time on any machine (the other suites two): one file keeps under one core busy, most
    // of its time spent waiting on servers, sockets and clocks (docs/decisions/084-two-test-files-at-a-time.md),
    // and this suite, run beside the other two, was the longest of the three (decision 143, amended).
    maxWorkers: 3,
  },
});
