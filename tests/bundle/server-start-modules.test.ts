import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { SERVER_BUNDLED_PACKAGES } from "../../vite.config";

/**
 * The server build bundles its pure ESM dependencies (decision 079): left external, Node resolved
 * about 2,000 files at every start and the server took 6 s to listen. This fails when a Vite upgrade
 * or a config change quietly puts them back outside the bundle, or when a new dependency brings
 * hundreds of files with it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverBundle = path.join(root, "build/server/index.js");

/** Counted with a module hook while Node imports the bundle, as `npm start` does. */
const COUNT_MODULES = `
import { registerHooks } from "node:module";
const files = new Set();
registerHooks({ load(url, context, next) { if (url.startsWith("file:")) files.add(url); return next(url, context); } });
await import(${JSON.stringify(new URL(`file://${serverBundle}`).href)});
process.stdout.write(JSON.stringify([...files]));
process.exit(0);
`;

it("imports none of the bundled packages from node_modules", () => {
  const source = fs.readFileSync(serverBundle, "utf8");
  const imported = [...source.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]!);
  const bundledYetImported = imported.filter((specifier) =>
    SERVER_BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
  );
  expect(bundledYetImported).toEqual([]);
});

it("loads under 1,000 files from disk when the server bundle is imported", () => {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", COUNT_MODULES], { cwd: root, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  const files = JSON.parse(run.stdout) as string[];
  // 2,000 before decision 079; about 620 after it, mostly express, react-router, nodemailer and semver.
  expect(files.length).toBeGreaterThan(1);
  expect(files.length).toBeLessThan(1_000);
});
