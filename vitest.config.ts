import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "tests/api/**/*.test.ts",
      "tests/lint/**/*.test.ts",
      "tests/scripts/**/*.test.ts",
      "tests/bundle/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
