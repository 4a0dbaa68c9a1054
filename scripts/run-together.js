// `node scripts/run-together.js lint typecheck test:unit`: runs those npm scripts at the same time and
// fails if any fails. Each script's output is held and printed whole when it ends, so two scripts'
// lines never interleave and a failure reads as it would alone. The checks that need no build share the
// machine's cores this way (docs/decisions/084-two-test-files-at-a-time.md).
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: node scripts/run-together.js <npm script> [<npm script>…]\n");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs one npm script with its output captured; resolves with its exit code and output. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", name], {
      // FORCE_COLOR keeps the tools' colours although their output goes to a pipe.
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : (process.env.FORCE_COLOR ?? "0") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? `passed in ${seconds} s` : `FAILED (${signal ?? `exit code ${code}`}) after ${seconds} s`;
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`\n[run-together] npm run ${name}: ${status}\n\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
const failed = names.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  process.stderr.write(`[run-together] failed: ${failed.join(", ")}\n`);
  process.exit(1);
}
