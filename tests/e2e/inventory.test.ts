import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import {
  describeViolations,
  launchBrowser,
  newPage,
  navigateInRouter,
  PAGE_THAT_HYDRATES_WHOLE,
  seriousAxeViolations,
  waitForHydration,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

type ApiVehicle = {
  id: string;
  year: number;
  make: string;
  model: string;
  price: number;
  mileage: number;
  bodyStyle: string;
  transmission: string;
  images: string[];
};

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

/** What each page opened here logged as an error (a script the CSP refused among them). */
const consoleErrors = new WeakMap<Page, string[]>();

async function open(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, { baseURL: server.url, viewport });
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path);
  // The whole page, or on the home page its islands (decision 151).
  await waitForHydration(page, "#main");
  return page;
}

const resultLine = (page: Page) => page.getByTestId("result-count");
const showing = (n: number, total?: number) => `Showing ${n} vehicle${n === 1 ? "" : "s"}${total ? ` (filtered from ${total} total)` : ""}`;

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator("main article h3").allTextContents();
}

/** The document hydrated only the header's islands (decision 154), and nothing was refused or failed. */
async function expectIslandsOnly(page: Page): Promise<void> {
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  expect(await page.locator("[data-island]").count()).toBeGreaterThan(0);
  expect(consoleErrors.get(page)!.filter((e) => !/Failed to load resource|ERR_/i.test(e))).toEqual([]);
}

