import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverBundle = path.join(root, "build/server/index.js");
/** The seeded copy is made once per build: a change to the seed or the schema makes a new one. */
const SEEDED_TEMPLATE = path.join(
  os.tmpdir(),
  `dealership-seeded-template-${process.getuid?.() ?? 0}-${
    fs.existsSync(serverBundle) ? crypto.createHash("sha256").update(fs.readFileSync(serverBundle)).digest("hex").slice(0, 12) : "none"
  }`,
);

export type TestServer = {
  url: string;
  dataDir: string;
  /** Every line the server printed (structured JSON logs). */
  logs: string[];
  process: ChildProcess;
  /** Graceful stop (SIGTERM) and wait for exit. */
  stop: () => Promise<void>;
  /** Kill with a signal (e.g. SIGKILL for crash tests) and wait for exit. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export type TestServerOptions = {
  /** Start from a copy of a demo-seeded data directory (seeded once per machine). Default false: empty database. */
  seeded?: boolean;
  /** Reuse an existing data directory (e.g. after a crash). */
  dataDir?: string;
  env?: Record<string, string>;
};

/**
 * Starts the real production server (`node server.js`, built by `npm run build`) on a
 * free port with its own temporary DATA_DIR.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(serverBundle)) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-test-"));
    if (options.seeded) {
      await ensureSeededTemplate();
      fs.cpSync(SEEDED_TEMPLATE, dataDir, { recursive: true });
    }
  }
  return spawnServer(dataDir, { SEED_DEMO: "false", ...options.env });
}

async function ensureSeededTemplate(): Promise<void> {
  const marker = path.join(SEEDED_TEMPLATE, ".complete");
  if (fs.existsSync(marker)) return;
  const lock = `${SEEDED_TEMPLATE}.lock`;
  // Several test files may ask at once: the first creates it, the others wait.
  try {
    fs.mkdirSync(lock);
  } catch {
    for (let i = 0; i < 600 && !fs.existsSync(marker); i++) await new Promise((r) => setTimeout(r, 250));
    if (fs.existsSync(marker)) return;
    throw new Error(`Timed out waiting for ${SEEDED_TEMPLATE}`);
  }
  try {
    fs.rmSync(SEEDED_TEMPLATE, { recursive: true, force: true });
    const server = await spawnServer(SEEDED_TEMPLATE, { SEED_DEMO: "true" });
    await server.stop();
    fs.writeFileSync(marker, "");
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function spawnServer(dataDir: string, env: Record<string, string>): Promise<TestServer> {
  const child = spawn(process.execPath, [path.join(root, "server.js"), "--no-build-check"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${logs.join("\n")}`)), 90_000);
    const onLine = (line: string) => {
      logs.push(line);
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(line);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!.replace("localhost", "127.0.0.1");
        const kill = async (signal: NodeJS.Signals) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        };
        resolve({ url, dataDir, logs, process: child, stop: () => kill("SIGTERM"), kill });
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = "";
      stream.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        lines.forEach(onLine);
      });
    }
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${logs.join("\n")}`));
    });
  });
}
