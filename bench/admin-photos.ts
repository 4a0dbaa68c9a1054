// 25 photos of 4000×3000 resized in headless Chromium and stored by the server (target ≤ 20 s).
// Run after `npm run build`: npx tsx bench/admin-photos.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { launchBrowser } from "../tests/support/browser";
import { signInInBrowser } from "../tests/support/staff-browser";
import { DEMO_OWNER } from "../tests/support/staff-sign-in";
import { startTestServer } from "../tests/support/test-server";

const COUNT = 25;
const server = await startTestServer({ env: { VPIC_CACHE_DIR: path.join(os.tmpdir(), "dealership-vpic-cache") } });
const browser = await launchBrowser({ wholeBrowser: true });
const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-photos-"));
try {
  // Camera-like photos: noisy content so the JPEGs are realistically large.
  const photos = await Promise.all(
    Array.from({ length: COUNT }, (_, i) =>
      sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 40 + i * 8, g: 90, b: 140 },
          noise: { type: "gaussian", mean: 120, sigma: 40 },
        },
      })
        .jpeg({ quality: 85 })
        .toFile(path.join(photoDir, `photo-${i + 1}.jpg`))
        .then((info) => ({ file: path.join(photoDir, `photo-${i + 1}.jpg`), size: info.size })),
    ),
  );
  const inputMb = photos.reduce((s, p) => s + p.size, 0) / 1e6;
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  const page = await context.newPage();
  // The demo owner, signed in with a TOTP code computed from the enrollment key the page shows.
  await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
  await page.getByRole("button", { name: "Add Vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Vehicle" });
  const started = performance.now();
  await dialog.locator('input[type="file"]').setInputFiles(photos.map((p) => p.file));
  await page
    .getByTestId("toast")
    .filter({ hasText: `${COUNT} photos processed and ready` })
    .waitFor({ timeout: 120_000 });
  const seconds = (performance.now() - started) / 1000;
  const stored = fs.readdirSync(path.join(server.dataDir, "images")).filter((f) => f.endsWith("-1200.jpg")).length;
  const result = {
    photos: COUNT,
    inputMegabytes: +inputMb.toFixed(1),
    seconds: +seconds.toFixed(2),
    storedVariants1200: stored,
    targetSeconds: 20,
    at: new Date().toISOString(),
  };
  console.log(
    `${COUNT} photos of 4000×3000 (${result.inputMegabytes} MB) resized in Chromium and stored in ${result.seconds} s (target ≤ 20 s); ${stored} stored`,
  );
  fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, "results", "admin-photos.json"), JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(photoDir, { recursive: true, force: true });
}
