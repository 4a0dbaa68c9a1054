// npx tsx bench/heap-snapshot-diff.ts A.heapsnapshot B.heapsnapshot [C.heapsnapshot …] [--top N]
// What grew between V8 heap snapshots (bench:soak writes them with BENCH_SOAK_HEAP_SNAPSHOTS=1): for each
// pair in turn, the classes whose retained size grew most, and those whose count grew most.
import fs from "node:fs";
import path from "node:path";
import {
  compareHeapSummaries,
  summarizeHeapSnapshot,
  type ClassGrowth,
  type ClassSummary,
  type HeapSnapshot,
} from "./heap-snapshot-summary";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const files = args.filter((arg, i) => !arg.startsWith("--") && i !== topAt + 1);
if (files.length < 2) {
  console.error("Usage: npx tsx bench/heap-snapshot-diff.ts A.heapsnapshot B.heapsnapshot [more…] [--top N]");
  process.exit(2);
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const row = (g: ClassGrowth) => ({
  class: g.name.length > 60 ? `${g.name.slice(0, 57)}...` : g.name,
  count: g.count,
  "+count": g.countDelta,
  "retained KB": kb(g.retainedSize),
  "+retained KB": kb(g.retainedSizeDelta),
  "+shallow KB": kb(g.selfSizeDelta),
});

const summaries: ClassSummary[][] = files.map((file) => {
  const heap = JSON.parse(fs.readFileSync(file, "utf8")) as HeapSnapshot;
  const summary = summarizeHeapSnapshot(heap);
  const total = summary.reduce((sum, s) => sum + s.selfSize, 0);
  console.log(`${path.basename(file)}: ${heap.nodes.length / heap.snapshot.meta.node_fields.length} objects, ${kb(total)} KB`);
  return summary;
});
export {};
for (let i = 1; i < files.length; i++) {
  const growth = compareHeapSummaries(summaries[i - 1]!, summaries[i]!);
  const total = (s: ClassSummary[]) => s.reduce((sum, c) => sum + c.selfSize, 0);
  console.log(
    `\n${path.basename(files[i - 1]!)} → ${path.basename(files[i]!)}: heap ${kb(total(summaries[i]!) - total(summaries[i - 1]!))} KB; ` +
      `by retained size grown:`,
  );
  console.table(growth.slice(0, TOP).map(row));
  console.log("by count grown:");
  console.table(
    [...growth]
      .sort((a, b) => b.countDelta - a.countDelta)
      .slice(0, TOP)
      .map(row),
  );
}