describe("inventory", () => {
  it("shows every vehicle, the spec's texts and no serious axe violations", async () => {
    const page = await open("/inventory");
    await expectIslandsOnly(page);
    await expect.poll(() => resultLine(page).textContent()).toBe(showing(vehicles.length));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our Inventory");
    expect(await page.getByPlaceholder("Search by make, model, or year...").isVisible()).toBe(true);
    // The filter panel starts collapsed; no Clear Filters without an active filter.
    expect(await page.getByRole("combobox", { name: "Make" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: /Clear Filters/ }).count()).toBe(0);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it("filters as a form, each answer a new document: search, make and price bounds together; counts and clears filters", async () => {
    const page = await open("/inventory");
    const search = page.getByPlaceholder("Search by make, model, or year...");
    await search.fill("hon");
    await search.press("Enter");
    await page.waitForURL(/search=hon/);
    const hondas = vehicles.filter((v) => /hon/i.test(`${v.make}|${v.model}|${v.year}`));
    expect(await resultLine(page).textContent()).toBe(showing(hondas.length, vehicles.length));
    expect(await page.getByRole("link", { name: "Clear Filters (1)" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await page.waitForURL(/panel=open/);
    const makes = await page.getByRole("combobox", { name: "Make" }).locator("option").allTextContents();
    const distinct = [...new Set(vehicles.map((v) => v.make))].sort((a, b) => a.localeCompare(b, "en"));
    expect(makes).toEqual(["All Makes", ...distinct]);
    const panelViolations = await seriousAxeViolations(page);
    expect(panelViolations, describeViolations(panelViolations)).toEqual([]);

    // A change of a field sends nothing by itself: Apply Filters does.
    await search.fill("");
    await page.getByRole("combobox", { name: "Make" }).selectOption("Toyota");
    await page.getByRole("spinbutton", { name: "Price Range: maximum" }).fill("5000");
    await page.getByRole("spinbutton", { name: "Price Range: minimum" }).fill("4995");
    expect(new URL(page.url()).searchParams.get("make")).toBeFalsy();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/make=Toyota/);
    const expected = vehicles.filter((v) => v.make === "Toyota" && v.price >= 4995 && v.price <= 5000);
    expect(await resultLine(page).textContent()).toBe(showing(expected.length, vehicles.length));
    // Make plus price (both bounds) count as two filters; the panel stays open with its filters set.
    expect(await page.getByRole("link", { name: "Clear Filters (2)" }).isVisible()).toBe(true);
    expect((await cardTitles(page)).every((t) => t.includes("Toyota"))).toBe(true);

    await page.getByRole("combobox", { name: "Body Style" }).selectOption("Truck");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/bodyStyle=Truck/);
    if (expected.filter((v) => v.bodyStyle === "Truck").length === 0) {
      await page.getByRole("heading", { name: "No vehicles match your filters" }).waitFor();
      await page.getByRole("link", { name: "Clear All Filters" }).click();
    } else {
      await page.getByRole("link", { name: /Clear Filters/ }).click();
    }
    await page.waitForURL((url) => url.pathname === "/inventory" && url.search === "");
    expect(await resultLine(page).textContent()).toBe(showing(vehicles.length));
    // The panel is closed again, its fields empty.
    expect(await page.getByRole("combobox", { name: "Make" }).count()).toBe(0);
    expect(await page.locator('select[name="make"]').inputValue()).toBe("");
    await page.context().close();
  });

  it("filters from the URL, server-rendered, and keeps them after Back from a vehicle page", async () => {
    const page = await open("/inventory?make=Honda&maxPrice=15000");
    // Its own document (the query is part of the cache's key): its islands' script is allowed all the same.
    await expectIslandsOnly(page);
    const expected = vehicles.filter((v) => v.make === "Honda" && v.price <= 15000);
    await expect.poll(() => resultLine(page).textContent()).toBe(showing(expected.length, vehicles.length));
    expect((await cardTitles(page)).sort()).toEqual(expected.map((v) => `${v.year} ${v.make} ${v.model}`).sort());

    // Card → vehicle page.
    const first = page.locator("main article").first();
    const title = await first.locator("h3").textContent();
    await first.getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL(/\/used-\d{4}-.*-fitchburg-ma-01430-[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);

    await page.goBack();
    await page.waitForURL(/\/inventory\?make=Honda&maxPrice=15000$/);
    await expect.poll(() => resultLine(page).textContent()).toBe(showing(expected.length, vehicles.length));
    expect(await page.getByRole("link", { name: "Clear Filters (2)" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("keeps a trade-in value from the URL while filtering and hands it to the vehicle page's estimate", async () => {
    const page = await open("/inventory?tradeInValue=6800");
    await page.getByRole("searchbox").fill("Honda");
    await page.getByRole("searchbox").press("Enter");
    // The form sends its estimate field first, then every filter field (the empty ones too).
    await page.waitForURL(/\/inventory\?tradeInValue=6800&search=Honda&/);
    await page
      .locator("main article")
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await page.waitForURL(/\/used-\d{4}-.*-[0-9a-f-]{36}\?tradeInValue=6800$/);
    await expect.poll(() => page.locator('input[name="tradeInValue"]').inputValue(), { timeout: 15_000 }).toBe("6800");
    await page.context().close();
  });

  it("shows 6 placeholder cards while a client navigation downloads the list, then filters in place", async () => {
    // From a public page in the router's tree (reached from a page that hydrates whole): a document of the home page,
    // the contact page or the inventory hydrates only its islands, and its links load documents.
    const page = await open(PAGE_THAT_HYDRATES_WHOLE);
    await navigateInRouter(page, "/about");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Only the list is held: the root's own revalidation (a separate, small request) goes through.
    await page.route(
      (url) => url.pathname === "/inventory.data" && (url.searchParams.get("_routes") ?? "").includes("routes/inventory"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Inventory" }).click();
    const placeholders = page.getByTestId("vehicle-placeholders");
    await placeholders.waitFor();
    expect(await placeholders.locator("li").count()).toBe(6);
    release();
    await expect.poll(() => resultLine(page).textContent(), { timeout: 15_000 }).toBe(showing(vehicles.length));
    expect(await placeholders.count()).toBe(0);
    // In the router's tree (no island wrappers) the filters work in place: typing filters, the URL follows.
    expect(await page.locator("[data-island]").count()).toBe(0);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByPlaceholder("Search by make, model, or year...").fill("hon");
    const hondas = vehicles.filter((v) => /hon/i.test(`${v.make}|${v.model}|${v.year}`));
    await expect.poll(() => resultLine(page).textContent()).toBe(showing(hondas.length, vehicles.length));
    await expect.poll(() => page.url()).toContain("search=hon");
    await page.getByRole("button", { name: "Clear Filters (1)" }).click();
    await expect.poll(() => resultLine(page).textContent()).toBe(showing(vehicles.length));
    expect(await page.getByRole("button", { name: "Apply Filters", includeHidden: true }).count()).toBe(0);
    expect(documents).toEqual([]);
    await page.context().close();
  });

  it("shows the no-vehicles message when there is no inventory", async () => {
    const empty = await startTestServer();
    try {
      const { page } = await newPage(browser, { baseURL: empty.url });
      await page.goto("/inventory");
      await page.getByRole("heading", { name: "No vehicles available at the moment" }).waitFor();
      expect(await page.getByText("Please check back soon or contact us for upcoming inventory").isVisible()).toBe(true);
      // Home hides Featured Vehicles when there are none.
      await page.goto("/");
      expect(await page.getByRole("heading", { name: "Featured Vehicles" }).count()).toBe(0);
      await page.context().close();
    } finally {
      await empty.stop();
    }
  });
});

describe("home", () => {
  it("shows three featured vehicles, the map facade, and passes axe", async () => {
    const page = await open("/");
    await page.getByRole("heading", { name: "Featured Vehicles" }).waitFor();
    expect(await page.locator("main article").count()).toBe(3);
    // The maps iframe loads only after the shopper asks for it (docs/behaviour.md §2 Maps).
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Get Directions" }).first().isVisible()).toBe(true);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole("button", { name: /Show interactive map/ }).click();
    await page.locator("iframe").waitFor({ state: "attached" });
    await page.context().close();
  });
});

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string }; beginData?: { url?: string } };
};

describe("main-thread work on a phone", () => {
  const phone = { width: 390, height: 844 };

  it("builds no ICU formatter or collator while the home page and the inventory hydrate", async () => {
    for (const path of ["/", "/inventory", "/es/inventory"]) {
      const { page } = await newPage(browser, { baseURL: server.url, viewport: phone });
      // A page's first Intl formatter or collator makes the browser load ICU data: tens of ms on a phone.
      await page.addInitScript(() => {
        const calls: string[] = [];
        (window as unknown as { icuCalls: string[] }).icuCalls = calls;
        for (const name of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat"] as const) {
          const original = Intl[name] as unknown as new (...args: unknown[]) => object;
          (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
            construct(target, args) {
              calls.push(`Intl.${name}`);
              return new target(...(args as unknown[]));
            },
            apply(target, self, args) {
              calls.push(`Intl.${name}`);
              return Reflect.apply(target, self, args);
            },
          });
        }
        const localeCompare = String.prototype.localeCompare;
        String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
          calls.push("localeCompare");
          return localeCompare.apply(this, args);
        };
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(path);
      await waitForHydration(page, "main article a");
      expect(errors, path).toEqual([]);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { icuCalls: string[] }).icuCalls), path).toEqual([]);
      // The cards still read as each language writes prices.
      expect(await page.locator("main article").first().textContent()).toMatch(/\$\d{1,3}(,\d{3})*/);
      await page.context().close();
    }
  });

  it("compiles the code it hydrates with off the main thread (V8 compile hints on first-load chunks)", async () => {
    const { page } = await newPage(browser, { baseURL: server.url, viewport: phone });
    await browser.startTracing(page, { categories: ["disabled-by-default-v8.compile", "blink.user_timing", "devtools.timeline"] });
    await page.goto("/inventory");
    await waitForHydration(page, "main article a");
    await page.waitForTimeout(300);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await page.context().close();
    // The trace holds every renderer of the browser: Chromium's own omnibox popup, loaded at start-up, can compile
    // ~1,000 functions inside the window. The page's main thread is the renderer main thread that parsed or
    // navigated to this page's URL. Two signals, because on CI's machine the navigationStart event once came
    // without the document's URL.
    const pageUrl = `${server.url}/inventory`;
    const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
    const rendererMainThreads = new Set(
      traceEvents.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map(threadOf),
    );
    const pageThreads = new Set(
      traceEvents
        .filter((e) => e.args?.data?.documentLoaderURL === pageUrl || e.args?.beginData?.url === pageUrl)
        .map(threadOf)
        .filter((thread) => rendererMainThreads.has(thread)),
    );
    expect(pageThreads.size, "the page's main thread in the trace").toBeGreaterThan(0);
    const mainThreadCompiles = traceEvents.filter(
      (e) => e.name === "V8.CompileCode" && e.ph === "X" && pageThreads.has(threadOf(e)),
    ).length;
    // Without the hints V8 compiled ~800 functions here (816 measured) on first call, on the main thread, during hydration.
    expect(mainThreadCompiles).toBeLessThan(150);
  });

  it("skips the layout of what starts below the fold until the shopper scrolls near it", async () => {
    for (const [path, belowFold] of [
      ["/", "#visit-heading"],
      ["/inventory", "main li:last-child article"],
    ] as const) {
      const { page } = await newPage(browser, { baseURL: server.url, viewport: phone });
      await page.goto(path);
      // checkVisibility with contentVisibilityAuto is false while the browser skips an element's rendering.
      const rendered = (selector: string) =>
        page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
      expect(await rendered(belowFold), path).toBe(false);
      expect(await rendered("main article >> nth=0"), path).toBe(true);
      await page.locator(belowFold).scrollIntoViewIfNeeded();
      await expect.poll(() => rendered(belowFold)).toBe(true);
      await page.context().close();
    }
  });
});

describe("vehicle page", () => {
  const vehicleWithPhotos = () => vehicles.find((v) => v.images.length >= 3)!;
  const pathOf = (v: ApiVehicle) =>
    `/used-${v.year}-${v.make}-${v.model}-fitchburg-ma-01430-${v.id}`
      .toLowerCase()
      .replace(/[^a-z0-9 /-]/g, "")
      .replace(/ /g, "-")
      .replace(/-+/g, "-");

  it("has a gallery that works with clicks, arrow keys and swipes, and passes axe", async () => {
    const v = vehicleWithPhotos();
    const page = await open(pathOf(v), { width: 390, height: 844 });
    // A document of the vehicle page hydrates only its islands, the gallery among them (decision 155).
    await expectIslandsOnly(page);
    const total = v.images.length;
    const count = page.getByText(/^Photo \d+ of \d+$/);
    expect(await count.textContent()).toBe(`Photo 1 of ${total}`);
    await page.getByRole("button", { name: "Show photo 3" }).click();
    expect(await count.textContent()).toBe(`Photo 3 of ${total}`);
    expect(await page.getByRole("button", { name: "Show photo 3" }).getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("ArrowLeft");
    expect(await count.textContent()).toBe(`Photo 2 of ${total}`);
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await count.textContent()).toBe(`Photo 3 of ${total}`);
    // Swipe left on the photo: the next photo (wrapping after the last).
    const box = (await page.getByTestId("main-photo").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await count.textContent()).toBe(`Photo ${(3 % total) + 1} of ${total}`);

    expect(await page.getByText(/^[\d,]+ miles$/).isVisible()).toBe(true);
    // The application names this vehicle by its id (decision 057).
    expect(await page.getByRole("link", { name: "Apply for Financing" }).getAttribute("href")).toBe(`/financing?vehicleId=${v.id}`);
    expect(await page.getByText(/estimate only/).isVisible()).toBe(true);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it("the Message Us form posts as a document (decision 155): the spec's messages, then its success note, stored with the vehicle id", async () => {
    const v = vehicles[1]!;
    const page = await open(pathOf(v));
    const message = page.getByRole("textbox", { name: "Message" });
    expect(await message.inputValue()).toContain(`${v.year} ${v.make} ${v.model}`);
    await message.fill("short");
    await page.getByRole("textbox", { name: "Phone" }).fill("12345");
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please correct the highlighted fields.").waitFor();
    for (const text of [
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Valid phone number is required",
      "Message must be at least 10 characters",
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await page.getByRole("textbox", { name: "First Name" }).getAttribute("aria-invalid")).toBe("true");
    // The answer is the page again, with what was typed and its islands (the gallery's among them) hydrated.
    expect(await message.inputValue()).toBe("short");
    await waitForHydration(page);
    await expectIslandsOnly(page);

    await page.getByRole("textbox", { name: "First Name" }).fill("Ana");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Silva");
    await page.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("(978) 555-0100");
    await message.fill(`Is the ${v.model} still available?`);
    await page.getByRole("checkbox", { name: "I have a trade-in" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").getByText("Message sent!").waitFor();
    expect(await page.getByRole("textbox", { name: "First Name" }).inputValue()).toBe("");

    const { db } = openDatabase(server.dataDir);
    try {
      const row = await db.selectFrom("contactSubmissions").selectAll().where("email", "=", "ana@example.com").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ vehicleId: v.id, hasTradeIn: 1, phone: "(978) 555-0100" });
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it("never loads the message form's or the estimator's code in a document: the estimate is asked for as a GET form, answered by the server", async () => {
    const v = vehicles[2]!;
    const { page } = await newPage(browser, { baseURL: server.url });
    const deferred = /\/assets\/(contact-form|payment-estimator)-[\w-]+\.js$/;
    const requested: string[] = [];
    page.on("request", (request) => {
      if (deferred.test(new URL(request.url()).pathname)) requested.push(request.url());
    });
    await page.goto(pathOf(v));
    await waitForHydration(page);
    const monthly = page.getByTestId("monthly-payment");
    const before = await monthly.textContent();
    await page.getByLabel("Down payment ($)").fill("0");
    await page.getByLabel("Your credit").selectOption("excellent");
    await page.getByRole("button", { name: "Update estimate" }).click();
    await page.waitForURL(/downPayment=0&creditBand=excellent/);
    // Nothing down at the excellent band's rate: the server's estimate for the same inputs.
    const e = (await (
      await fetch(`${server.url}/api/vehicles/${v.id}/estimate?downPayment=0&creditBand=excellent&termMonths=60`)
    ).json()) as { monthlyPayment: number };
    const nothingDown = `$${e.monthlyPayment.toLocaleString("en-US", { minimumFractionDigits: 2 })}/mo`;
    expect(await monthly.textContent()).toContain(nothingDown);
    expect(before).not.toContain(nothingDown);
    expect(await page.getByLabel("Down payment ($)").inputValue()).toBe("0");
    await waitForHydration(page);
    expect(requested).toEqual([]);
    await page.context().close();
  });

  it("paints before any script or stylesheet is fetched, loads its scripts once the hero photo is in, then hydrates", async () => {
    const v = vehicles[3]!;
    const { page } = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    const fetched: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/.+\.(js|css)$/.test(pathname)) fetched.push(pathname);
    });
    // Hold the hero photo (the page's largest paint, every size of it): nothing else may start while it loads.
    const html = await (await fetch(`${server.url}${pathOf(v)}`)).text();
    const heroTag = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? "";
    const hero = /\ssrc="(\/images\/[0-9a-f]+)-/.exec(heroTag)?.[1];
    expect(hero).toBeTruthy();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let heroRequested = false;
    await page.route(
      (url) => url.pathname.startsWith(`${hero}-`),
      async (route) => {
        heroRequested = true;
        await held;
        await route.continue();
      },
    );
    await page.goto(pathOf(v), { waitUntil: "domcontentloaded" });
    // Styled from the document itself: the inlined stylesheet, its link disabled and never fetched.
    expect(await page.locator("head style").count()).toBe(1);
    expect(await page.locator('link[rel="stylesheet"][disabled]').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
    await expect.poll(() => heroRequested).toBe(true);
    await page.waitForTimeout(500);
    expect(fetched).toEqual([]);

    release();
    await waitForHydration(page);
    // The islands' script, then the gallery's view it loads (decision 155); no route module.
    expect(fetched.some((p) => /\/assets\/islands\.client-/.test(p))).toBe(true);
    expect(fetched.some((p) => /\/assets\/photo-gallery-view-/.test(p))).toBe(true);
    expect(fetched.some((p) => /\/assets\/entry\.client-/.test(p))).toBe(false);
    expect(fetched.filter((p) => p.endsWith(".css"))).toEqual([]);
    await page.context().close();
  });

  it("starts its scripts at once when the shopper presses a key before the hero photo is in", async () => {
    const v = vehicles[4]!;
    const { page } = await newPage(browser, { baseURL: server.url });
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/islands\.client-/.test(request.url())) fetched.push(request.url());
    });
    // Every photo held: only the key press (or, 3 s on, the time limit) can start the scripts.
    await page.route(/\/images\/.+/, () => new Promise(() => {}));
    // The page's first inline module listens for the key; on a busy machine it can run well after
    // DOMContentLoaded, and a key pressed before it listens would start nothing. So the test notes when a
    // keydown listener is added to the window (nothing else adds one before hydration) and presses after.
    await page.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, AddEventListenerOptions?]) => {
        if (type === "keydown") (window as unknown as { keydownListened?: boolean }).keydownListened = true;
        add(type, ...rest);
      }) as typeof window.addEventListener;
    });
    await page.goto(pathOf(v), { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => (window as unknown as { keydownListened?: boolean }).keydownListened === true, null, {
      timeout: 10_000,
    });
    await page.waitForTimeout(300);
    expect(fetched).toEqual([]);
    await page.keyboard.press("Tab");
    await expect.poll(() => fetched.length, { timeout: 2_000 }).toBe(1);
    // Its islands hydrate, the gallery's too.
    await waitForHydration(page);
    await page.context().close();
  });

  it("shows the loading skeleton with what the card knew while the details download", async () => {
    // The inventory reached from a page that hydrates whole: a document of it hydrates only its islands, and its
    // links load documents.
    const page = await open(PAGE_THAT_HYDRATES_WHOLE);
    await navigateInRouter(page, "/about");
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Inventory" }).click();
    await resultLine(page).waitFor();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname.endsWith(".data") && (url.searchParams.get("_routes") ?? "").includes("routes/vehicle"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const first = page.locator("main article").first();
    const title = await first.locator("h3").textContent();
    await first.getByRole("link", { name: /View Details/ }).click();
    const skeleton = page.getByTestId("vehicle-skeleton");
    await skeleton.waitFor();
    expect(await skeleton.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    release();
    await page.getByText(/^Photo 1 of \d+$/).waitFor();
    expect(await skeleton.count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Vehicle Info" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("answers the 404 page for an unknown vehicle and an unparsable vehicle path", async () => {
    const { page } = await newPage(browser, { baseURL: server.url });
    for (const path of ["/used-2020-honda-civic-fitchburg-ma-01430-00000000-0000-4000-8000-000000000000", "/used-2020-honda-civic"]) {
      const res = await page.goto(path);
      expect(res!.status()).toBe(404);
      await page.getByText("Page Not Found").first().waitFor();
    }
    await page.context().close();
  });
});
