import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import { en } from "~/shared/i18n/en";
import { es } from "~/shared/i18n/es";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { localizedPath, type Locale } from "~/shared/i18n/locales";
import { pt } from "~/shared/i18n/pt";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { WorkSlots } from "~/server/work-slots.server";
import { describeViolations, launchBrowser, seriousAxeViolations, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * No tap is lost (decision 125): every control a public page shows before it
 * hydrates works then, and with JavaScript off, with the same result as after hydration.
 *
 * - "early": Chromium with the CPU throttled 8× (DevTools' Emulation.setCPUThrottlingRate), the page's
 *   scripts held back by the test until it releases them, so each control is tapped as soon as it is
 *   visible and certainly before the page hydrates (the test checks React has not reached it). Then the
 *   scripts are let through and the result must hold once the page has hydrated.
 * - "no-js": JavaScript off.
 * - "hydrated": the page hydrated first, as the other e2e tests drive it.
 */
type Mode = "early" | "no-js" | "hydrated";
const MODES: Mode[] = ["early", "no-js", "hydrated"];
const PHONE = { width: 375, height: 812 };
const CATALOGUES = { en, es, pt } as const;
/** Each test walks a flow three times, once at 8× CPU throttling: longer than the default 60 s on a loaded machine. */
const THREE_WAYS_MS = 240_000;

type ApiVehicle = { id: string; year: number; make: string; model: string; images: string[] };

let server: TestServer;
let browser: Browser;
let vehicles: ApiVehicle[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
  vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as ApiVehicle[];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Opened = {
  context: BrowserContext;
  page: Page;
  /** Lets the held scripts through ("early"). */
  release: () => void;
  /** Sets the page's CPU throttling ("early"). */
  throttle: (rate: number) => Promise<void>;
};

/**
 * One "early" page at a time, whatever the tests running at once: Chromium's CPU throttling keeps a whole
 * core busy for as long as a page is throttled, idle or not (an idle page at 8× cost 10.5 CPU-seconds in
 * 10 s on the 2-core machine). Three throttled pages at once asked for three cores of two, slowed this
 * file's flows and whichever file ran beside it; the other modes still run side by side.
 */
const throttledPages = new WorkSlots(1);

async function open(path: string, mode: Mode): Promise<Opened> {
  // The slot is given back when the page's context closes (every flow closes it; afterAll's browser close
  // closes any a failed flow left open).
  if (mode === "early") await throttledPages.acquire();
  const context = await browser
    .newContext({ baseURL: server.url, viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled: mode !== "no-js" })
    .catch((error: unknown) => {
      if (mode === "early") throttledPages.release();
      throw error;
    });
  if (mode === "early") context.once("close", () => throttledPages.release());
  // The welcome splash shows once per session; these tests are about the page under it.
  await context.addInitScript(() => {
    try {
      sessionStorage.setItem("splash-seen", "1");
    } catch {
      /* no storage on about:blank */
    }
  });
  let release = () => {};
  if (mode === "early") {
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
  }
  const page = await context.newPage();
  let throttle = async (_rate: number) => {};
  if (mode === "early") {
    const cdp = await context.newCDPSession(page);
    throttle = async (rate) => void (await cdp.send("Emulation.setCPUThrottlingRate", { rate }));
    await throttle(8);
  }
  await page.goto(path, { waitUntil: mode === "early" ? "commit" : "load" });
  if (mode === "hydrated") await waitForHydration(page);
  return { context, page, release, throttle };
}

/** React has attached no handler to anything on the page yet. */
async function notHydrated(page: Page): Promise<boolean> {
  return page.evaluate(
    () => ![...document.querySelectorAll("body, body *")].some((el) => Object.keys(el).some((k) => k.startsWith("__react"))),
  );
}

/**
 * axe on an "early" page before it hydrates. Its scripts are held, so it cannot hydrate while axe runs at
 * any CPU speed: axe runs unthrottled (one run took about 15 s at 8×), and the 8× is back before the
 * scripts are let through, so hydration still happens on the throttled CPU. Chromium's throttling keeps
 * about half a core busy for as long as a page is throttled, idle or not (measured on the 2-core machine),
 * so every second a page spends throttled is taken from the other file running beside this one.
 */
async function expectAxePassesBeforeHydration({ page, throttle }: Opened, expect: ExpectStatic): Promise<void> {
  expect(await notHydrated(page), "axe before hydration").toBe(true);
  await throttle(1);
  const violations = await seriousAxeViolations(page);
  await throttle(8);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Tapped (clicked, on a phone-sized touch screen) as soon as it is visible; in "early" mode, before the page hydrated. */
async function tapWhenVisible(page: Page, mode: Mode, locator: ReturnType<Page["locator"]>): Promise<void> {
  await locator.waitFor({ state: "visible" });
  if (mode === "early") expect(await notHydrated(page), "tapped before hydration").toBe(true);
  await locator.click();
}

/** The URL changed; "early" pages never fire `load` while their scripts are held. */
async function arrived(page: Page, url: Parameters<Page["waitForURL"]>[0]): Promise<void> {
  await page.waitForURL(url, { waitUntil: "commit" });
}

const prefixed = (locale: Locale, path: string) => localizedPath(path, locale);

/** The home page's map: its button needs JavaScript; Get Directions is a link. */
function mapControls(page: Page, m: (typeof CATALOGUES)[Locale]) {
  return {
    show: page.getByRole("button", { name: new RegExp(`^${m.site.map.show}`) }),
    directions: page.getByRole("main").getByRole("link", { name: m.site.map.getDirections }),
  };
}

const LOCALES = ["en", "es", "pt"] as const;
const FLOW = { timeout: THREE_WAYS_MS };

// Concurrent (three at a time, the e2e config's maxConcurrency): a throttled page mostly waits, so three
// flows side by side cost little more than one. The tests start in the order they are declared, as each
// one ends, so the longest flows come first and the file ends soon after its longest flow, not after a
// long flow started last. Each test uses its own `expect` (the test context's), as concurrent tests must
// for expect.poll.
describe.concurrent("before hydration, with JavaScript off and after hydration", () => {
  it.for(LOCALES)(
    "the inventory's search, filter panel, Clear and Show more work as a form, hydrated or not (its document hydrates only the header's islands) (%s)",
    FLOW,
    async (locale, { expect }) => {
      const m = CATALOGUES[locale];
      const im = m.inventory;
      const results: Partial<Record<Mode, string[]>> = {};
      const makes = [...new Set(vehicles.map((v) => v.make))].sort();
      const make = makes[0]!;
      for (const mode of MODES) {
        const opened = await open(prefixed(locale, "/inventory"), mode);
        const { context, page, release } = opened;
        const line = page.getByTestId("result-count");
        const seen: string[] = [];
        const search = page.getByRole("searchbox", { name: im.searchLabel });
        await search.waitFor();
        if (mode === "early") expect(await notHydrated(page)).toBe(true);
        // Show more: the next page of cards (the demo stock has more than one page).
        expect(vehicles.length).toBeGreaterThan(24);
        await tapWhenVisible(page, mode, page.getByRole("button", { name: im.showMore(24, vehicles.length) }));
        await expect.poll(() => page.locator("main article").count(), { message: mode }).toBe(Math.min(48, vehicles.length));
        // The next document opens at the first card it added.
        expect(new URL(page.url()).hash).toBe("#more-vehicles");
        // The panel: opens on the first tap; a make chosen in it filters.
        await tapWhenVisible(page, mode, page.getByRole("button", { name: im.filters, exact: true }));
        const makeSelect = page.getByRole("combobox", { name: im.make });
        await expect.poll(() => makeSelect.isVisible(), { message: `${mode}: the panel opens` }).toBe(true);
        if (mode === "early") await expectAxePassesBeforeHydration(opened, expect);
        await makeSelect.selectOption(make);
        await tapWhenVisible(page, mode, page.getByRole("button", { name: im.applyFilters }));
        await arrived(page, /make=/);
        await expect
          .poll(() => line.textContent())
          .toBe(im.showing(vehicles.filter((v) => v.make === make).length) + ` ${im.filteredFrom(vehicles.length)}`);
        seen.push((await line.textContent())!);
        // Clear: every vehicle again.
        const clear = page.getByRole("link", { name: im.clearFilters(1) });
        await tapWhenVisible(page, mode, clear);
        await expect.poll(() => line.textContent()).toBe(im.showing(vehicles.length));
        seen.push((await line.textContent())!);
        // A search sent with Enter.
        const needle = make.slice(0, 3).toLowerCase();
        await search.fill(needle);
        await search.press("Enter");
        const matching = vehicles.filter((v) => `${v.make}|${v.model}|${v.year}`.toLowerCase().includes(needle)).length;
        await expect
          .poll(() => line.textContent())
          .toBe(im.showing(matching) + (matching < vehicles.length ? ` ${im.filteredFrom(vehicles.length)}` : ""));
        seen.push((await line.textContent())!);
        if (mode === "early") {
          // Hydrated afterwards, the page keeps the search that was sent.
          release();
          await waitForHydration(page, "main form[role=search]");
          expect(await line.textContent()).toBe(seen.at(-1));
          expect(await search.inputValue()).toBe(needle);
        }
        results[mode] = seen;
        await context.close();
      }
      expect(results.early).toEqual(results.hydrated);
      expect(results["no-js"]).toEqual(results.hydrated);
    },
  );

  it.for(LOCALES)("the photo gallery's arrows and thumbnails show the photo they name (%s)", FLOW, async (locale, { expect }) => {
    const m = CATALOGUES[locale];
    const vehicle = vehicles.find((v) => v.images.length >= 3)!;
    const total = vehicle.images.length;
    const seen: Record<Mode, string[]> = {} as never;
    for (const mode of MODES) {
      const opened = await open(prefixed(locale, vehiclePath(vehicle)), mode);
      const { context, page, release } = opened;
      const gallery = page.getByRole("region", { name: m.vehicle.gallery });
      // Before hydration every slide has its own arrows (links); after, one pair of buttons.
      const control = (name: string, current: number) =>
        mode === "hydrated"
          ? gallery.getByRole("button", { name, exact: true })
          : page.locator(`#vehicle-photo-${current}`).getByRole("link", { name, exact: true });
      const thumbnail = (n: number) =>
        gallery.getByRole(mode === "hydrated" ? "button" : "link", { name: m.vehicle.showPhoto(n), exact: true });
      await page.locator("#vehicle-photo-1 img").waitFor();
      const counts: string[] = [await shownCount(page)];
      await tapWhenVisible(page, mode, control(m.vehicle.nextPhoto, 1));
      await expect.poll(() => shownCount(page)).toBe(m.vehicle.photoCount(2, total));
      counts.push(await shownCount(page));
      await tapWhenVisible(page, mode, thumbnail(3));
      await expect.poll(() => shownCount(page)).toBe(m.vehicle.photoCount(3, total));
      counts.push(await shownCount(page));
      await tapWhenVisible(page, mode, control(m.vehicle.previousPhoto, 3));
      await expect.poll(() => shownCount(page)).toBe(m.vehicle.photoCount(2, total));
      counts.push(await shownCount(page));
      seen[mode] = counts;
      if (mode === "early") {
        await expectAxePassesBeforeHydration(opened, expect);
        // Hydrated: the gallery carries on from the photo shown, and its buttons go on from there.
        release();
        await waitForHydration(page, "[data-testid=main-photo]");
        await expect.poll(() => shownCount(page)).toBe(m.vehicle.photoCount(2, total));
        await gallery.getByRole("button", { name: m.vehicle.nextPhoto, exact: true }).click();
        await expect.poll(() => shownCount(page)).toBe(m.vehicle.photoCount(3, total));
      }
      await context.close();
    }
    expect(seen.early).toEqual(seen.hydrated);
    expect(seen["no-js"]).toEqual(seen.hydrated);
  });

  // The home page is loaded once per mode for the menu and the map together.
  it.for(LOCALES)(
    "the header menu opens on the first tap, and its page and language links work; with JavaScript off the map's button is not shown and Get Directions is a link; hydrated, the button shows the map (%s)",
    FLOW,
    async (locale, { expect }) => {
      const m = CATALOGUES[locale];
      const other = locale === "es" ? "pt" : "es";
      const reached: Partial<Record<Mode, string[]>> = {};
      for (const mode of MODES) {
        const { context, page } = await open(prefixed(locale, "/"), mode);
        const map = mapControls(page, m);
        if (mode === "no-js") {
          await map.directions.waitFor();
          // Its place is kept (no shift when it appears), but it cannot be seen, tapped or focused.
          expect(await map.show.isVisible(), `${mode}: shown before it works`).toBe(false);
          expect(await map.directions.getAttribute("href")).toMatch(/^https:\/\//);
        }
        if (mode === "hydrated") {
          await tapWhenVisible(page, mode, map.show);
          await expect.poll(() => page.locator("iframe").count(), { message: `${mode}: the map loads` }).toBe(1);
        }
        const toggle = page.getByRole("banner").getByRole("button", { name: m.layout.openMenu });
        const menu = page.locator("#mobile-menu");
        expect(await menu.isVisible()).toBe(false);
        await tapWhenVisible(page, mode, toggle);
        await expect.poll(() => menu.isVisible(), { message: `${mode}: the menu opens` }).toBe(true);
        await tapWhenVisible(page, mode, menu.getByRole("link", { name: m.layout.nav.inventory, exact: true }));
        await arrived(page, (url) => url.pathname === prefixed(locale, "/inventory"));
        const paths = [new URL(page.url()).pathname];
        if (mode === "hydrated") await waitForHydration(page);
        await tapWhenVisible(page, mode, toggle);
        await tapWhenVisible(page, mode, menu.getByRole("link", { name: other === "es" ? "Español" : "Português" }));
        await arrived(page, (url) => url.pathname === prefixed(other, "/inventory"));
        paths.push(new URL(page.url()).pathname);
        reached[mode] = paths;
        await context.close();
      }
      expect(reached.early).toEqual(reached.hydrated);
      expect(reached["no-js"]).toEqual(reached.hydrated);
    },
  );

  it.for(LOCALES)(
    "a menu opened before hydration stays open through it, passes axe, and then closes with Escape; the map's button is not shown until it works, then shows the map (%s)",
    FLOW,
    async (locale, { expect }) => {
      const m = CATALOGUES[locale];
      const opened = await open(prefixed(locale, "/"), "early");
      const { context, page, release } = opened;
      const header = page.getByRole("banner");
      const menu = page.locator("#mobile-menu");
      const map = mapControls(page, m);
      await map.directions.waitFor();
      expect(await notHydrated(page)).toBe(true);
      // Its place is kept (no shift when it appears), but it cannot be seen, tapped or focused.
      expect(await map.show.isVisible(), "early: shown before it works").toBe(false);
      await tapWhenVisible(page, "early", header.getByRole("button", { name: m.layout.openMenu }));
      await expect.poll(() => menu.isVisible()).toBe(true);
      await expectAxePassesBeforeHydration(opened, expect);
      release();
      await waitForHydration(page, "header button[aria-controls='mobile-menu']");
      expect(await menu.isVisible()).toBe(true);
      await expect.poll(() => header.getByRole("button", { name: m.layout.closeMenu }).getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await header.getByRole("button", { name: m.layout.openMenu }).getAttribute("aria-expanded")).toBe("false");
      await waitForHydration(page);
      await tapWhenVisible(page, "hydrated", map.show);
      await expect.poll(() => page.locator("iframe").count(), { message: "early: the map loads" }).toBe(1);
      await context.close();
    },
  );

  it.for(LOCALES)("the out-the-door estimate answers the shopper's figures (%s)", FLOW, async (locale, { expect }) => {
    const vehicle = vehicles[0]!;
    const e = estimateMessagesFor(locale);
    const payments: Partial<Record<Mode, string>> = {};
    for (const mode of MODES) {
      const { context, page } = await open(prefixed(locale, vehiclePath(vehicle)), mode);
      const estimate = page.getByTestId("estimate");
      await estimate.getByLabel(e.downPayment).waitFor();
      if (mode === "early") expect(await notHydrated(page)).toBe(true);
      await estimate.getByLabel(e.downPayment).fill("1500");
      await estimate.getByLabel(e.term).selectOption("48");
      // A document of the vehicle page hydrates only its islands (decision 155): the estimate is a GET form in
      // every mode, answered by the next document.
      await tapWhenVisible(page, mode, estimate.getByRole("button", { name: e.submit }));
      await arrived(page, /downPayment=1500/);
      await expect.poll(() => page.getByTestId("payment-terms").textContent()).toMatch(/48/);
      payments[mode] =
        `${await page.getByTestId("monthly-payment").textContent()} ${await page.getByTestId("payment-terms").textContent()}`;
      await context.close();
    }
    expect(payments.early).toBe(payments.hydrated);
    expect(payments["no-js"]).toBe(payments.hydrated);
  });

  // The financing form before its islands hydrate (decision 153).
  it(
    "the financing form keeps the SSN and the typed signature entered before hydration; Show SSN and the drawing area appear once they work",
    FLOW,
    async ({ expect }) => {
      const { context, page, release } = await open("/financing", "early");
      const f = en.financing.form;
      const ssn = page.getByLabel(f.fields.ssn, { exact: true });
      const show = page.getByRole("button", { name: f.showSsn });
      const signature = page.getByRole("group", { name: f.fields.signature, exact: true });
      const typed = signature.getByLabel(en.financing.signaturePad.typedLabel);
      await ssn.waitFor();
      expect(await notHydrated(page)).toBe(true);
      // Not shown until they work, their place kept.
      expect(await show.isVisible()).toBe(false);
      expect(await signature.locator("canvas").isVisible()).toBe(false);
      await ssn.fill("123456789");
      await typed.fill("Jane Shopper");
      release();
      await waitForHydration(page);
      // What was typed stays through hydration; the button now shows the number.
      await show.click();
      expect(await ssn.getAttribute("type")).toBe("text");
      expect(await ssn.inputValue()).toBe("123456789");
      expect(await typed.inputValue()).toBe("Jane Shopper");
      expect(await signature.locator("canvas").isVisible()).toBe(true);
      await signature.getByRole("button", { name: en.financing.signaturePad.useTyped }).click();
      await signature.getByRole("button", { name: en.financing.signaturePad.clear }).waitFor();
      await context.close();
    },
  );

  // The booking wizard before its island hydrates (decision 158).
  it(
    "the booking wizard goes on from a service card tapped before hydration: the calendar and the summary follow once it hydrates",
    FLOW,
    async ({ expect }) => {
      const { context, page, release } = await open("/es/booking", "early");
      const m = es.booking;
      const card = page.getByRole("radio", { name: /^Cambio de aceite/ });
      await tapWhenVisible(page, "early", page.getByText("Cambio de aceite", { exact: true }));
      expect(await card.isChecked()).toBe(true);
      release();
      await waitForHydration(page, "fieldset input[name=serviceId]");
      await page.getByRole("heading", { name: m.steps.dateTime }).waitFor();
      await page.getByRole("grid").first().waitFor();
      await expect.poll(() => page.getByTestId("summary-service").locator("dd").textContent()).toBe("Cambio de aceite");
      expect(await card.isChecked()).toBe(true);
      await context.close();
    },
  );
});

/** The photo count drawn over the photo in view (each slide's own before hydration, the gallery's after). */
async function shownCount(page: Page): Promise<string> {
  return page.evaluate(() => {
    const strip = document.querySelector("#vehicle-photo-1")?.parentElement;
    if (!strip) return "";
    const box = strip.getBoundingClientRect();
    const inView = [...strip.parentElement!.querySelectorAll("p")].filter((p) => {
      const r = p.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left && r.right <= box.right && !p.closest("[aria-hidden=true]");
    });
    return inView.map((p) => p.textContent).join(" | ");
  });
}
