import type { Browser, BrowserContext, Page, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { startLoopbackPushService } from "../support/loopback-push-service";
import { signInInBrowser } from "../support/staff-browser";
import { createAccount } from "../support/staff-sign-in";
import { signedInContext, signInOnce, type StaffSession } from "../support/staff-session";
import { endOfDealerDay } from "~/shared/lib/dealer-clock";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The staff app in Chromium (decisions 113 and 114): screens kept live by the event stream,
 * the manifest and service worker, the offline screen and a push shown as a notification.
 */
const PHONE = { width: 390, height: 844 };
const SALES = { email: "lena.live@example.com", name: "Lena Live", role: "sales" as const, password: "lena sells cars live in fitchburg" };

let server: TestServer;
let browser: Browser;
let pushService: Awaited<ReturnType<typeof startLoopbackPushService>>;
/** Lena's session, signed in once: each test opens its own context with it. */
let session: StaffSession;

beforeAll(async () => {
  pushService = await startLoopbackPushService();
  // PUSH_LOOPBACK (tests only): the loopback push service's http endpoints are accepted as devices.
  // TEST_CLOCK (tests only): with no clock file the server keeps the system's time, but its sweep for
  // tasks coming due runs every 200 ms instead of 15 s, so a task's notice comes when it is due, not up
  // to 15 s later.
  [server, browser] = await Promise.all([
    startTestServer({ env: { TRUST_PROXY: "true", PUSH_LOOPBACK: "true", TEST_CLOCK: "true" } }),
    // The whole browser, not the headless shell: only it shows a service worker's notification.
    launchBrowser({ wholeBrowser: true }),
  ]);
  await createAccount(server, SALES);
  session = await signInOnce(browser, server, SALES.email, SALES.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

async function postLead(firstName: string, forwardedFor: string) {
  const res = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({
      firstName,
      lastName: "Streamwell",
      email: `${firstName.toLowerCase()}.streamwell@example.com`,
      phone: "(978) 555-0177",
      message: "Is the Civic still there?",
      locale: "en",
    }),
  });
  expect(res.status).toBe(201);
}

async function signedInPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, session, { baseURL: server.url, ...PHONE_TOUCH });
  const page = await context.newPage();
  await page.goto("/podium");
  await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
  await waitForHydration(page);
  return { context, page };
}

/**
 * The page's service worker once it is active and controls the page, from the browser's own list. The
 * worker claims the page it was registered from when it activates; before that claim had reached the
 * page, a reload loaded it uncontrolled (every time) and a push delivered was often not shown (then
 * delivered again 10 s later). When each test signed in first, the sign-in page had registered the
 * worker long before.
 */
async function activeServiceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(
    async () =>
      (await navigator.serviceWorker.getRegistration("/podium/"))?.active?.state === "activated" &&
      navigator.serviceWorker.controller !== null,
    undefined,
    {
      timeout: 20_000,
    },
  );
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/podium/sw.js")) ?? (await context.waitForEvent("serviceworker"));
  return worker;
}

/** A push delivered to the page's service worker through DevTools, as a push service would. */
async function deliverPush(context: BrowserContext, page: Page, payload: Record<string, string>): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${server.url}/podium/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: server.url,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
}

/**
 * Delivers a push through DevTools until the worker shows a notification with its tag. Once, with the
 * end-to-end suite beside two busy cores, a delivery showed nothing within 10 s (whether DevTools dropped it
 * or the worker was that slow is not known). A second delivery with the same tag replaces a first that comes
 * late (one notification per tag), so the tests' lists of notifications still hold exactly one.
 */
