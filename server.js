// `npm start`: builds when the sources changed since the last build (or build/ is missing), then runs
// the production server (README: Run the site).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsCurrent } from "./scripts/build-stamp.js";

const root = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.join(root, "build/server/index.js");

// --no-build-check: the test harness runs the build it made itself, even while someone edits sources.
const check = !process.argv.includes("--no-build-check");
if (process.argv.includes("--rebuild") || (check && !buildIsCurrent(root))) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Everything the server creates in DATA_DIR is private to its user (umask 077, set by startServer, after the
// build above, whose files a separate web server may need to read): src/server/file-modes.server.ts.
const { startProductionServer } = await import(serverEntry);
let running;
try {
  running = await startProductionServer({ clientDir: path.join(root, "build/client") });
} catch (error) {
  // One JSON line like every other log line (pino's fatal level), never a raw multi-line stack.
  // A configuration error (EnvError) already says which variable is wrong and what it expects.
  const err = error instanceof Error ? error : new Error(String(error));
  const line = { level: 60, time: new Date().toISOString(), msg: `start-up failed: ${err.message}` };
  if (err.name !== "EnvError") line.err = { type: err.name, message: err.message, stack: err.stack };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  process.exit(1);
}

// Node would print these as raw multi-line stacks; keep them one JSON line, then exit as Node would.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.once(event, (err) => {
    running.ctx.logger.fatal({ err }, event);
    process.exit(1);
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    running.ctx.logger.info({ signal }, "shutting down");
    await running.close();
    process.exit(0);
  });
}
