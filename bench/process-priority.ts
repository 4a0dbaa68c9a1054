// The load generator shares this machine's cores with what it measures (decision 166). A generator that
// waits for a core sends late and reads answers late, and both count as the servers' latency. On Linux a
// process's niceness belongs to each of its threads, and a new thread or forked child inherits its
// creator's: so every thread of the given processes and of their children is set, and what they start later
// follows.
import fs from "node:fs";
import os from "node:os";

/** The children of each process, from /proc (Linux); empty elsewhere. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count from its last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  return children;
}

/** The threads of a process (its own id among them). */
function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/**
 * Sets the niceness of every thread of `pids` and of all their descendants; returns how many threads were
 * set. Raising a niceness needs no privilege for one's own processes; a thread that exits meanwhile is skipped.
 */
export function setNiceness(pids: number[], niceness: number): number {
  const children = childrenByParent();
  const queue = [...pids];
  const seen = new Set<number>();
  let threads = 0;
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    for (const tid of threadsOf(pid)) {
      try {
        os.setPriority(tid, niceness);
        threads += 1;
      } catch {
        // exited meanwhile
      }
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return threads;
}

/** The niceness of one thread, as the kernel reports it (field 19 of /proc/PID/task/TID/stat). */
export function nicenessOfThread(pid: number, tid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}
