import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import {
  describeViolations,
  launchBrowser,
  newPage,
  openByClientNavigation,
  seriousAxeViolations,
  seriousAxeViolationsWithoutJs,
  waitForHydration,
} from "../support/browser";
import { availableVehiclePath } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // Seeded: the contact form is on the vehicle page too.
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the vehicle page's deferred message form has hydrated (its Save button, also a post form, comes first). */
async function formReady(page: Page): Promise<void> {
  await waitForHydration(page, 'form[method=post]:has(textarea[name="message"])');
}

async function open(path: string): Promise<Page> {
  const { page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 812 } });
  await page.goto(path);
  await waitForHydration(page, "#main");
  return page;
}

describe("contact page", () => {
  it("shows the form, map facade of at least 400 px, hours and call card, and passes axe", async () => {
    const page = await open("/contact");
    await page.getByRole("heading", { name: "Send Us a Message" }).waitFor();
    expect(await page.getByRole("link", { name: "Get Directions" }).isVisible()).toBe(true);
    const mapHeight = await page
      .getByRole("button", { name: /Show interactive map/ })
      .evaluate((el) => el.parentElement!.parentElement!.getBoundingClientRect().height);
    expect(mapHeight).toBeGreaterThanOrEqual(400);
    expect(await page.getByRole("main").getByRole("heading", { name: "Business Hours" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /Call Now/ }).getAttribute("href")).toMatch(/^tel:\+1/);
    // The privacy notice is linked from the form itself, not only from the footer.
    expect(await page.locator("form").getByRole("link", { name: "Privacy Notice" }).getAttribute("href")).toBe("/privacy");
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it("posts as a document with JavaScript on too (decision 152): the server's field messages, then its success note and an empty form; the islands hydrate on each answer, with no CSP violation", async () => {
    const page = await open("/contact");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
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
    const email = page.getByRole("textbox", { name: "Email" });
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await email.getAttribute("aria-describedby")}"]`).textContent()).toBe("Valid email is required");
    // The answer to a post is a document of its own, never cached: its islands' script runs under the response's nonce.
    await waitForHydration(page);
    await page.getByRole("button", { name: /Show interactive map/ }).click();
    await expect.poll(() => page.locator("iframe").count()).toBe(1);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole("textbox", { name: "First Name" }).fill("Carlos");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Souza");
    await email.fill("carlos@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("9785550199");
    await page.getByRole("textbox", { name: "Message" }).fill("What are your hours on holidays?");
    // A second tap while the post is on its way is cancelled (src/shared/ui/post-once.ts). On a real network
    // the first request may already be at the server when the browser replaces it with the second; both taps
    // are made here in one task, so the page can be read before either leaves.
    await page.evaluate(() => {
      const submits: boolean[] = [];
      window.addEventListener("submit", (event) => void submits.push(event.defaultPrevented));
      const form = document.querySelector<HTMLFormElement>("form[method=post]:has(textarea)")!;
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
      button.click();
      button.click();
      sessionStorage.setItem("tapped", JSON.stringify({ submits, busy: form.getAttribute("aria-busy"), label: button.textContent }));
    });
    await page.getByRole("status").getByText("Message sent!").waitFor();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("tapped")))!)).toEqual({
      submits: [false, true],
      busy: "true",
      label: "Sending...",
    });
    expect(await email.inputValue()).toBe("");
    await waitForHydration(page);
    // (The page's other posts, such as the visit counter's, are not the form's.)
    expect(posts.filter((path) => path.includes("contact"))).toEqual(["/contact", "/contact"]);
    // A script the CSP refused would be a console error; the map's frame cannot reach Google from here.
    expect(errors.filter((e) => !/Failed to load resource|ERR_|google/i.test(e))).toEqual([]);

    const { db } = openDatabase(server.dataDir);
    try {
      const rows = await db.selectFrom("contactSubmissions").selectAll().where("email", "=", "carlos@example.com").execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ firstName: "Carlos", vehicleId: null, hasTradeIn: 0 });
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it("on the vehicle page reached by a client-side navigation (in the router's tree, decision 155), the same form checks in place: the first invalid field focused, a message cleared once fixed, 'Sending...', the server's field messages and the failure toasts", async () => {
    const { page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 812 } });
    await openByClientNavigation(page, await availableVehiclePath(server));
    await formReady(page);
    const form = page.locator('form:has(textarea[name="message"])');
    const firstName = form.getByRole("textbox", { name: "First Name" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("First name is required", { exact: true }).waitFor();
    expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    // After a failed submit each edit re-checks its field.
    await firstName.fill("Carlos");
    await form.getByText("First name is required", { exact: true }).waitFor({ state: "detached" });
    expect(await firstName.getAttribute("aria-invalid")).toBeNull();
    expect(await form.getByText("Last name is required", { exact: true }).isVisible()).toBe(true);

    // First a 400 from the real action, for an e-mail it refuses (the browser's check passed): its messages
    // go under the fields, with the failure toast. Then a 500, held so that the sending state shows.
    let answer: "refuse-email" | "fail" = "refuse-email";
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        if (answer === "refuse-email") {
          return route.continue({ postData: (route.request().postData() ?? "").replace(/email=[^&]*/, "email=not-an-email") });
        }
        await held;
        return route.fulfill({ status: 500, body: "boom" });
      },
    );
    await form.getByRole("textbox", { name: "Last Name" }).fill("Souza");
    await form.getByRole("textbox", { name: "Email" }).fill("carlos@example.com");
    await form.getByRole("textbox", { name: "Phone" }).fill("9785550199");
    await form.getByRole("textbox", { name: "Message" }).fill("What are your hours on holidays?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("toast").getByText("Failed to send message. Please try again.").waitFor();
    await form.getByText("Valid email is required", { exact: true }).waitFor();
    expect(await form.getByRole("textbox", { name: "Email" }).getAttribute("aria-invalid")).toBe("true");

    answer = "fail";
    await form.getByRole("button", { name: "Send Message" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Error");
    expect(await page.getByTestId("toast").textContent()).toContain("Failed to send message. Please try again.");
    // The form keeps what was typed so the shopper can retry.
    expect(await firstName.inputValue()).toBe("Carlos");
    await page.context().close();
  });
});

