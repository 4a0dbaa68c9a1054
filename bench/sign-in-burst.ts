// Asset latency during a burst of parallel sign-ins: `npm run bench:sign-in-burst` (after `npm run build`).
// Scrypt runs on libuv's thread pool, which express.static's file reads share; 100
// parallel sign-ins once held a stylesheet for 27.6 s. While 100 sign-ins (distinct e-mails and
// addresses, so every one wants a hash) and then 100 guesses at one account run, a stylesheet and a
// vehicle photo are fetched one after another; target: every asset answer under 200 ms.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { root, startBenchServer } from "./support";

const TARGET_MS = 200;
const BURST = Number(process.env.BENCH_BURST ?? 100);

const server = await startBenchServer(32, { TRUST_PROXY: "true" });
try {
  const stylesheet = `/assets/${fs.readdirSync(path.join(root, "build/client/assets")).find((f) => f.endsWith(".css"))}`;
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as Array<{ images: string[] }>;
  const photo = new URL(vehicles[0]!.images[0]!, server.url).pathname;

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  async function burst(label: string, signIn: (i: number) => Promise<Response>) {
    const assetTimes: number[] = [];
    let done = false;
    const started = performance.now();
    const signIns = Promise.all(Array.from({ length: BURST }, (_, i) => signIn(i).then((r) => r.status)));
    void signIns.then(() => (done = true));
    // One asset request at a time, alternating stylesheet and photo, as a browser loading a page would.
    for (let i = 0; !done; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}${i % 2 ? photo : stylesheet}`, { headers: { "cache-control": "no-cache" } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`asset answered ${res.status}`);
      assetTimes.push(performance.now() - t);
    }
    const statuses = await signIns;
    const tally = statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
    const sorted = assetTimes.sort((a, b) => a - b);
    const max = sorted.at(-1) ?? 0;
    console.log(
      `${label}: ${BURST} sign-ins in ${((performance.now() - started) / 1000).toFixed(1)} s → ${JSON.stringify(tally)}; ` +
        `${sorted.length} asset requests meanwhile: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
        `max ${max.toFixed(1)} ms (target < ${TARGET_MS} ms: ${max < TARGET_MS ? "met" : "NOT met"})`,
    );
    return max < TARGET_MS;
  }

  const post = (body: unknown, ip: string) =>
    fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });
  const crowd = await burst("distinct e-mails and addresses", (i) =>
    post({ email: `crowd${i}@example.com`, password: "wrong password" }, `100.64.${i >> 8}.${i & 255}`),
  );
  const guesses = await burst("one account, one address", (i) =>
    post({ email: "bench-owner@example.com", password: `guess ${i}` }, "198.51.100.1"),
  );
  if (!crowd || !guesses) process.exitCode = 1;
} finally {
  await server.stop();
}
