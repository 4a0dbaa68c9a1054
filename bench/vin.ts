// Median VIN decode time after warm-up (target ≤ 50 ms). Run: npx tsx bench/vin.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createVinDecoder } from "../src/features/vehicles/vin-decoder.server";

const VINS = [
  "JH4DA9352MS016526", // 1991 Acura Integra
  "1J4GZ58SXVC123456", // 1997 Jeep Grand Cherokee
  "1HGCM82633A004352", // 2003 Honda Accord
  "1G1ZT53826F109149", // 2006 Chevrolet Malibu
  "WDBUF56X98B123456", // 2008 Mercedes-Benz E-Class
  "WBA3A5C53CF256551", // 2012 BMW 328i
  "1FTFW1ET9DFC10312", // 2013 Ford F-150
  "5YJ3E1EA2KF317000", // 2019 Tesla Model 3
];

const cacheDir = process.env.VPIC_CACHE_DIR ?? path.join(os.tmpdir(), "dealership-vpic-cache");
const decoder = createVinDecoder(cacheDir);
const coldStart = performance.now();
await decoder.warm();
const unpackMs = performance.now() - coldStart;

// Each VIN is decoded fresh (new decoder instance shares the database but not the result cache).
const timings: number[] = [];
for (let round = 0; round < 3; round++) {
  const fresh = createVinDecoder(cacheDir);
  await fresh.warm();
  for (const vin of VINS) {
    const t = performance.now();
    await fresh.decode(vin);
    if (round > 0) timings.push(performance.now() - t);
  }
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)]!;
const p95 = timings[Math.floor(timings.length * 0.95)]!;
await decoder.decode(VINS[0]!);
const cached = performance.now();
await decoder.decode(VINS[0]!);
const cachedMs = performance.now() - cached;
const result = {
  medianMs: +median.toFixed(2),
  p95Ms: +p95.toFixed(2),
  cachedRepeatMs: +cachedMs.toFixed(3),
  firstUseMs: Math.round(unpackMs),
  samples: timings.length,
};
console.log(
  `VIN decode after warm-up: median ${result.medianMs} ms, p95 ${result.p95Ms} ms (${result.samples} uncached decodes); cached repeat ${result.cachedRepeatMs} ms; first use (unpack/open) ${result.firstUseMs} ms`,
);
for (const vin of VINS) console.log(vin, JSON.stringify(await decoder.decode(vin)));
fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, "results", "vin.json"),
  JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2),
);
