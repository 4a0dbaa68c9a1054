import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeOpenStatus } from "~/shared/lib/business-hours";
import { en } from "~/shared/i18n/en";
import { es } from "~/shared/i18n/es";
import { pt } from "~/shared/i18n/pt";
import { privacyPage } from "~/shared/i18n/es/privacy-page";
import {
  describeViolations,
  launchBrowser,
  navigateInRouter,
  newPage,
  PAGE_THAT_HYDRATES_WHOLE,
  seriousAxeViolations,
  waitForHydration,
} from "../support/browser";
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
    await waitForHydration(page);
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
    await waitForHydration(page);
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
    // The financing page loads as its own document, with its Cross-Origin-Opener-Policy (decision 052).
    await page.evaluate(() => Object.assign(window, { beforeFinancing: true }));
    const financingDocument = page.waitForResponse((r) => r.url().endsWith("/financing") && r.request().resourceType() === "document");
    await menu.getByRole("link", { name: "Financing" }).click();
    await page.waitForURL("**/financing");
    expect((await financingDocument).headers()["cross-origin-opener-policy"]).toBe("same-origin");
    expect(await page.evaluate(() => "beforeFinancing" in window)).toBe(false);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it("loads a page that takes secrets as a document even when a client-side navigation asks for it (decision 052)", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto(PAGE_THAT_HYDRATES_WHOLE);
    await waitForHydration(page);
    // A browsing page in the router's tree (the staff sign-in page is isolated itself, and its requests go on).
    await navigateInRouter(page, "/about");
    // No link: the router itself, as a link without reloadDocument or any future code would call it.
    await page.evaluate(() => Object.assign(window, { beforeFinancing: true }));
    const financingDocument = page.waitForResponse((r) => r.url().endsWith("/es/financing") && r.request().resourceType() === "document");
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
        "/es/financing",
      ),
    );
    await page.waitForURL("**/es/financing");
    expect((await financingDocument).headers()["cross-origin-opener-policy"]).toBe("same-origin");
    expect(await page.evaluate(() => "beforeFinancing" in window)).toBe(false);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // From there the Contact link is a plain link: the financing page hydrates only its islands (decision 153).
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { onFinancing: true }));
    await page.getByRole("navigation").first().getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL("**/es/contact");
    expect(await page.evaluate(() => "onFinancing" in window)).toBe(false);
    await context.close();
  });

  it("links the header, the footer and the home page's Services section to /booking", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto("/");
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Book Service" }).getAttribute("href")).toBe("/booking");
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "Book Service" }).getAttribute("href")).toBe("/booking");
    const services = page.locator("section", { has: page.getByRole("heading", { name: "Our Services", level: 2 }) });
    expect(await services.getByRole("link", { name: "Book a Service" }).getAttribute("href")).toBe("/booking");
    await waitForHydration(page);
    await services.getByRole("link", { name: "Book a Service" }).click();
    await page.getByRole("heading", { name: "Book a Service Appointment" }).waitFor();
    await context.close();
  });

  it("keeps the call link in the header at every width, and the social links in the bar or the menu", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 900, height: 800 } });
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const call = header.getByRole("link", { name: /^Call us at / }).filter({ visible: true });
    const facebook = header.getByRole("link", { name: "Facebook" }).filter({ visible: true });
    const whatsapp = header.getByRole("link", { name: "Chat on WhatsApp" }).filter({ visible: true });
    for (const width of [320, 414, 768, 900, 1023, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await call.count(), `call link at ${width} px`).toBe(1);
      expect(await call.getAttribute("href")).toMatch(/^tel:\+1/);
      if (width < 1024) {
        // Between phone and desktop widths the social links live in the menu.
        expect(await facebook.count(), `Facebook in the bar at ${width} px`).toBe(0);
        await header.getByRole("button", { name: "Open menu" }).click();
        await expect.poll(() => facebook.count(), { timeout: 5_000 }).toBe(1);
        expect(await whatsapp.count()).toBe(1);
        await header.getByRole("button", { name: "Close menu" }).click();
      } else {
        expect(await facebook.count(), `Facebook in the bar at ${width} px`).toBe(1);
        expect(await whatsapp.count()).toBe(1);
      }
    }
    await context.close();
  });

  it("shows the whole dealership name on phones (wrapped, never cut off) from 320 to 414 px", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 320, height: 740 } });
    await page.goto("/");
    for (const width of [320, 360, 375, 414]) {
      await page.setViewportSize({ width, height: 740 });
      const brand = page.getByRole("banner").getByRole("link", { name: "Demo Motors of Fitchburg" });
      const box = await brand.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { right: r.right, left: r.left, overflow: el.scrollWidth > el.clientWidth, textOverflow: getComputedStyle(el).textOverflow };
      });
      expect(box.overflow, `brand overflows at ${width} px`).toBe(false);
      expect(box.textOverflow).not.toBe("ellipsis");
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  it("says which languages the staff speak, in each language's own words, in the footer and on the contact page", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto("/contact");
    for (const scope of [page.getByRole("contentinfo"), page.getByRole("main")]) {
      await scope.getByText("We speak English, Spanish and Portuguese.").first().waitFor();
      expect(await scope.locator('[lang="es"]', { hasText: "Hablamos español." }).count()).toBeGreaterThan(0);
      expect(await scope.locator('[lang="pt-BR"]', { hasText: "Falamos português." }).count()).toBeGreaterThan(0);
    }
    await context.close();
  });

  it("shows the Open/Closed badge for the dealership's clock", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto("/");
    await waitForHydration(page);
    const badge = page.getByTestId("open-status");
    const expected = computeOpenStatus(new Date()) === "open" ? "Open" : "Closed";
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe(expected);
    expect(await badge.getAttribute("class")).toContain(expected === "Open" ? "bg-green-700" : "bg-red-700");
    await context.close();
  });

  it("shows the splash once per session and lets Escape skip it", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, skipSplash: false });
    await page.goto("/");
    await waitForHydration(page);
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
    // A page with the welcome card's island (decision 152): /about never hydrates (decision 149).
    await page.goto("/contact");
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
    await waitForHydration(page);
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toMatchObject({ page: "/" });
    expect(calls[0]).not.toHaveProperty("referrer");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.getByRole("link", { name: "About" }).click();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]).toMatchObject({ page: "/about" });
    await nav.getByRole("link", { name: "Inventory" }).click();
    await expect.poll(() => calls.map((c) => c.page), { timeout: 10_000 }).toEqual(["/", "/about", "/inventory"]);
    await context.close();
  });

  it("the tracking call finishes as DevTools sees it, so Lighthouse's wait for a quiet network ends", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    // Lighthouse watches these CDP events. Chromium never reports a keepalive fetch as finished to them, and
    // every Lighthouse run of the site then waited 45 s for the network to go quiet.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const tracking = new Set<string>();
    const ended = new Set<string>();
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.request.url.endsWith("/api/track-visitor")) tracking.add(event.requestId);
    });
    cdp.on("Network.loadingFinished", (event) => void ended.add(event.requestId));
    cdp.on("Network.loadingFailed", (event) => void ended.add(event.requestId));
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => tracking.size).toBe(1);
    await expect.poll(() => [...tracking].filter((id) => !ended.has(id)), { timeout: 5_000 }).toEqual([]);
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