async function deliverPushUntilShown(context: BrowserContext, page: Page, worker: Worker, payload: Record<string, string>): Promise<void> {
  const shown = () =>
    worker.evaluate(
      async (tag) =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).some((n) => n.tag === tag),
      payload.tag,
    );
  for (let attempt = 1; ; attempt++) {
    await deliverPush(context, page, payload);
    try {
      await expect.poll(shown, { timeout: 10_000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe("live staff screens (decision 113)", () => {
  it("shows a lead posted through the public API on a salesperson's open inbox at 390 px within seconds, without a reload, keeping what they type", async () => {
    const { context, page } = await signedInPhone();
    await page.waitForFunction(() => document.documentElement.dataset.staffLive === "open");
    // A mark that a reload would wipe out.
    await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = "still the same page"));
    const search = page.getByRole("searchbox", { name: "Search", exact: true });
    await search.click();
    await search.pressSequentially("half typed nam");
    const before = Date.now();

    await postLead("Odalys", "198.51.100.61");
    await page.getByText("Odalys Streamwell").first().waitFor({ timeout: 5_000 });
    const seconds = (Date.now() - before) / 1000;
    expect(seconds).toBeLessThan(5);

    expect(await search.inputValue()).toBe("half typed nam");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("q");
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("still the same page");
    expect(new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("reloads the screen's data once or twice for a burst of events, not once per event", async () => {
    const { context, page } = await signedInPhone();
    await page.waitForFunction(() => document.documentElement.dataset.staffLive === "open");
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
    });
    // Three leads at once: three events or more (each lead's created, and assigned where it is), arriving
    // within the debounce: one reload of the route data (two if the machine spreads the posts out).
    await Promise.all([postLead("Burst", "198.51.100.62"), postLead("Bursty", "198.51.100.63"), postLead("Burstier", "198.51.100.64")]);
    await page.getByText("Burstier Streamwell").first().waitFor({ timeout: 5_000 });
    await page.getByText("Burst Streamwell").first().waitFor();
    await page.waitForTimeout(1_500);
    expect(reloads.length, reloads.join("\n")).toBeLessThanOrEqual(2);
    expect(reloads.length).toBeGreaterThanOrEqual(1);
    await context.close();
  });
  it("marks a task overdue on an open Today screen when its due time comes (task.due), without a reload", async () => {
    // Today lists tasks due before the dealership's midnight: not within a minute of it.
    const untilMidnight = endOfDealerDay(new Date()).getTime() - Date.now();
    if (untilMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
    const { context, page } = await signedInPhone();
    await postLead("Tasha", "198.51.100.65");
    const dueAt = await page.evaluate(async () => {
      const [lead] = (await (await fetch("/api/admin/leads?type=message&limit=1")).json()) as { customerId: string }[];
      const record = (await (await fetch(`/api/admin/customers/${lead!.customerId}`)).json()) as { assignees: { id: string }[] };
      // The person asking is offered first.
      const due = new Date(Date.now() + 4_000).toISOString();
      const res = await fetch(`/api/admin/customers/${lead!.customerId}/tasks`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "call", dueAt: due, assigneeId: record.assignees[0]!.id, note: "Call Tasha at her time" }),
      });
      if (res.status !== 201) throw new Error(`task answered ${res.status}`);
      return due;
    });
    await page.goto("/podium/today");
    await page.waitForFunction(() => document.documentElement.dataset.staffLive === "open");
    const task = page.locator("li", { hasText: "Call Tasha at her time" });
    await task.waitFor();
    // Loaded before its due time (unless the machine was that slow): not overdue yet.
    if (Date.now() < Date.parse(dueAt)) expect(await task.getAttribute("data-overdue")).toBeNull();
    await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = "no reload"));
    // The sweep (every 200 ms under TEST_CLOCK) sends task.due once the due time has passed; the event
    // reloads the screen's data in place.
    await page.locator("li[data-overdue]", { hasText: "Call Tasha at her time" }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe("no reload");
    await context.close();
  });
});

