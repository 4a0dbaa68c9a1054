import os from "node:os";
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
    // Each file's work runs in its own server process, and much of a file's time is waiting: for the
    // next TOTP step, a mail retry, a poll. Vitest's default (one worker fewer than the cores) ran one
    // file at a time on 2 cores, which kept under half a core busy; three at once use that idle time (decision 072).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
  },
});
