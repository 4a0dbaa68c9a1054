/**
 * Inventory with 2,000 vehicles (the size the lot must handle): how long hydration takes, how many photos the
 * first view downloads, and the main-thread long tasks while typing in the search box on a
 * 4x-throttled CPU. Run: npm run build && npx tsx bench/inventory-2000.ts
 */
import crypto from "node:crypto";
import { chromium } from "playwright-core";
import { openDatabase } from "~/server/db/database.server";
import { chromiumPath } from "../tests/support/browser";
import { startTestServer } from "../tests/support/test-server";

const TARGET = Number(process.env.VEHICLES ?? 2000);

const server = await startTestServer({ seeded: true });
try {
  const { raw, db } = openDatabase(server.dataDir);
  const vehicles = raw.prepare("select * from vehicles").all() as Record<string, string | number>[];
  const images = raw.prepare("select vehicle_id, position, image_key, width, height from vehicle_images").all() as Record<
    string,
    string | number
  >[];
  const cols = Object.keys(vehicles[0]!);
  const insertVehicle = raw.prepare(`insert into vehicles (${cols.join(",")}) values (${cols.map(() => "?").join(",")})`);
  const insertImage = raw.prepare("insert into vehicle_images (vehicle_id, position, image_key, width, height) values (?, ?, ?, ?, ?)");
  raw.exec("begin");
  for (let i = 0; i < TARGET - vehicles.length; i++) {
    const src = vehicles[i % vehicles.length]!;
    const id = crypto.randomUUID();
    const row: Record<string, string | number> = {
      ...src,
      id,
      vin: `${String(src.vin).slice(0, 11)}${String(100000 + i).slice(-6)}`,
      price: Number(src.price) + (i % 50) * 100,
    };
    insertVehicle.run(...(cols.map((c) => row[c]!) as (string | number)[]));
    for (const im of images.filter((x) => x.vehicle_id === src.id)) insertImage.run(id, im.position!, im.image_key!, im.width!, im.height!);
  }
  raw.exec("commit");
  await db.destroy();

  const html = await (await fetch(`${server.url}/inventory`, { headers: { "Accept-Encoding": "gzip" } })).text();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let imageRequests = 0;
  page.on("request", (r) => void (r.url().includes("/images/") && imageRequests++));
  const start = Date.now();
  await page.goto(`${server.url}/inventory`);
  await page.waitForFunction(() => Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__react")), null, {
    timeout: 60_000,
  });
  const hydratedMs = Date.now() - start;
  const imagesAtLoad = imageRequests;
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration)))).observe({
      type: "longtask",
    });
  });
  await page.getByPlaceholder("Search by make, model, or year...").click();
  await page.keyboard.type("toyota", { delay: 80 });
  await page.waitForTimeout(1000);
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const result = await page.getByTestId("result-count").textContent();
  await browser.close();
  console.log(
    JSON.stringify(
      {
        vehicles: TARGET,
        htmlBytes: html.length,
        hydratedMs,
        imageRequestsAtLoad: imagesAtLoad,
        longTasksWhileTypingMs: longTasks,
        worstLongTaskMs: Math.max(0, ...longTasks),
        result,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