describe("the shell before hydration (decision 125)", () => {
  it("keeps 'More' open when it is tapped before the page hydrates, and closes it when a screen is chosen from it", async () => {
    // No service worker: the page's scripts must pass the test's hold, not come from the worker.
    const context = await signedInContext(browser, session, { baseURL: server.url, ...PHONE_TOUCH, serviceWorkers: "block" });
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/podium/today", { waitUntil: "commit" });
    const more = page.getByRole("navigation", { name: "Shortcuts" }).locator("details");
    await more.locator("summary").waitFor({ state: "visible" });
    expect(await page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__react")))).toBe(false);
    await more.locator("summary").tap();
    const customers = more.getByRole("link", { name: /^Customers/ });
    await customers.waitFor({ state: "visible" });
    release();
    await waitForHydration(page);
    // Hydration (and the shell's effects) leave the menu as the person left it.
    await page.waitForTimeout(300);
    expect(await more.getAttribute("open")).toBe("");
    expect(await customers.isVisible()).toBe(true);
    await customers.tap();
    await page.waitForURL((url) => url.pathname === "/podium/customers");
    await page.getByRole("heading", { level: 1, name: "Customers" }).waitFor();
    await expect.poll(() => more.getAttribute("open")).toBeNull();
    await context.close();
  });
});

describe("the installable staff app (decision 114)", () => {
  it("serves the manifest and the service worker with their types, on staff paths, to anyone", async () => {
    const manifest = await fetch(`${server.url}/podium/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(body).toMatchObject({ short_name: "Staff", start_url: "/podium/leads", scope: "/podium/", display: "standalone" });
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of body.icons) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.headers.get("content-type"), icon.src).toBe("image/png");
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.readUInt32BE(16), icon.src).toBe(Number(icon.sizes.split("x")[0]));
    }

    const worker = await fetch(`${server.url}/podium/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(worker.headers.get("service-worker-allowed")).toBeNull();
    expect(await worker.text()).toContain('"offlineUrl":"/podium/offline"');
  });

  it("links the manifest and registers the worker on staff pages only", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    for (const path of ["/", "/inventory", "/contact", "/es/"]) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("load");
      await page.waitForTimeout(300);
      expect(await page.locator('link[rel="manifest"]').count(), path).toBe(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), path).toBe(0);
    }
    expect(context.serviceWorkers()).toEqual([]);
    await page.goto("/podium/sign-in");
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/podium/manifest.webmanifest");
    await activeServiceWorker(context, page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/podium/"))?.scope);
    expect(scope).toBe(`${server.url}/podium/`);
    // A public page is outside its scope: not controlled.
    await page.goto("/");
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await context.close();
  });

  it("shows a push delivered through DevTools as a notification with its title, body, tag and screen", async () => {
    const { context, page } = await signedInPhone();
    await context.grantPermissions(["notifications"], { origin: server.url });
    const worker = await activeServiceWorker(context, page);
    const payload = {
      title: "New message",
      body: "Odalys · 2019 Honda Civic · wrote in English",
      url: "/podium/customers/abc",
      tag: "message:1",
    };
    await deliverPushUntilShown(context, page, worker, payload);
    await expect
      .poll(() =>
        worker.evaluate(async () =>
          (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          })),
        ),
      )
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
    await context.close();
  });

  it("a tap on a push's notification takes the open staff window to the screen the push names (the focus itself is Chromium's to refuse here)", async () => {
    const { context, page } = await signedInPhone();
    await context.grantPermissions(["notifications"], { origin: server.url });
    const worker = await activeServiceWorker(context, page);
    // The worker claims its pages when it activates: this window is one of its clients.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await deliverPushUntilShown(context, page, worker, {
      title: "Task due: call",
      body: "Odalys · Call back",
      url: "/podium/today",
      tag: "task:1",
    });
    type Scope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    await expect
      .poll(() => worker.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).map((n) => n.tag)))
      .toEqual(["task:1"]);
    // Headless Chromium has no notification to tap and DevTools no way to tap one; the worker is handed
    // the click as a NotificationEvent dispatched in its own context. Chromium treats that click as not
    // the person's: `focus()` and `openWindow()` are refused ("Not allowed to focus a window.").
    await worker.evaluate(async () => {
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications({ tag: "task:1" });
      const NotificationEventOf = (
        globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationEventOf("notificationclick", { notification: notification! }));
    });
    await page.waitForURL(`${server.url}/podium/today`, { timeout: 10_000 });
    await page.getByRole("heading", { level: 1, name: "My tasks" }).waitFor();
    expect(context.pages()).toHaveLength(1);
    // The tapped notification is closed.
    expect(await worker.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).length)).toBe(0);
    await context.close();
  });

  it("lists the person's devices in their account, removes one without JavaScript, saves quiet hours (axe at 390 px and desktop)", async () => {
    const { context, page } = await signedInPhone();
    // A device subscribed as the page's script does (the browser's own push service is out of reach here).
    const device = pushService.newDevice();
    const status = await page.evaluate(
      async (body) =>
        (await fetch("/api/admin/push-subscriptions", { method: "POST", headers: { "Content-Type": "application/json" }, body })).status,
      JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
    );
    expect(status).toBe(201);
    await page.locator("summary", { hasText: "Account" }).click();
    await page.getByRole("link", { name: "Your account and notifications" }).click();
    const section = page.getByTestId("notifications-section");
    await section.getByRole("heading", { name: "Notifications on this device" }).waitFor();
    await section.getByRole("button", { name: "Turn on notifications" }).waitFor();
    expect(await section.getByTestId("push-device").count()).toBe(1);
    expect(await section.getByTestId("push-device").innerText()).toContain("127.0.0.1");
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      const violations = await seriousAxeViolations(page);
      expect(violations, `${viewport.width} px: ${describeViolations(violations)}`).toEqual([]);
    }
    // The browser refuses the permission (nobody granted it here): the section says where to allow it, and nothing is posted.
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    await section.getByText("Notifications are blocked for this site in the browser's settings.").waitFor();
    expect(await page.evaluate(() => Notification.permission)).not.toBe("granted");
    const cookies = await context.cookies();
    await context.close();

    // Without JavaScript: the same screen says so, and its forms post and come back (post/redirect/get).
    const noJs = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH, javaScriptEnabled: false });
    await noJs.addCookies(cookies);
    const plain = await noJs.newPage();
    await plain.goto("/podium/account");
    const plainSection = plain.getByTestId("notifications-section");
    await plainSection.getByText("Turning notifications on needs JavaScript").waitFor();
    await plainSection.getByLabel("From").fill("22:00");
    await plainSection.getByRole("button", { name: "Save quiet hours" }).click();
    await plain.getByText("Give both times (HH:MM) or neither.").waitFor();
    await plainSection.getByLabel("Until").fill("07:00");
    await plainSection.getByRole("button", { name: "Save quiet hours" }).click();
    await plain.getByText("Quiet hours saved.").waitFor();
    expect(await plainSection.getByLabel("From").inputValue()).toBe("22:00");
    expect(await plainSection.getByLabel("Until").inputValue()).toBe("07:00");
    await plainSection.getByRole("button", { name: /^Remove / }).click();
    await plain.getByText("The device no longer receives notifications.").waitFor();
    expect(await plainSection.getByTestId("push-device").count()).toBe(0);
    await plainSection.getByText("No device of yours receives notifications yet.").waitFor();
    await noJs.close();
  });

  // Last: it kills the server.
  it("shows the offline screen in place of a staff screen when the server cannot be reached", async () => {
    // Signed in for real: the sign-in page registers the worker long before the screen loads. A worker first
    // registered by the screen itself left the reload below uncontrolled once on a loaded machine.
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await signInInBrowser(page, server, SALES.email, SALES.password);
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    await waitForHydration(page);
    await activeServiceWorker(context, page);
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // What the worker keeps: the offline screen and its stylesheet, nothing of the screens the person opened.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls.sort();
    });
    expect(
      cached.filter((path) => path !== "/podium/offline").every((path) => /^\/assets\/[\w-]+\.css$/.test(path)),
      cached.join(", "),
    ).toBe(true);
    expect(cached).toContain("/podium/offline");
    expect(cached.length).toBeGreaterThanOrEqual(2);
    // Gone at once: a graceful stop took 10 s here (the server's limit before it closes the connections
    // still open, this page's among them), and the worker answers a server that is gone the same way.
    await server.kill("SIGKILL");
    await page.goto("/podium/today");
    await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/podium/today");
    // Styled by the cached stylesheet (the shell's colours), with no script and no one's data.
    expect(await page.locator("script").count()).toBe(0);
    const colour = await page.getByTestId("offline-retry").evaluate((a) => getComputedStyle(a).backgroundColor);
    expect(colour).not.toBe("rgba(0, 0, 0, 0)");
    expect(await page.getByText(SALES.name).count()).toBe(0);
    expect(await page.getByTestId("offline-retry").getAttribute("href")).toBe("");
    await context.close();
  });
});