describe("pages that never hydrate (decision 149)", () => {
  it.each([
    { path: "/about", m: en, heading: en.shells.about.title, inventory: "/inventory" },
    { path: "/es/privacy", m: es, heading: privacyPage.title, inventory: "/es/inventory" },
    { path: "/pt/no/such/page", m: pt, heading: pt.layout.notFound.subheading, inventory: "/pt/inventory" },
  ])(
    "$path loads no route module, sends its page view, and its menu and links work on a phone",
    // Once more on a fresh page if it fails: in full runs on a busy machine the first of these pages sometimes ran
    // its inline script's work late or not at all in headless Chromium (no page view or no web-vitals library within
    // 20 s, never when this file ran alone). That work waits for an idle period, which a busy renderer may never
    // get; it now runs at most 3 s after `load` without one (decision 167, the test below). The retry stays until
    // full runs show that was the cause; a second failure still fails the test.
    { retry: 1 },
    async ({ path, m, heading, inventory }) => {
      const { context, page } = await newPage(browser, {
        baseURL: server.url,
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: true,
      });
      const scripts: string[] = [];
      page.on("request", (req: Request) => {
        if (req.resourceType() === "script") scripts.push(req.url());
      });
      const pageView = page.waitForResponse((res) => res.url().endsWith("/api/track-visitor") && res.request().method() === "POST");
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      const sent = await pageView;
      expect(sent.ok()).toBe(true);
      expect(sent.request().postDataJSON()).toMatchObject({ page: path });
      // Only the web-vitals library, which its inline script loads in the first idle time after the load event: on a
      // busy machine that can come after the network has been quiet for a while, so the test waits for it.
      await expect
        .poll(() => scripts.map((url) => new URL(url).pathname))
        .toEqual([expect.stringMatching(/^\/assets\/web-vitals-[\w-]+\.js$/)]);
      await page.waitForLoadState("networkidle");
      expect(scripts).toHaveLength(1);
      expect(await page.locator("script[type=module], link[rel=modulepreload]").count()).toBe(0);
      // React never attached to anything.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll("body, body *")].some((el) => Object.keys(el).some((k) => k.startsWith("__react"))),
        ),
      ).toBe(false);
      // The menu is the browser's popover; its links are links, to pages that do hydrate.
      await page.getByRole("button", { name: m.layout.openMenu }).tap();
      const menu = page.locator("#mobile-menu");
      await expect.poll(() => menu.isVisible()).toBe(true);
      await menu.getByRole("link", { name: m.layout.nav.inventory }).tap();
      await page.waitForURL(`**${inventory}`);
      await waitForHydration(page);
      expect(await page.locator("script[type=module]").count()).toBeGreaterThan(0);
      await context.close();
    },
  );

  it("sends its page view and loads the web-vitals library on a browser that is never idle", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    // A main thread that always has a task waiting, as on a slow phone under a heavy page: Chromium then starts no
    // idle period, and only requestIdleCallback's timeout runs the inline script's work.
    await page.addInitScript(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const end = performance.now() + 30;
        while (performance.now() < end);
        channel.port2.postMessage(null);
      };
      channel.port2.postMessage(null);
    });
    const scripts: string[] = [];
    page.on("request", (req: Request) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    const pageView = page.waitForResponse((res) => res.url().endsWith("/api/track-visitor") && res.request().method() === "POST", {
      timeout: 20_000,
    });
    await page.goto("/about");
    expect((await pageView).request().postDataJSON()).toMatchObject({ page: "/about" });
    await expect.poll(() => scripts).toEqual([expect.stringMatching(/^\/assets\/web-vitals-[\w-]+\.js$/)]);
    await context.close();
  });

  it("is reached from a page that hydrated without loading a document, and that page stays hydrated", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    // Not from a document of a public page, which hydrates only its islands or not at all (decisions 149-158): its
    // links load documents. From a page that hydrates whole, to a public page in the router's tree.
    await page.goto(PAGE_THAT_HYDRATES_WHOLE);
    await waitForHydration(page);
    await navigateInRouter(page, "/contact");
    const documents: string[] = [];
    page.on("request", (req: Request) => {
      if (req.resourceType() === "document") documents.push(req.url());
    });
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.getByRole("link", { name: "About" }).click();
    await page.getByRole("heading", { level: 1, name: en.shells.about.title }).waitFor();
    await nav.getByRole("link", { name: "Inventory" }).click();
    await page.getByText(/^Showing \d+ vehicles?/).waitFor();
    expect(documents).toEqual([]);
    await context.close();
  });
});

