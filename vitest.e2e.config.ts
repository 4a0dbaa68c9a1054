import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** End-to-end flows in real Chromium against the real server; one file at a time. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
