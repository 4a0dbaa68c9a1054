import fs from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";

const require = createRequire(import.meta.url);

/** Chromium from CHROME_PATH or Debian's /usr/bin/chromium; a clear failure when neither exists. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(", ")}). Install it with 'apt-get install -y chromium' or set CHROME_PATH.`,
    );
  }
  return found;
}

/**
 * Chromium's flags for tests and benches on a machine without network: no sandbox (root), no GPU, and
 * none of the background connections the closed network would refuse.
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium's headless shell (Debian's chromium-headless-shell): the same Blink and V8 as the browser,
 * without the browser's own windows, tab strip and WebUI renderers. On two cores it costs half the CPU of
 * the whole browser for the same end-to-end files (docs/decisions/161-end-to-end-tests-in-the-headless-shell.md).
 * Undefined when it is not installed, or when CHROME_PATH names the one Chromium to use.
 */
export function headlessShellPath(): string | undefined {
  if (process.env.CHROME_PATH) return undefined;
  return ["/usr/bin/chromium-headless-shell"].find((p) => fs.existsSync(p));
}

/**
 * The end-to-end tests' Chromium: the headless shell when it is installed. `wholeBrowser` asks for the
 * whole browser instead, for what only it has (a notification shown by a service worker) and for the
 * benches, whose figures stay comparable with their history and with Lighthouse's.
 */
export async function launchBrowser(options: { wholeBrowser?: boolean } = {}): Promise<Browser> {
  const shell = options.wholeBrowser ? undefined : headlessShellPath();
  return chromium.launch({ executablePath: shell ?? chromiumPath(), headless: true, args: chromiumFlags });
}

/**
 * A phone as staff carry one (decision 129: every staff flow runs at 390 px): 390×844, a touch screen, and
 * the mobile viewport rules (the page's meta viewport; a page wider than the screen is zoomed out, not cut).
 * Spread it into `newPage`'s or `browser.newContext`'s options.
 */
export const PHONE_TOUCH = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

export type PageOptions = {
  /** Default true: mark the splash as already seen so it does not cover the page. */
  skipSplash?: boolean;
  viewport?: { width: number; height: number };
  /** With PHONE_TOUCH: a touch screen and the mobile viewport rules. */
  hasTouch?: boolean;
  isMobile?: boolean;
  baseURL: string;
};

/** A fresh browser context (own cookies/storage) and page. */
export async function newPage(browser: Browser, options: PageOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
  });
  if (options.skipSplash !== false) {
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem("splash-seen", "1");
      } catch {
        /* storage unavailable on about:blank */
      }
    });
  }
  const page = await context.newPage();
  return { context, page };
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Runs axe-core on the page and returns serious and critical violations (WCAG 2.2 AA rules). `include`, a
 * CSS selector, checks only that part of the page (the rest still counts as what may cover it).
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const source = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol, which the page's CSP (rightly) does not allow as an inline script.
  await page.evaluate(source);
  // A card fading in (the welcome splash) is half transparent for 400 ms, and axe would measure that
  // passing state as the card's contrast: let every finite animation end first; endless ones (spinners) stay.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = (await page.evaluate(async (part) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(part ? { include: [part] } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations;
  }, include)) as AxeViolation[];
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * axe for a page seen without JavaScript: axe itself needs scripts (timers), so the page's
 * current HTML, scripts stripped, is served at the same URL to a context with scripts on and
 * checked there. The page is exactly what the no-JS shopper sees; nothing hydrates it.
 */
export async function seriousAxeViolationsWithoutJs(browser: Browser, noJsPage: Page): Promise<AxeViolation[]> {
  // The whole document: a page still streaming would be copied cut short (an element open, its children to come).
  await noJsPage.waitForLoadState("load");
  const html = (await noJsPage.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = noJsPage.url();
  // A request never carries the URL's #fragment, so the route matches the URL without it: a page
  // left at "…#estimate" would otherwise load from the server, scripts and all, and hydrate.
  const requested = url.split("#")[0];
  const context = await browser.newContext({ viewport: noJsPage.viewportSize() ?? undefined });
  try {
    const page = await context.newPage();
    await page.route(
      (candidate) => candidate.href === requested,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await page.goto(url);
    if ((await page.locator("script").count()) > 0) {
      throw new Error(`The page checked as seen without JavaScript at ${url} has scripts: the stripped copy was not served.`);
    }
    return await seriousAxeViolations(page);
  } finally {
    await context.close();
  }
}

/** Human-readable axe summary for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`).join("\n");
}

/**
 * Waits until React has hydrated the page, or the element `selector` names: React keeps each
 * hydrated element's props (its handlers) on the DOM node under a `__reactProps$…` key, so this
 * watches React itself rather than a marker the app would set for tests. A page that never hydrates
 * (decision 149) has no module script: it is ready once its document is parsed. A page that hydrates only
 * its islands (decision 151) is ready once each island is a React root.
 */
export async function waitForHydration(page: Page, selector = "body"): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      if (document.readyState !== "loading" && !document.querySelector("script[type=module]")) return true;
      // A page that hydrates only its islands (decision 151): each island's wrapper becomes a React root.
      const islands = document.querySelectorAll("[data-island]");
      if (islands.length > 0 && !("__reactRouterContext" in window)) {
        return [...islands].every((island) => Object.keys(island).some((key) => key.startsWith("__reactContainer$")));
      }
      const element = document.querySelector(sel);
      return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactProps$")));
    },
    selector,
    { timeout: 20_000 },
  );
}

/**
 * A page that hydrates whole, where a test starts a client-side navigation so that the public page it opens renders
 * in React Router's tree (decisions 151, 155) rather than as a document of islands. No public page hydrates whole
 * since the booking page hydrates only its islands (decision 158): the staff app's sign-in page does, and needs no
 * session.
 */
export const PAGE_THAT_HYDRATES_WHOLE = "/podium/sign-in";

/** Navigates a page that hydrated whole to `path` through the router itself (as a link would). */
export async function navigateInRouter(page: Page, path: string): Promise<void> {
  await page.evaluate(
    (to) =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(to),
    path,
  );
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * Opens `path` by a client-side navigation from `PAGE_THAT_HYDRATES_WHOLE`: the page renders in the router's tree,
 * with its forms' in-place checks and toasts.
 */
export async function openByClientNavigation(page: Page, path: string): Promise<void> {
  await page.goto(PAGE_THAT_HYDRATES_WHOLE);
  await waitForHydration(page);
  await navigateInRouter(page, path);
}

/** The staff pages' live stream (decision 113): open for as long as the page, so never "finished". */
const isEventStream = (url: URL) => url.pathname === "/podium/events";

/**
 * Playwright's "networkidle" (loaded, then no request in flight for 500 ms) for a page that holds an
 * always-open request: every other request of the page counts, `ignored` ones (by default the staff
 * event stream) do not. Start it right after the page is made: it counts the requests it sees start.
 */
export function trackNetwork(page: Page, ignored: (url: URL) => boolean = isEventStream) {
  const inFlight = new Set<Request>();
  page.on("request", (request) => {
    if (!ignored(new URL(request.url()))) inFlight.add(request);
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return {
    async idle({ quietMs = 500, timeoutMs = 30_000 } = {}): Promise<void> {
      await page.waitForLoadState("load");
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      for (;;) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        if (Date.now() > deadline) throw new Error(`Requests still in flight: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
