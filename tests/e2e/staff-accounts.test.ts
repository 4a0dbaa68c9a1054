import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, launchBrowser, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { navigationScreens, openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

describe("staff accounts in the browser", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function freshPage(): Promise<Page> {
    // Staff on phones (390 px, touch), the owner included.
    const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH });
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem("splash-seen", "1");
      } catch {
        /* about:blank */
      }
    });
    return context.newPage();
  }

  it("owner enrolls, adds a sales person who sets a password through the link, enrolls and sees no Financing screen", async () => {
    const owner = await freshPage();
    await owner.goto("/podium");
    // A wrong password: the same message an unknown e-mail gets.
    await owner.getByLabel("E-mail").fill(DEMO_OWNER.email);
    await owner.getByLabel("Password").fill("not the password");
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByText("Invalid email or password.").waitFor();
    expect(describeViolations(await seriousAxeViolations(owner))).toBe("");

    const { recoveryCodes } = await signInInBrowser(owner, server, DEMO_OWNER.email, DEMO_OWNER.password);
    expect(recoveryCodes).toHaveLength(10);
    const screens = await navigationScreens(owner);
    expect(screens).toEqual(expect.arrayContaining(["Vehicles", "Financing Apps", "Staff", "Audit Log"]));

    await openStaffScreen(owner, "Staff");
    await owner.getByLabel("E-mail").fill("sam.sales@example.com");
    await owner.getByLabel("Name", { exact: true }).fill("Sam Sales");
    await owner.getByLabel("Role", { exact: true }).selectOption("sales");
    await owner.getByRole("button", { name: "Create account" }).click();
    const setupUrl = await owner.getByTestId("setup-url").innerText();
    expect(setupUrl).toMatch(/\/podium\/setup\?token=/);
    await owner.getByRole("cell", { name: "sam.sales@example.com" }).waitFor();
    expect(describeViolations(await seriousAxeViolations(owner))).toBe("");
    // A phone shows no column headings: "Sort by" orders the accounts (a second tap, the other way).
    await waitForHydration(owner);
    const order = owner.getByRole("group", { name: "Order of Staff accounts" });
    const emails = () => owner.locator("tbody tr td:nth-child(2) > div").allInnerTexts();
    await order.getByRole("button", { name: "E-mail" }).tap();
    await expect.poll(emails).toEqual(["owner@example.com", "sam.sales@example.com"]);
    expect(await order.getByRole("button", { name: /^E-mail/ }).getAttribute("aria-pressed")).toBe("true");
    await order.getByRole("button", { name: /^E-mail/ }).tap();
    await expect.poll(emails).toEqual(["sam.sales@example.com", "owner@example.com"]);
    await order.getByRole("button", { name: "E-mail (descending)" }).waitFor();

    const sales = await freshPage();
    // The first try before the page's scripts run, as a slow phone's would: the page's no-referrer policy
    // makes the browser's post say `Origin: null`, which React Router refused with a bare "Bad Request".
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await sales.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      // The first document's requests went with it when the form's post replaced it.
      await route.continue().catch(() => {});
    });
    // Held scripts hold the load event too: wait for the document, not for "load".
    await sales.goto(new URL(setupUrl).pathname + new URL(setupUrl).search, { waitUntil: "commit" });
    await sales.getByLabel("New password").fill("password1234");
    await sales.getByRole("button", { name: "Set password" }).click();
    await sales.getByText("This password is too common").waitFor();
    releaseScripts();
    await sales.unroute("**/assets/*.js");
    expect(describeViolations(await seriousAxeViolations(sales))).toBe("");
    await sales.getByLabel("New password").fill("sam sells cars in fitchburg");
    await sales.getByRole("button", { name: "Set password" }).click();
    await sales.getByText("Your password is set.").waitFor();

    await signInInBrowser(sales, server, "sam.sales@example.com", "sam sells cars in fitchburg");
    // The navigation's screens, grouped by job (sales, lot, service, reports).
    const salesScreens = await navigationScreens(sales);
    expect(salesScreens).toEqual([
      "Leads",
      "Customers",
      "Today",
      "Deals",
      "Trade-ins",
      "Messages",
      "Vehicles",
      "Bookings",
      "Lead Report",
      "Visitor Reports",
      "Alerts Report",
    ]);
    expect(salesScreens).not.toContain("Financing Apps");
    // And the server agrees: the screen's address answers 403.
    const refused = await sales.goto("/podium/financing");
    expect(refused?.status()).toBe(403);
    await sales.getByText("Your role does not allow this screen.").waitFor();

    // The owner sees the person's sign-in in the audit log, filtered by person.
    await openStaffScreen(owner, "Audit Log");
    await owner.getByLabel("Person").selectOption({ label: "Sam Sales (sam.sales@example.com)" });
    await owner.getByRole("row").filter({ hasText: "sam.sales@example.com" }).filter({ hasText: "mfa-enrolled" }).first().waitFor();
    // Once the filter applies, the owner's own entries leave the table.
    await expect.poll(() => owner.getByRole("cell", { name: "owner@example.com" }).count()).toBe(0);
    expect(describeViolations(await seriousAxeViolations(owner))).toBe("");
  });
});
