import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { navigationScreens, openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE = { width: 390, height: 844 };
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

  it("shows no shoppers' welcome card on /podium, every screen in reach on a phone, and a demo lot with stock numbers and days in stock", async () => {
    // The welcome card is not marked seen: a shopper's first page would show it.
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH, skipSplash: false });
    await page.goto("/podium");
    await waitForHydration(page);
    await page.getByLabel("E-mail").waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId("splash").count()).toBe(0);

    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    // Every screen the owner may use, in the navigation grouped by job (on a phone, under "More").
    expect(await navigationScreens(page)).toEqual([
      "Leads",
      "Customers",
      "Today",
      "Deals",
      "Trade-ins",
      "Messages",
      "Vehicles",
      "Bookings",
      "Services",
      "Financing Apps",
      "Lead Report",
      "Visitor Reports",
      "Alerts Report",
      "Staff",
      "Audit Log",
      "Outbox",
      "Settings",
    ]);
    expect(await page.getByTestId("splash").count()).toBe(0);
    // The bottom bar and every screen of "More" are inside the screen at once, nothing to scroll sideways, nothing covering them.
    const bar = page.getByRole("navigation", { name: "Shortcuts" });
    await bar.getByText("More", { exact: true }).click();
    const links = bar.getByRole("link");
    expect(await links.count()).toBe(4 + 17);
    const placement = await links.evaluateAll((elements) =>
      elements.map((el) => {
        el.scrollIntoView({ block: "nearest" });
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, onTop: hit === el || el.contains(hit) };
      }),
    );
    for (const link of placement) {
      expect(link.left).toBeGreaterThanOrEqual(0);
      expect(link.right).toBeLessThanOrEqual(PHONE.width);
      expect(link.top).toBeGreaterThanOrEqual(0);
      expect(link.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(link.onTop).toBe(true);
    }
    await bar.getByText("More", { exact: true }).click();
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
    // And the list shows them: on a phone each vehicle is a card (its own address, one tap on the bottom bar).
    await openStaffScreen(page, "Vehicles");
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

    // The last screens open with two taps (More, then the screen); a table without a card of its own stacks each row's cells with their names.
    await bar.getByText("More", { exact: true }).click();
    await bar.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    // The navigation says which screen this is, and the address names it.
    await bar.getByText("More", { exact: true }).click();
    expect(await bar.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
    await bar.getByText("More", { exact: true }).click();
    expect(new URL(page.url()).pathname).toBe("/podium/settings");
    await openStaffScreen(page, "Outbox");
    await page.getByTestId("outbox-counts").waitFor();
    await openStaffScreen(page, "Staff");
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

  it("sorts the lot by a link in the address and says so to screen readers", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    // The staff app opens on the lead inbox; the lot has its own address.
    await openStaffScreen(page, "Vehicles");
    // The lot is one list on every screen, with its orders above it (decision 132).
    const list = page.getByRole("list", { name: "Vehicles" });
    await list.getByRole("listitem").first().waitFor();
    const order = page.getByRole("group", { name: "Order of Vehicles" });
    const stockLink = order.getByRole("link", { name: /^Stock/ });
    expect(await stockLink.getAttribute("aria-current")).toBeNull();
    const stockNumbers = () =>
      list
        .getByRole("listitem")
        .evaluateAll((items) =>
          items.map((item) =>
            [...item.querySelectorAll("dt")].find((dt) => dt.textContent === "Stock")!.nextElementSibling!.textContent!.trim(),
          ),
        );
    // The order is in the address (?sort=stock&dir=…): the order is a link to it.
    await stockLink.click();
    await order.getByRole("link", { name: "Stock (ascending)" }).waitFor();
    expect(await stockLink.getAttribute("aria-current")).toBe("true");
    await page.waitForURL(/sort=stock&dir=asc/);
    const ascending = await stockNumbers();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, "en-US", { numeric: true })));
    await stockLink.click();
    await order.getByRole("link", { name: "Stock (descending)" }).waitFor();
    // The demo's lot is more than a page (25, decision 139): the first page of each order is that order's first 25.
    const descending = await stockNumbers();
    const byStock = (a: string, b: string) => a.localeCompare(b, "en-US", { numeric: true });
    expect(descending).toEqual([...descending].sort(byStock).reverse());
    expect(byStock(descending[0]!, ascending.at(-1)!)).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});
