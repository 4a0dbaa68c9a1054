// `npm start`: builds once if needed, then runs the production server (README: Running).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.join(root, "build/server/index.js");

if (!existsSync(serverEntry) || process.argv.includes("--rebuild")) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startProductionServer } = await import(serverEntry);
const running = await startProductionServer({ clientDir: path.join(root, "build/client") });

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    running.ctx.logger.info({ signal }, "shutting down");
    await running.close();
    process.exit(0);
  });
}
