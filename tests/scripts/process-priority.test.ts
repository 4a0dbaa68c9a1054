import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { nicenessOfThread, setNiceness } from "../../bench/process-priority";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

/** A real Node process with a worker thread that starts a child process of its own; resolves with both ids. */
async function processWithThreadAndChild(): Promise<{ parent: ChildProcess; grandchild: number }> {
  const script = `
    const { Worker } = require("node:worker_threads");
    new Worker("setInterval(() => {}, 1000)", { eval: true });
    const child = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    process.on("SIGTERM", () => { child.kill("SIGKILL"); process.exit(0); });
    setTimeout(() => console.log(child.pid), 300);
    setInterval(() => {}, 1000);
  `;
  const parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  started.push(parent);
  const grandchild = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  return { parent, grandchild };
}

const threads = (pid: number) => fs.readdirSync(`/proc/${pid}/task`).map(Number);

describe.runIf(process.platform === "linux")("setNiceness (the load generator's priority, decision 166)", () => {
  it("sets every thread of a process and of its descendants, and leaves this process alone", async () => {
    const { parent, grandchild } = await processWithThreadAndChild();
    const parentThreads = threads(parent.pid!);
    const grandchildThreads = threads(grandchild);
    // The main thread, the worker and libuv's and V8's own threads.
    expect(parentThreads.length).toBeGreaterThan(2);
    const ownBefore = threads(process.pid).map((tid) => nicenessOfThread(process.pid, tid));
    const target = nicenessOfThread(parent.pid!, parent.pid!) + 5;

    const set = setNiceness([parent.pid!], target);

    expect(set).toBe(parentThreads.length + grandchildThreads.length);
    for (const tid of parentThreads) expect(nicenessOfThread(parent.pid!, tid)).toBe(target);
    for (const tid of grandchildThreads) expect(nicenessOfThread(grandchild, tid)).toBe(target);
    expect(threads(process.pid).map((tid) => nicenessOfThread(process.pid, tid))).toEqual(ownBefore);
  });

  it("skips a process that has exited", () => {
    expect(setNiceness([2 ** 22 + 12345], 5)).toBe(0);
  });
});