describe("the home page hydrates only its islands (decision 151)", () => {
  it.each([
    { path: "/", m: en, locale: "en" },
    { path: "/es", m: es, locale: "es" },
    { path: "/pt", m: pt, locale: "pt" },
  ])("$path: no router, and each island works once hydrated: menu button, welcome card, map, Open/Closed", async ({ path, m }) => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 740 }, skipSplash: false });
    const scripts: string[] = [];
    page.on("request", (req: Request) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The islands' script and the framework, no route module and no router (decision 157).
    expect(scripts.some((s) => /^\/assets\/islands\.client-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(home|root|layout|messages-\w+|entry\.client|router)-/.test(s))).toEqual([]);
    // The welcome card is React's, in the page's language, and Skip closes it.
    const splash = page.getByTestId("splash");
    await expect.poll(() => splash.isVisible()).toBe(true);
    await splash.getByRole("button", { name: m.layout.splash.skip }).click();
    await expect.poll(() => splash.count()).toBe(0);
    // The menu button's name and state follow the popover, as on a page that hydrates whole.
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: m.layout.openMenu }).click();
    await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
    await expect.poll(() => header.getByRole("button", { name: m.layout.closeMenu }).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => header.getByRole("button", { name: m.layout.openMenu }).getAttribute("aria-expanded")).toBe("false");
    // The badge says what the dealership's clock says.
    const status = computeOpenStatus(new Date());
    expect(await page.getByTestId("open-status").getAttribute("data-status")).toBe(status);
    // The map loads only when asked.
    expect(await page.locator("iframe").count()).toBe(0);
    await page.getByRole("button", { name: new RegExp(`^${m.site.map.show}`) }).click();
    await expect.poll(() => page.locator("iframe").count()).toBe(1);
    expect(await page.locator("iframe").getAttribute("title")).toBe(m.site.map.title("Demo Motors of Fitchburg"));
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors.filter((e) => !/Failed to load resource|ERR_|google/i.test(e))).toEqual([]);
    await context.close();
  });

  it("offers a Spanish reader the Spanish home page, as a document, and remembers the choice", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-MX" });
    await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const offer = page.getByTestId("language-suggestion");
    await expect.poll(() => offer.isVisible()).toBe(true);
    await offer.getByRole("link", { name: "Ver en español" }).click();
    await page.waitForURL((url) => url.pathname === "/es");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("es");
    await waitForHydration(page);
    expect(await page.getByTestId("language-suggestion").count()).toBe(0);
    await context.close();
  });

  it("renders in the router's tree, with no island wrappers, when a page that hydrated whole navigates to it", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto(PAGE_THAT_HYDRATES_WHOLE);
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await navigateInRouter(page, "/about");
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Home" }).click();
    await page.getByRole("heading", { level: 2, name: en.site.home.featured }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(await page.locator("[data-island]").count()).toBe(0);
    await page.getByRole("button", { name: /^Show interactive map/ }).click();
    await expect.poll(() => page.locator("iframe").count()).toBe(1);
    await context.close();
  });
});