describe("contact form without JavaScript", () => {
  const typed = { first: "Nadia", last: "Okafor", email: "nadia.nojs@example.com", phone: "9785550123", message: "Do you take trade-ins?" };

  it("posts to the page, shows field errors and then its success, and never puts what was typed in the URL", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const urls: string[] = [];
    const bodies: string[] = [];
    page.on("request", (r) => {
      urls.push(r.url());
      if (r.method() === "POST") bodies.push(r.postData() ?? "");
    });
    await page.goto("/contact");
    // Invalid first: a too-short message and a bad e-mail.
    await page.getByRole("textbox", { name: "First Name" }).fill(typed.first);
    await page.getByRole("textbox", { name: "Last Name" }).fill(typed.last);
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Phone" }).fill(typed.phone);
    await page.getByRole("textbox", { name: "Message" }).fill("short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please correct the highlighted fields.").waitFor();
    const email = page.getByRole("textbox", { name: "Email" });
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await email.getAttribute("aria-describedby")}"]`).textContent()).toBe("Valid email is required");
    const message = page.getByRole("textbox", { name: "Message" });
    expect(await page.locator(`[id="${await message.getAttribute("aria-describedby")}"]`).textContent()).toBe(
      "Message must be at least 10 characters",
    );
    // What was typed comes back in the fields, so the shopper only fixes the two.
    expect(await page.getByRole("textbox", { name: "First Name" }).inputValue()).toBe(typed.first);
    expect(await page.getByRole("textbox", { name: "First Name" }).getAttribute("aria-invalid")).toBeNull();
    const violations = await seriousAxeViolationsWithoutJs(browser, page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await email.fill(typed.email);
    await message.fill(typed.message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").getByText("Message sent!").waitFor();
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("");

    // Both submissions were POST bodies; no URL the browser loaded holds anything typed.
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toContain("nadia.nojs%40example.com");
    for (const url of [...urls, page.url()]) {
      expect(new URL(url).search).toBe("");
      for (const value of Object.values(typed)) expect(decodeURIComponent(url)).not.toContain(value);
    }
    const { db } = openDatabase(server.dataDir);
    try {
      const row = await db.selectFrom("contactSubmissions").selectAll().where("email", "=", typed.email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ firstName: typed.first, message: typed.message, vehicleId: null, hasTradeIn: 0 });
    } finally {
      await db.destroy();
    }
    await context.close();
  });
});

describe("about page", () => {
  it("has the story, services, values and the two buttons, and passes axe", async () => {
    const page = await open("/about");
    for (const name of ["Our Story", "Our Services", "Our Values"]) await page.getByRole("heading", { name, level: 2 }).waitFor();
    for (const name of ["Quality Used Vehicles", "Flexible Financing", "Quality", "Customer Service", "Integrity"]) {
      expect(await page.getByRole("heading", { name, exact: true, level: 3 }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("link", { name: "Browse Inventory" }).last().getAttribute("href")).toBe("/inventory");
    expect(await page.getByRole("link", { name: "Contact Us" }).last().getAttribute("href")).toBe("/contact");
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });
});
