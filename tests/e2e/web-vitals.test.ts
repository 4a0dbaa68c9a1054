import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { chromium } from "playwright-core";
import { chromiumPath, describeViolations, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Headless Chromium's own user agent says "HeadlessChrome", which the server rightly treats as a bot;
 * a per-context override does not reach beacons sent while the page unloads, so the browser gets a phone's.
 */
const PHONE_UA = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer({ seeded: true }),
    chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", `--user-agent=${PHONE_UA}`],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function storedVitals() {
  const { db } = openDatabase(server.dataDir);
  const rows = await db.selectFrom("webVitals").select(["page", "device", "metric", "value"]).execute();
  await db.destroy();
  return rows;
}

describe("Core Web Vitals from real visits", () => {
  it("loads web-vitals after the page has loaded and sends LCP, CLS and INP with a beacon when the page is left", async () => {
    const { db } = openDatabase(server.dataDir);
    const vehicle = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).executeTakeFirstOrThrow();
    await db.destroy();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
    const page = await context.newPage();
    const scriptsBeforeLoad: string[] = [];
    let loaded = false;
    page.on("load", () => (loaded = true));
    page.on("request", (r) => {
      if (r.resourceType() === "script" && !loaded) scriptsBeforeLoad.push(r.url());
    });
    await page.goto(vehiclePath(vehicle));
    await waitForHydration(page);
    // Wait until the library has been fetched in idle time, then interact (for INP).
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /web-vitals/.test(e.name))))
      .toBe(true);
    await page.getByRole("button", { name: /next photo/i }).click();
    // The library's observers attach once its module has run, a moment after it arrives; a second
    // interaction after that is measured whichever way the first one raced (a fast machine).
    await page.waitForTimeout(500);
    await page.getByRole("button", { name: /next photo/i }).click();
    await page.goto("about:blank");
    expect(scriptsBeforeLoad.some((u) => /web-vitals/.test(u))).toBe(false);
    await expect.poll(async () => (await storedVitals()).map((r) => r.metric).sort(), { timeout: 5000 }).toEqual(["CLS", "INP", "LCP"]);
    for (const row of await storedVitals()) {
      expect(row.page).toBe("/:vehicle");
      expect(row.device).toBe("phone");
      expect(row.value).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  });

  it("are sent by a page that never hydrates too, its inline script loading the same library after load (decision 149)", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    const scripts: { url: string; beforeLoad: boolean }[] = [];
    let loaded = false;
    page.on("load", () => (loaded = true));
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push({ url: r.url(), beforeLoad: !loaded });
    });
    await page.goto("/es/about");
    await expect
      .poll(() => scripts.map((s) => new URL(s.url).pathname))
      .toEqual([expect.stringMatching(/^\/assets\/web-vitals-[\w-]+\.js$/)]);
    expect(scripts[0]!.beforeLoad).toBe(false);
    // The library's observers attach once its module has run; then the menu (the browser's popover) is tapped.
    await page.waitForTimeout(500);
    await page.locator("button[popovertarget=mobile-menu]").tap();
    await page.goto("about:blank");
    const fromAbout = async () => (await storedVitals()).filter((r) => r.page === "/es/about");
    await expect
      .poll(async () => (await fromAbout()).map((r) => r.metric).sort(), { timeout: 5000 })
      .toEqual(expect.arrayContaining(["CLS", "LCP"]));
    for (const row of await fromAbout()) {
      expect(row.device).toBe("phone");
      expect(row.value).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  });

  it("shows staff the 75th percentile per page and device in Visitor Reports, rated and coloured", async () => {
    // Runs after the visit above: its beacon is stored as a phone visit of a vehicle page. Staff read it on a phone too.
    const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH });
    const page = await context.newPage();
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await openStaffScreen(page, "Visitor Reports");
    const table = page.getByTestId("web-vitals");
    await table.waitFor();
    const row = table.getByRole("row").filter({ hasText: "/:vehicle" });
    await expect.poll(() => row.count()).toBe(1);
    // On a phone each cell carries its column's name before its value.
    expect(await row.getByRole("cell").nth(1).innerText()).toMatch(/^Device\s+Phone$/);
    // Each metric's cell carries its rating in words, not by colour alone.
    expect(await row.locator("[data-rating]").count()).toBe(3);
    expect(await row.innerText()).toMatch(/Good|Needs improvement|Poor/);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
