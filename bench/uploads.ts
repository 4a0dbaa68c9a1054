// Uploads that cost more than their size, and how the site answers meanwhile: `npm run bench:uploads`
// (after `npm run build`). The review of 2026-11-28 (M-1, M-2) sent two 16000 × 16000 PNGs at once (747 KB
// each: 5.3 s and +390 MB per image, RSS to 979 MB, a static image waiting 3.2 s) and 150,000 empty parts
// to /trade-in (19 MB: every request blocked 7.9 s). Each scenario runs while `/` and a static photo are
// fetched one after another; it reports the time to refuse, the other requests' p50/p99/max and the
// server's peak RSS (sampled every 10 ms). Targets (decisions 085, 086): each refusal under 1 s, p99 of
// the other requests ≤ 100 ms, peak RSS under 400 MB. A real phone photo (8064 × 6048, 48.8 MP) is timed too.
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { decompressionBomb, manyEmptyParts, postTradeInPhotos, rssMb } from "../tests/support/upload-bombs";
import { startBenchServer, writeResults } from "./support";

const server = await startBenchServer(32, { TRUST_PROXY: "true" });
let client = 0;
const nextClient = () => `100.66.${client >> 8}.${client++ & 255}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

const postPhotos = (photos: string[]) => postTradeInPhotos(server.url, photos, nextClient());

type Scenario = { label: string; rounds: number; run: () => Promise<{ status: number; ms: number }[]> };

/** Runs the scenario `rounds` times back to back while `/` and a static photo are fetched one after another, each in its own loop. */
async function measure({ label, rounds, run }: Scenario) {
  const pid = server.process.pid!;
  const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as Array<{ photos: { src: string }[] }>;
  const photo = vehicles[0]!.photos[0]!.src;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const times: number[] = [];
  let done = false;
  const poll = async (url: string) => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${server.url}${url}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  const pollers = Promise.all([poll("/"), poll(photo)]);
  const answers: { status: number; ms: number }[] = [];
  try {
    for (let i = 0; i < rounds; i++) answers.push(...(await run()));
  } finally {
    done = true;
    await pollers.catch(() => undefined);
    clearInterval(sampler);
  }
  const sorted = times.sort((a, b) => a - b);
  const refusals = answers.map((a) => a.ms).sort((a, b) => a - b);
  const result = {
    label,
    rounds,
    statuses: [...new Set(answers.map((a) => a.status))],
    answerMs: { p50: round(percentile(refusals, 50)), max: round(refusals.at(-1) ?? 0) },
    others: {
      requests: sorted.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    },
    peakRssMb: Math.round(peak),
  };
  console.log(
    `${label} ×${rounds}: ${result.statuses.join("/")} in p50 ${result.answerMs.p50} ms, max ${result.answerMs.max} ms; ` +
      `${result.others.requests} other requests p50 ${result.others.p50} ms, p99 ${result.others.p99} ms, max ${result.others.max} ms; ` +
      `peak RSS ${result.peakRssMb} MB`,
  );
  return result;
}

const timedPost = async (request: () => Promise<Response>) => {
  const t = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t };
};

try {
  const bomb = `data:image/png;base64,${(await decompressionBomb(16_000, 16_000)).toString("base64")}`;
  const { body: parts, contentType } = manyEmptyParts(150_000);
  // Noise compresses about as badly as a real scene: a file of several MB, as a phone writes.
  const phone = await sharp({
    create: { width: 8064, height: 6048, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const phonePhoto = `data:image/jpeg;base64,${phone.toString("base64")}`;

  const results = [];
  // The same requests with no upload at all: what the machine itself adds (other work shares its cores).
  results.push(
    await measure({
      label: "no upload (baseline)",
      rounds: 1,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return [];
      },
    }),
  );
  results.push(
    await measure({
      label: "two 16000 × 16000 PNG bombs at once (POST /api/trade-ins)",
      rounds: 10,
      run: () => Promise.all([0, 1].map(() => timedPost(() => postPhotos([bomb])))),
    }),
  );
  results.push(
    await measure({
      label: "ten bombs in one request",
      rounds: 5,
      run: async () => [await timedPost(() => postPhotos(Array(10).fill(bomb)))],
    }),
  );
  results.push(
    await measure({
      label: "150,000 empty parts, 19 MB (POST /trade-in)",
      rounds: 10,
      run: async () => [
        await timedPost(() =>
          fetch(`${server.url}/trade-in`, {
            method: "POST",
            body: new Uint8Array(parts),
            headers: { "content-type": contentType, "x-forwarded-for": nextClient(), "sec-fetch-site": "same-origin" },
          }),
        ),
      ],
    }),
  );
  results.push(
    await measure({
      label: `one 48.8 MP phone photo (8064 × 6048 JPEG, ${(phone.length / 1e6).toFixed(1)} MB), accepted`,
      rounds: 3,
      run: async () => [await timedPost(() => postPhotos([phonePhoto]))],
    }),
  );
  results.push(
    await measure({
      label: "two phone photos at once",
      rounds: 3,
      run: () => Promise.all([0, 1].map(() => timedPost(() => postPhotos([phonePhoto])))),
    }),
  );
  const file = writeResults("uploads", { loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10), results });
  console.log(`Results: ${file}`);
  if (!fs.existsSync(file)) process.exitCode = 1;
} finally {
  await server.stop();
}
