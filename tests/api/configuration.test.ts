import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the built production server (`node server.js`) with `env` and waits for it to exit. */
function startWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealership-config-"));
  try {
    const result = spawnSync(process.execPath, [path.join(root, "server.js"), "--no-build-check"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", SEED_DEMO: "false", DATA_DIR: dataDir, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
    const lines = `${result.stdout}${result.stderr}`.split("\n").filter(Boolean);
    return { status: result.status, lines, dataDir };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("configuration is validated at start-up", () => {
  it("PORT=abc stops the server with exit code ≠ 0 and one JSON line naming PORT", () => {
    const { status, lines } = startWith({ PORT: "abc" });
    expect(status).not.toBe(0);
    expect(status).not.toBeNull(); // exited by itself, not killed by the timeout
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/PORT must be an integer from 0 to 65535/);
    expect(line.msg).not.toContain("abc");
  });

  it("a bad secret or switch is refused the same way, without echoing the value", () => {
    const { status, lines } = startWith({ PORT: "0", MASTER_KEY: "not-a-key-but-a-secret", TRUST_PROXY: "yes" });
    expect(status).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/MASTER_KEY must be 64 hexadecimal characters/);
    expect(lines[0]).toMatch(/TRUST_PROXY must be \\"true\\" or \\"false\\"/);
    expect(lines[0]).not.toContain("not-a-key-but-a-secret");
  });

  it("production with a first owner's password the policy refuses, or with no staff account at all, is refused in one line", () => {
    const weak = startWith({ PORT: "0", NODE_ENV: "production", ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "password1234" });
    expect(weak.status).not.toBe(0);
    expect(weak.lines).toHaveLength(1);
    expect(weak.lines[0]).toMatch(/ADMIN_PASSWORD is refused by the password policy: This password is too common/);
    expect(weak.lines[0]).not.toContain("password1234");
    const none = startWith({ PORT: "0", NODE_ENV: "production" });
    expect(none.status).not.toBe(0);
    // The migrations ran first (they create the accounts table); the refusal is the last line.
    for (const line of none.lines) JSON.parse(line);
    expect(none.lines.at(-1)).toMatch(/No staff account exists: set ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});

describe("start-up stops on a database it cannot reach or a data folder it cannot write", () => {
  it("an unreachable DATABASE_URL stops the server at once with one line naming where, never the password", () => {
    const started = Date.now();
    const { status, lines } = startWith({ PORT: "0", DATABASE_URL: "postgres://app:pg-s3cret@127.0.0.1:1/dealer" });
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; err?: unknown };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^start-up failed: DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:1\/dealer: .*ECONNREFUSED/);
    expect(line.err).toBeUndefined(); // no stack: a configuration problem
    expect(lines[0]).not.toContain("pg-s3cret");
  });

  it("a DATA_DIR the server cannot write to stops it with one line", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dealership-file-")), "not-a-directory");
    fs.writeFileSync(file, "");
    const { status, lines } = startWith({ PORT: "0", DATA_DIR: path.join(file, "data") });
    expect(status).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .*not-a-directory\/data is not writable \(ENOTDIR\)/);
  });
});
