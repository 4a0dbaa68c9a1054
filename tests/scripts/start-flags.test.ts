import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * `npm start`'s Node flags are part of how the server runs in production (decisions 048, 136): the test and
 * bench harness takes them from package.json, and the deployment examples must pass the same ones, or a
 * server deployed by hand climbs past the memory the soak measured.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const start = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
const flags = start.split(/\s+/).filter((arg) => arg.startsWith("--"));
const flagValue = (name: string) => Number(flags.find((flag) => flag.startsWith(`--${name}=`))?.split("=")[1]);

describe("npm start's Node flags", () => {
  it("cap the old generation, which keeps V8 from growing it to four times the live heap (decision 136)", () => {
    const maxOld = flagValue("max-old-space-size");
    expect(maxOld).toBeGreaterThanOrEqual(512);
    // At or above V8's default maximum (4 GiB here) the growing factor is back to 4 and the soak's RSS climbs.
    expect(maxOld).toBeLessThan(4096);
    // Node accepts them as written, and V8's limit is the old generation's cap plus the young generation.
    const result = spawnSync(process.execPath, [...flags, "-p", "require('node:v8').getHeapStatistics().heap_size_limit"], {
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const limitMb = Number(result.stdout.trim()) / 2 ** 20;
    expect(limitMb).toBeGreaterThanOrEqual(maxOld);
    expect(limitMb).toBeLessThan(maxOld + 100);
  });

  it("are the ones the deployment examples pass", () => {
    const deploy = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const command = `node ${flags.join(" ")} server.js`;
    expect(deploy).toContain(`ExecStart=/usr/bin/${command} --no-build-check`);
    expect(readme).toContain(`\`${command}\``);
    for (const text of [deploy, readme]) {
      for (const match of text.matchAll(/node((?: --[a-z-]+=\S+)+) server\.js/g)) expect(match[1]!.trim()).toBe(flags.join(" "));
    }
  });
});
