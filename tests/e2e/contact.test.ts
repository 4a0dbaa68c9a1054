import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import {
  describeViolations,
  launchBrowser,
  newPage,
  seriousAxeViolations,
  seriousAxeViolationsWithoutJs,
  waitForHydration,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until React has hydrated the contact form (before that a submit is a plain post). */
async function formReady(page: Page): Promise<void> {
  await waitForHydration(page, 'form[action="/contact"]');
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

  it("shows the spec's validation messages, then 'Sending...', the success toast and an empty form", async () => {
    const page = await open("/contact");
    await formReady(page);
    await page.getByRole("button", { name: "Send Message" }).click();
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
    const describedBy = await email.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Valid email is required");

    await page.getByRole("textbox", { name: "First Name" }).fill("Carlos");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Souza");
    await email.fill("carlos@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("9785550199");
    await page.getByRole("textbox", { name: "Message" }).fill("What are your hours on holidays?");
    // Hold the request so the sending state is observable.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The form posts to its page's route action (React Router's data request for /contact).
    await page.route("**/contact.data", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Message sent!");
    expect(await toast.textContent()).toContain("We'll get back to you shortly.");
    await expect.poll(() => email.inputValue()).toBe("");

    const { db } = openDatabase(server.dataDir);
    try {
      const row = await db.selectFrom("contactSubmissions").selectAll().where("email", "=", "carlos@example.com").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ firstName: "Carlos", vehicleId: null, hasTradeIn: 0 });
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it("focuses the first invalid field, clears a message once fixed, and shows the server's field messages", async () => {
    const page = await open("/contact");
    await formReady(page);
    const firstName = page.getByRole("textbox", { name: "First Name" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("First name is required", { exact: true }).waitFor();
    expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    // After a failed submit each edit re-checks its field.
    await firstName.fill("Carlos");
    await page.getByText("First name is required", { exact: true }).waitFor({ state: "detached" });
    expect(await firstName.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Last name is required", { exact: true }).isVisible()).toBe(true);

    // A 400 from the server puts its messages under the fields, with the failure toast: the post
    // reaches the real action with an e-mail the server refuses (the browser's check passed).
    await page.route("**/contact.data", (route) =>
      route.request().method() === "POST"
        ? route.continue({ postData: (route.request().postData() ?? "").replace(/email=[^&]*/, "email=not-an-email") })
        : route.continue(),
    );
    await page.getByRole("textbox", { name: "Last Name" }).fill("Souza");
    await page.getByRole("textbox", { name: "Email" }).fill("carlos@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("9785550199");
    await page.getByRole("textbox", { name: "Message" }).fill("What are your hours on holidays?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("toast").getByText("Failed to send message. Please try again.").waitFor();
    await page.getByText("Valid email is required", { exact: true }).waitFor();
    expect(await page.getByRole("textbox", { name: "Email" }).getAttribute("aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("shows the failure toast when the server refuses", async () => {
    const page = await open("/contact");
    await formReady(page);
    await page.route("**/contact.data", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "boom" }) : route.continue(),
    );
    await page.getByRole("textbox", { name: "First Name" }).fill("Carlos");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Souza");
    await page.getByRole("textbox", { name: "Email" }).fill("carlos@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("9785550199");
    await page.getByRole("textbox", { name: "Message" }).fill("What are your hours on holidays?");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Error");
    expect(await toast.textContent()).toContain("Failed to send message. Please try again.");
    // The form keeps what was typed so the shopper can retry.
    expect(await page.getByRole("textbox", { name: "First Name" }).inputValue()).toBe("Carlos");
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
