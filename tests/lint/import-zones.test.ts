import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The one-way import rule (decision 007) written as ESLint zones (decision 020): these lint a fixture
// through the ESLint Node API as if it lived at different places in the tree.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = readFileSync(path.join(root, "tests/lint/fixtures/cross-feature-import.ts"), "utf8");
const eslint = new ESLint({ cwd: root });

async function zoneErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("import zones", () => {
  it("the fixture imports a real file (an unresolved import would never be reported)", () => {
    expect(existsSync(path.join(root, "src/features/inventory/vehicle-summary.ts"))).toBe(true);
  });

  it("refuses a feature importing another feature, including in a co-located test", async () => {
    expect(await zoneErrors(fixture, "src/features/contact/cross-feature-import.ts")).toEqual([
      expect.stringContaining("A feature never imports another feature"),
    ]);
    expect(await zoneErrors(fixture, "src/features/booking/cross-feature-import.test.ts")).toHaveLength(1);
  });

  it("allows a feature its own files, and lets app, tests and bench import any feature", async () => {
    expect(await zoneErrors(fixture, "src/features/inventory/cross-feature-import.ts")).toEqual([]);
    expect(await zoneErrors(fixture, "src/app/routes/cross-feature-import.ts")).toEqual([]);
    expect(await zoneErrors(fixture, "tests/api/cross-feature-import.ts")).toEqual([]);
    expect(await zoneErrors(fixture, "bench/cross-feature-import.ts")).toEqual([]);
  });

  it("keeps server below features and shared below server", async () => {
    expect(await zoneErrors(fixture, "src/server/cross-feature-import.ts")).toEqual([
      expect.stringContaining("src/server imports only src/shared"),
    ]);
    const serverImport = 'import { createLogger } from "~/server/logger.server";\nexport const x = createLogger;\n';
    expect(await zoneErrors(serverImport, "src/shared/lib/cross-layer-import.ts")).toEqual([
      expect.stringContaining("src/shared is isomorphic"),
    ]);
    expect(await zoneErrors(serverImport, "src/features/contact/server-import.ts")).toEqual([]);
    const appImport = 'import { createHttpApp } from "~/app/http/http-app.server";\nexport const x = createHttpApp;\n';
    expect(await zoneErrors(appImport, "src/features/staff/app-import.test.ts")).toEqual([
      expect.stringContaining("never imports src/app"),
    ]);
  });
});
