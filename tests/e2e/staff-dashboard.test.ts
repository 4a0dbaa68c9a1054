import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, launchBrowser, newPage, seriousAxeViolations, waitForHydration } from "../support/browser";
import { signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE = { width: 375, height: 740 };
const DAY_MS = 86_400_000;

describe("the staff dashboard as staff meet it, on a phone", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ seeded: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows no shoppers' welcome card on /podium, every tab in sight, and a demo lot with stock numbers and days in stock", async () => {
    // The welcome card is not marked seen: a shopper's first page would show it.
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE, skipSplash: false });
    await page.goto("/podium");
    await waitForHydration(page);
    await page.getByLabel("E-mail").waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId("splash").count()).toBe(0);

    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual([
      "Leads",
      "Vehicles",
      "Financing Apps",
      "Messages",
      "Bookings",
      "Trade-ins",
      "Customers",
      "Today",
      "Deals",
      "Services",
      "Visitor Reports",
      "Lead Report",
      "Staff",
      "Audit Log",
      "Outbox",
      "Settings",
    ]);
    expect(await page.getByTestId("splash").count()).toBe(0);
    // Every tab is inside the screen at once, with nothing to scroll sideways and nothing covering it.
    await page.getByRole("tablist").scrollIntoViewIfNeeded();
    const placement = await tabs.evaluateAll((elements) =>
      elements.map((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, onTop: hit === el || el.contains(hit) };
      }),
    );
    for (const tab of placement) {
      expect(tab.left).toBeGreaterThanOrEqual(0);
      expect(tab.right).toBeLessThanOrEqual(PHONE.width);
      expect(tab.top).toBeGreaterThanOrEqual(0);
      expect(tab.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(tab.onTop).toBe(true);
    }
    const tablist = await page.getByRole("tablist").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(tablist.scroll).toBeLessThanOrEqual(tablist.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The demo lot: each vehicle has its stock number and has been on the lot at least a day.
    const vehicles = (await (await page.request.get("/api/admin/vehicles")).json()) as {
      stockNumber: string | null;
      dateInStock: string;
    }[];
    expect(vehicles.length).toBeGreaterThan(0);
    for (const v of vehicles) {
      expect(v.stockNumber).toMatch(/^P\d{5}$/);
      expect(Math.floor((Date.now() - Date.parse(`${v.dateInStock}T00:00:00Z`)) / DAY_MS)).toBeGreaterThan(0);
    }
    expect(new Set(vehicles.map((v) => v.dateInStock)).size).toBeGreaterThan(1);
    // And the list shows them: on a phone each vehicle is a card (one tab along from the lead inbox).
    await page.getByRole("tab", { name: "Vehicles" }).click();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) })
      .first();
    await card.waitFor();
    expect(await card.locator("dt:text-is('Stock') + dd").innerText()).toMatch(/^P\d{5}$/);
    expect(await card.locator("dt:text-is('Days in stock') + dd").innerText()).toMatch(/^[1-9]\d*$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const axe = await seriousAxeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    // The last tabs open with one tap; a table without a card of its own stacks each row's cells with their names.
    await page.getByRole("tab", { name: "Settings" }).click();
    expect(await page.getByRole("tab", { name: "Settings" }).getAttribute("aria-selected")).toBe("true");
    // Each tab names its panel by the staff ids (staff-tab-settings controls staff-panel-settings).
    expect(await page.getByRole("tab", { name: "Settings" }).getAttribute("id")).toBe("staff-tab-settings");
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("staff-tab-settings");
    await page.getByRole("tab", { name: "Outbox" }).click();
    await page.getByTestId("outbox-counts").waitFor();
    await page.getByRole("tab", { name: "Staff", exact: true }).click();
    const account = page.locator("tbody tr", { hasText: DEMO_OWNER.email });
    expect(await account.locator("td").nth(1).innerText()).toMatch(new RegExp(`^E-mail\\s+${DEMO_OWNER.email}$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const outboxAxe = await seriousAxeViolations(page);
    expect(outboxAxe, describeViolations(outboxAxe)).toEqual([]);

    // The public site still welcomes the shopper.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("splash").waitFor();
    await context.close();
  });

  it("sorts a staff table by a column heading and says so to screen readers", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    // The dashboard opens on the lead inbox; the lot is one tab along.
    await page.getByRole("tab", { name: "Vehicles" }).click();
    const table = page.getByTestId("vehicles-table");
    await table.locator("tbody tr").first().waitFor();
    const stockHeading = table.getByRole("columnheader", { name: "Stock", exact: true });
    expect(await stockHeading.getAttribute("aria-sort")).toBe("none");
    const stockNumbers = () => table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.children[2]!.textContent!.trim()));
    await table.getByRole("button", { name: "Stock", exact: true }).click();
    expect(await stockHeading.getAttribute("aria-sort")).toBe("ascending");
    const ascending = await stockNumbers();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, "en-US", { numeric: true })));
    await table.getByRole("button", { name: "Stock", exact: true }).click();
    expect(await stockHeading.getAttribute("aria-sort")).toBe("descending");
    expect(await stockNumbers()).toEqual([...ascending].reverse());
    await context.close();
  });
});
