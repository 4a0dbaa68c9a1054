import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** End-to-end flows in real Chromium against the real server; two files at a time. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    // Two files at a time, each with its own server and Chromium (docs/decisions/084-two-test-files-at-a-time.md).
    maxWorkers: 2,
    // The files whose tests run concurrently (javascript-transfer, before-hydration) load three pages at a time.
    maxConcurrency: 3,
    // A poll ends as soon as it holds; its limit only says how long a failure takes to show. Vitest's
    // default of 1 s is shorter than a page update can take with two files' browsers on two cores, and 10 s
    // was shorter than a page throttled 8× took to open the inventory's filter panel on a slow host (a fresh
    // clone's run where every stage took a third longer than usual).
    expect: { poll: { timeout: 20_000 } },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
