import fs from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "../../vite.config";

/**
 * The compile-hints plugin (decision 051) adds a first line to a chunk after its source map was
 * made. A build with source maps (for profiling) must still map each position to its own source
 * line: this builds a small public page with Vite, the plugin and `build.sourcemap`, and reads the
 * map back with Node's own source-map reader.
 */
const project = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

it("keeps a hinted chunk's source map on the right lines", async () => {
  const route = path.join(project, "src/app/routes/page.tsx");
  fs.mkdirSync(path.dirname(route), { recursive: true });
  // Enough code to be hinted (COMPILE_HINT_MIN_BYTES), with one line to find again.
  const filler = Array.from({ length: 80 }, (_, i) => `export const filler${i} = (value: number) => value * ${i} + ${i * 7};`);
  // The line to find comes first: a map one line off would find the last filler's position instead.
  const lines = [`export function markedFunction() { return "compile-hint-marker"; }`, ...filler];
  fs.writeFileSync(route, `${lines.join("\n")}\n`);

  await build({
    root: project,
    configFile: false,
    logLevel: "silent",
    plugins: [compileHints],
    build: { outDir: "dist", sourcemap: true, rollupOptions: { input: route, preserveEntrySignatures: "exports-only" } },
  });

  const assets = path.join(project, "dist/assets");
  const file = fs.readdirSync(assets).find((name) => name.endsWith(".js"))!;
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  expect(code.startsWith(COMPILE_HINT)).toBe(true);

  const map = new SourceMap(JSON.parse(fs.readFileSync(path.join(assets, `${file}.map`), "utf8")) as SourceMapPayload);
  const generatedLines = code.split("\n");
  const generatedLine = generatedLines.findIndex((line) => line.includes("compile-hint-marker"));
  const generatedColumn = generatedLines[generatedLine]!.indexOf("compile-hint-marker");
  // The mapping at or before the marker, on the marker's own generated line.
  expect(map.findEntry(generatedLine, generatedColumn)).toMatchObject({
    generatedLine,
    originalSource: expect.stringContaining("page.tsx"),
    originalLine: 0,
  });
});
