import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compareHeapSummaries, summarizeHeapSnapshot, type HeapSnapshot } from "../../bench/heap-snapshot-summary";

/** A snapshot in V8's layout from [type, name, selfSize, edges as [edgeType, toNode]] per node. */
function snapshot(nodes: [string, string, number, [string, number][]][]): HeapSnapshot {
  const nodeTypes = ["synthetic", "object", "closure", "string", "native"];
  const edgeTypes = ["property", "weak", "shortcut", "element"];
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  return {
    snapshot: {
      meta: {
        node_fields: ["type", "name", "id", "self_size", "edge_count"],
        node_types: [nodeTypes],
        edge_fields: ["type", "name_or_index", "to_node"],
        edge_types: [edgeTypes],
      },
    },
    nodes: nodes.flatMap(([type, name, size, edges], i) => [nodeTypes.indexOf(type), str(name), i * 2 + 1, size, edges.length]),
    edges: nodes.flatMap(([, , , edges]) => edges.flatMap(([type, to], i) => [edgeTypes.indexOf(type), i, to * 5])),
    strings,
  };
}

const byName = (summary: ReturnType<typeof summarizeHeapSnapshot>) => Object.fromEntries(summary.map((s) => [s.name, s]));

describe("summarizeHeapSnapshot", () => {
  it("sums counts, shallow and retained sizes by class from the dominator tree", () => {
    const heap = snapshot([
      [
        "synthetic",
        "",
        0,
        [
          ["property", 1],
          ["shortcut", 7],
        ],
      ],
      [
        "object",
        "Holder",
        10,
        [
          ["property", 2],
          ["property", 3],
        ],
      ],
      [
        "object",
        "Item",
        5,
        [
          ["property", 4],
          ["property", 6],
        ],
      ],
      [
        "object",
        "Item",
        5,
        [
          ["property", 4],
          ["weak", 5],
        ],
      ],
      ["string", "shared text", 7, []],
      // Only a weak edge reaches it: it retains nothing and nothing retains it.
      ["object", "Weakling", 100, []],
      // Held by one Item only: inside that Item's retained size, and not counted twice for the class.
      ["object", "Item", 3, []],
      // A shortcut from the root holds, as in DevTools.
      ["native", "Buffer", 50, []],
    ]);
    const classes = byName(summarizeHeapSnapshot(heap));
    expect(classes.Holder).toEqual({ name: "Holder", count: 1, selfSize: 10, retainedSize: 30 });
    expect(classes.Item).toEqual({ name: "Item", count: 3, selfSize: 13, retainedSize: 13 });
    expect(classes["(string)"]).toEqual({ name: "(string)", count: 1, selfSize: 7, retainedSize: 7 });
    expect(classes.Weakling).toEqual({ name: "Weakling", count: 1, selfSize: 100, retainedSize: 0 });
    expect(classes.Buffer).toEqual({ name: "Buffer", count: 1, selfSize: 50, retainedSize: 50 });
  });

  it("follows a node reached by two paths to their common dominator", () => {
    // root → A → C, root → B → C: C is retained by the root alone, by neither A nor B.
    const heap = snapshot([
      [
        "synthetic",
        "",
        0,
        [
          ["property", 1],
          ["property", 2],
        ],
      ],
      ["object", "A", 1, [["property", 3]]],
      ["object", "B", 1, [["property", 3]]],
      ["object", "C", 40, []],
    ]);
    const classes = byName(summarizeHeapSnapshot(heap));
    expect(classes.A!.retainedSize).toBe(1);
    expect(classes.B!.retainedSize).toBe(1);
    expect(classes.C!.retainedSize).toBe(40);
  });
});

describe("on real V8 snapshots", () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("names the class that grew between two snapshots, with its count", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "heap-summary-"));
    const write = (count: number) => {
      const file = path.join(dir, `${count}.heapsnapshot`);
      const script = `class LeakyEntry { constructor(i) { this.payload = "x".repeat(64) + i; } }
        globalThis.kept = new Map(); for (let i = 0; i < ${count}; i++) globalThis.kept.set(i, new LeakyEntry(i));
        require("node:v8").writeHeapSnapshot(${JSON.stringify(file)});`;
      execFileSync(process.execPath, ["-e", script]);
      return summarizeHeapSnapshot(JSON.parse(fs.readFileSync(file, "utf8")) as HeapSnapshot);
    };
    const growth = compareHeapSummaries(write(1_000), write(3_000));
    const leaky = growth.find((g) => g.name === "LeakyEntry")!;
    expect(leaky.count).toBe(3_000);
    expect(leaky.countDelta).toBe(2_000);
    expect(leaky.retainedSizeDelta).toBeGreaterThan(2_000 * 64);
    // The Map holding them retains them: its growth contains theirs, and it is among the classes grown most.
    const map = growth.find((g) => g.name === "Map")!;
    expect(map.retainedSizeDelta).toBeGreaterThanOrEqual(leaky.retainedSizeDelta);
    expect(growth.slice(0, 5).map((g) => g.name)).toContain("Map");
  }, 30_000);
});
