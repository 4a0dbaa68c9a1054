import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeOpenStatus } from "~/shared/lib/business-hours";
import { describeViolations, launchBrowser, newPage, seriousAxeViolations, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("shared layout", () => {
  it("highlights the current route in the navigation", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto("/inventory");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect.poll(() => nav.getByRole("link", { name: "Inventory" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await nav.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/contact");
    await expect.poll(() => nav.getByRole("link", { name: "Contact" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Inventory" }).getAttribute("aria-current")).toBeNull();
    await context.close();
  });

  it("toggles the mobile menu at 375 px and closes it when a link is tapped", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 740 } });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("button", { name: "Close menu" }).click();
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Financing" }).click();
    await page.waitForURL("**/financing");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it("shows the Open/Closed badge for the dealership's clock", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto("/");
    const badge = page.getByTestId("open-status");
    const expected = computeOpenStatus(new Date()) === "open" ? "Open" : "Closed";
    await expect.poll(() => badge.textContent()).toBe(expected);
    expect(await badge.getAttribute("class")).toContain(expected === "Open" ? "bg-green-700" : "bg-red-700");
    await context.close();
  });

  it("shows the splash once per session and lets Escape skip it", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, skipSplash: false });
    await page.goto("/");
    const splash = page.getByTestId("splash");
    await expect.poll(() => splash.isVisible()).toBe(true);
    // The server HTML never contains it, so crawlers see the page itself.
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain('data-testid="splash"');
    await page.keyboard.press("Escape");
    await expect.poll(() => splash.count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    expect(await splash.count()).toBe(0);
    await context.close();
  });

  it("skips the splash on click", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, skipSplash: false });
    await page.goto("/about");
    await page.getByRole("button", { name: "Skip" }).click();
    await expect.poll(() => page.getByTestId("splash").count()).toBe(0);
    await context.close();
  });

  it("renders the 404 page with status 404 for unknown paths", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    const response = await page.goto("/this/does-not-exist");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    await context.close();
  });

  it("sends a tracking call for the first page and on every route change", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    const calls: { page: string; referrer?: string }[] = [];
    page.on("request", (req: Request) => {
      if (req.url().endsWith("/api/track-visitor") && req.method() === "POST") calls.push(req.postDataJSON());
    });
    await page.goto("/");
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toMatchObject({ page: "/" });
    expect(calls[0]).not.toHaveProperty("referrer");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.getByRole("link", { name: "About" }).click();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]).toMatchObject({ page: "/about" });
    await nav.getByRole("link", { name: "Inventory" }).click();
    await expect.poll(() => calls.map((c) => c.page)).toEqual(["/", "/about", "/inventory"]);
    await context.close();
  });

  it("has no serious accessibility violations on the home page, desktop and mobile", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { context, page } = await newPage(browser, { baseURL: server.url, viewport });
      await page.goto("/");
      await waitForHydration(page);
      const violations = await seriousAxeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });
});
