// npx tsx bench/first-load-js.ts — the JavaScript each public page transfers while it loads, as Lighthouse
// counts it (budget 130 KB, decision 064): every .js response's headers and encoded body, the scripts
// loaded in idle time after `load` included, summed per page. Measures the built app (`npm run build` first).
import { firstVehiclePath, pageLabel } from "./support";
import { launchBrowser, newPage, waitForHydration } from "../tests/support/browser";
import { startTestServer } from "../tests/support/test-server";

const server = await startTestServer({
  seeded: true,
  env: { NODE_ENV: "production", ADMIN_EMAIL: "bench-owner@example.com", ADMIN_PASSWORD: "bench owner passphrase 2026", LOG_LEVEL: "warn" },
});
const browser = await launchBrowser({ wholeBrowser: true });
try {
  const vehicle = await firstVehiclePath(server);
  const english = ["/", "/inventory", vehicle, "/contact", "/financing", "/booking"];
  const pages =
    process.env.BENCH_PAGES?.split(",") ??
    ["", "/es", "/pt"].flatMap((prefix) => english.map((page) => (prefix && page === "/" ? prefix : `${prefix}${page}`)));
  const details = new Map<string, string[]>();
  const rows: { page: string; scripts: number; kbTransferred: number; bytes: number; largest: string }[] = [];
  for (const path of pages) {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 812 } });
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (!url.pathname.endsWith(".js")) return;
      pending.push(request.sizes().then((s) => void sizes.set(url.pathname, s.responseHeadersSize + s.responseBodySize)));
    });
    await page.goto(path, { waitUntil: "load" });
    await waitForHydration(page);
    // Lazy chunks (e.g. the contact form) load after hydration: wait until no new script arrives for 1.5 s.
    for (let seen = -1; seen !== pending.length;) {
      seen = pending.length;
      await page.waitForTimeout(1500);
    }
    await Promise.all(pending);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const largest = [...sizes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([p, s]) => `${p.split("/").pop()} ${(s / 1024).toFixed(1)}`)
      .join(", ");
    rows.push({
      page: pageLabel(path),
      scripts: sizes.size,
      kbTransferred: Math.round((total / 1024) * 10) / 10,
      bytes: total,
      largest,
    });
    details.set(
      path,
      [...sizes.entries()].sort((a, b) => b[1] - a[1]).map(([p, s]) => `${p.split("/").pop()} ${(s / 1024).toFixed(2)}`),
    );
    await context.close();
  }
  console.table(rows);
  if (process.env.BENCH_DETAIL) for (const [page, list] of details) console.log(page, list);
} finally {
  await browser.close();
  await server.stop();
}
