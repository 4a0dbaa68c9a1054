import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// `npm test` and `npm run check` start the checks that need no build together through this script:
// a failure in any one of them must fail the whole command, and each one's output must stay whole.
const runner = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../scripts/run-together.js");

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A script that leaves a mark and waits (20 s at most) for another's: two of them both pass only when
 * they run at the same time; one after the other, the first gives up and fails.
 */
const MEET = `import fs from "node:fs";
const [me, other] = process.argv.slice(2);
fs.writeFileSync(me, "");
const start = Date.now();
while (!fs.existsSync(other)) {
  if (Date.now() - start > 20000) { console.log(me + " never met " + other); process.exit(4); }
  await new Promise((r) => setTimeout(r, 50));
}
console.log(me + " met " + other);`;

/** Runs the script in a throw-away project whose npm scripts are `scripts`. */
function runTogether(scripts: Record<string, string>, names: string[]) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "run-together-"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "throwaway", private: true, scripts }));
  fs.writeFileSync(path.join(dir, "meet.mjs"), MEET);
  return spawnSync(process.execPath, [runner, ...names], { cwd: dir, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
}

describe("scripts/run-together.js", () => {
  it("runs the scripts at the same time and passes when all pass, each one's output whole", () => {
    const result = runTogether({ first: "node meet.mjs first.mark second.mark", second: "node meet.mjs second.mark first.mark" }, [
      "first",
      "second",
    ]);
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/first\.mark met second\.mark\n[\s\S]*npm run first: passed/);
    expect(result.stdout).toMatch(/second\.mark met first\.mark\n[\s\S]*npm run second: passed/);
  }, 30_000);

  it("fails when any one fails, after letting the others finish, and names it", () => {
    const result = runTogether(
      { ok: `node -e "setTimeout(() => {}, 300)"`, broken: `node -e "console.log('broken says why'); process.exit(3)"` },
      ["ok", "broken"],
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("broken says why");
    expect(result.stdout).toContain("npm run broken: FAILED (exit code 3)");
    expect(result.stdout).toContain("npm run ok: passed");
    expect(result.stderr).toContain("[run-together] failed: broken");
  });

  it("refuses to run nothing", () => {
    expect(runTogether({}, []).status).toBe(2);
  });
});
