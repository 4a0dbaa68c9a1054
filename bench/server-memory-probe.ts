// Preloaded into the soak's server (`node --import`, Node's own type stripping: erasable syntax only): every
// BENCH_MEMORY_PROBE_MS it appends one JSON line to BENCH_MEMORY_PROBE_FILE with the process's own view of its
// memory, so the bench can tell the V8 heap from native memory beside the RSS it reads from /proc, and the
// garbage collections since the last line (a mark-compact releasing old-generation pages shows as a fall).
// Bench-only: the server's code knows nothing of it.
import fs from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";
import v8 from "node:v8";

const file = process.env.BENCH_MEMORY_PROBE_FILE;
const everyMs = Number(process.env.BENCH_MEMORY_PROBE_MS ?? 10_000);

if (file) {
  const started = Date.now();
  let minor = 0;
  let major = 0;
  let majorMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        major += 1;
        majorMs += entry.duration;
      } else minor += 1;
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
  const write = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const spaces = v8.getHeapSpaceStatistics();
    const old = spaces.find((space) => space.space_name === "old_space");
    const line = {
      atS: Math.round((Date.now() - started) / 1000),
      rssMb: mb(usage.rss),
      heapLimitMb: mb(heap.heap_size_limit),
      heapTotalMb: mb(usage.heapTotal),
      heapUsedMb: mb(usage.heapUsed),
      newSpaceMb: mb(spaces.find((space) => space.space_name === "new_space")?.space_size ?? 0),
      oldSpaceMb: mb(old?.space_size ?? 0),
      oldUsedMb: mb(old?.space_used_size ?? 0),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      mallocedMb: mb(heap.malloced_memory),
      // What the kernel counts that V8 does not: native allocations (malloc arenas, zlib, SQLite, libvips) and code.
      nativeMb: mb(usage.rss - usage.heapTotal),
      minorGcs: minor,
      majorGcs: major,
      majorGcMs: Math.round(majorMs),
    };
    minor = 0;
    major = 0;
    majorMs = 0;
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(write, everyMs).unref();
}
