import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import {
  describeViolations,
  launchBrowser,
  newPage,
  PHONE_TOUCH,
  seriousAxeViolations,
  seriousAxeViolationsWithoutJs,
  waitForHydration,
} from "../support/browser";
import { openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The deal sheet in Chromium (docs/behaviour.md §16): from the vehicle page's estimate to the form
 * (axe), the sheet's page (axe), the staff Deals tab (axe) and its revision dialog (axe), and the old
 * link saying it was replaced (axe).
 */

let server: TestServer;
let browser: Browser;
let smtp: SmtpCapture;

const PHONE = { width: 390, height: 844 };

type ApiVehicle = { id: string; year: number; make: string; model: string; status: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [server, browser] = await Promise.all([
    startTestServer({ seeded: true, env: { SMTP_URL: smtp.url, LEADS_TO: "leads@dealer.test", MAIL_FROM: "noreply@dealer.test" } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function mailTo(address: string, subject: RegExp) {
  for (let tries = 0; tries < 200; tries++) {
    const mail = smtp.mails.find((m) => m.envelopeTo.includes(address) && subject.test(m.parsed.subject ?? ""));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

describe("the deal sheet", () => {
  it("goes from the estimate to the form (axe) to the sheet (axe), on a phone", async () => {
    const vehicle = ((await (await fetch(`${server.url}/api/vehicles`)).json()) as ApiVehicle[]).find((v) => v.status === "available")!;
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    await page.goto(`${vehiclePath(vehicle)}?downPayment=1500&creditBand=fair&termMonths=48#estimate`);
    await page.getByTestId("send-deal").click();
    await page.getByRole("heading", { level: 1, name: "Send me this deal" }).waitFor();
    expect(new URL(page.url()).searchParams.get("downPayment")).toBe("1500");
    await waitForHydration(page, "form[method='post']");
    const formViolations = await seriousAxeViolations(page);
    expect(formViolations, describeViolations(formViolations)).toEqual([]);

    // A wrong e-mail: the field says so.
    await page.getByLabel("First name", { exact: true }).fill("Maya");
    await page.getByLabel("Last name", { exact: true }).fill("Chen");
    await page.getByLabel("E-mail", { exact: true }).fill("maya.deal@");
    await page.getByLabel("Phone", { exact: true }).fill("978-555-0177");
    await page.getByRole("button", { name: "Send me this deal" }).click();
    await page.getByText("Please enter a valid e-mail address").waitFor();
    const errorViolations = await seriousAxeViolations(page);
    expect(errorViolations, describeViolations(errorViolations)).toEqual([]);
    expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe("978-555-0177");
    await page.getByLabel("E-mail", { exact: true }).fill("maya.deal@example.com");

    // The consent to calls and texts is its own optional box, unticked, naming the dealership (decision 094).
    const consent = page.getByLabel(/may call me and send me text messages .* not a condition of buying anything/);
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Send me this deal" }).click();
    await page.getByRole("heading", { level: 1, name: "Your deal sheet" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/deal\/[A-Za-z0-9_-]{43}$/);
    await page.getByText("Prepared for Maya Chen").waitFor();
    await page.getByTestId("deal-warranty").waitFor();
    const sheetViolations = await seriousAxeViolations(page);
    expect(sheetViolations, describeViolations(sheetViolations)).toEqual([]);
    expect(await page.getByTestId("deal-payment").textContent()).toMatch(/for 48 months with \$1,500\.00 down/);
    await context.close();
  }, 90_000);

  it("shows staff the Deals tab (axe) and its revision dialog (axe); the old link then says it was replaced (axe)", async () => {
    const first = await mailTo("maya.deal@example.com", /^Your deal sheet: /);
    const oldLink = new URL(/Open your deal sheet: (\S+)/.exec(first.parsed.text!)![1]!);

    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await openStaffScreen(page, "Deals");
    const card = page.getByTestId("deal-card").filter({ hasText: "Maya Chen" });
    await card.waitFor();
    const tabViolations = await seriousAxeViolations(page);
    expect(tabViolations, describeViolations(tabViolations)).toEqual([]);

    // The deal's own page (/podium/deals/{id}), and the revision dialog in its address (?revise=1).
    await card.getByRole("link", { name: "Open deal: Maya Chen" }).click();
    await page.getByRole("heading", { level: 1, name: /^Deal: .+ for Maya Chen$/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/podium\/deals\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "Revise and send: Maya Chen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const dialogViolations = await seriousAxeViolations(page);
    expect(dialogViolations, describeViolations(dialogViolations)).toEqual([]);
    await dialog.getByLabel("Down payment ($)").fill("2500");
    await dialog.getByRole("button", { name: "Send revised sheet" }).click();
    await page.getByTestId("deal-card").filter({ hasText: "Version 2" }).waitFor();
    await context.close();

    const revised = await mailTo("maya.deal@example.com", /^Your revised deal sheet: /);
    const newLink = new URL(/Open your deal sheet: (\S+)/.exec(revised.parsed.text!)![1]!);
    const shopper = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    await shopper.page.goto(newLink.pathname);
    await shopper.page.getByText("Version 2").waitFor();
    expect(await shopper.page.getByTestId("deal-payment").textContent()).toContain("$2,500.00 down");
    // The earlier sheet still holds until its date (decision 093), with a note that a newer one was mailed.
    await shopper.page.goto(oldLink.pathname);
    await shopper.page.getByTestId("deal-held").waitFor();
    const heldViolations = await seriousAxeViolations(shopper.page);
    expect(heldViolations, describeViolations(heldViolations)).toEqual([]);
    // After its date it says only that it was replaced.
    const { db } = openServerDatabase(server);
    await db.updateTable("deals").set({ validUntil: "2020-01-31" }).where("replacedById", "is not", null).execute();
    await db.destroy();
    await shopper.page.goto(oldLink.pathname);
    await shopper.page.getByTestId("deal-replaced").waitFor();
    const replacedViolations = await seriousAxeViolations(shopper.page);
    expect(replacedViolations, describeViolations(replacedViolations)).toEqual([]);
    await shopper.context.close();
  }, 90_000);

  it("revises a deal without JavaScript: each refusal by its field (a raise over a held sheet too, decision 093), then post/redirect/get", async () => {
    const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await page.goto("/podium/deals");
    await page.getByTestId("deal-card").filter({ hasText: "Maya Chen" }).getByRole("link", { name: "Open deal: Maya Chen" }).click();
    await page.getByRole("heading", { level: 1, name: /^Deal: .+ for Maya Chen$/ }).waitFor();
    const dealPath = new URL(page.url()).pathname;
    await page.getByRole("link", { name: "Revise and send: Maya Chen" }).click();
    const dialog = page.getByTestId("deal-revise");
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe("?revise=1");

    // A down payment that is not an amount: the schema's message by its field, what was typed kept.
    const down = () => dialog.getByLabel("Down payment ($)");
    await down().fill("lots");
    await dialog.getByRole("button", { name: "Send revised sheet" }).click();
    await dialog.locator('[data-field-error="downPayment"]').waitFor();
    expect(await down().getAttribute("aria-invalid")).toBe("true");
    const downMessage = await down().getAttribute("aria-describedby");
    expect(await page.locator(`[id="${downMessage}"]`).getAttribute("data-field-error")).toBe("downPayment");
    expect(await down().inputValue()).toBe("lots");
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`${dealPath}?revise=1`);
    const refusedAxe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(refusedAxe, describeViolations(refusedAxe)).toEqual([]);

    // A price above what the sheet still held promised: refused (409), the reason by the price.
    const price = dialog.getByLabel("Vehicle price ($)");
    const held = Number((await price.inputValue()).replace(/[^\d.]/g, ""));
    await price.fill(String(held + 500));
    await down().fill("3000");
    await dialog.getByRole("button", { name: "Send revised sheet" }).click();
    await dialog
      .locator('[data-field-error="price"]')
      .getByText(/still held until .* may not raise it/)
      .waitFor();
    expect(await dialog.getByLabel("Vehicle price ($)").getAttribute("aria-invalid")).toBe("true");

    // The held price kept: sent, and the browser lands on the new version's own page (post/redirect/get).
    await dialog.getByLabel("Vehicle price ($)").fill(String(held));
    await dialog.getByRole("button", { name: "Send revised sheet" }).click();
    await page.getByRole("status").filter({ hasText: "Revised sheet sent" }).waitFor();
    const newPath = new URL(page.url()).pathname;
    expect(newPath).toMatch(/^\/podium\/deals\/[0-9a-f-]{36}$/);
    expect(newPath).not.toBe(dealPath);
    expect(new URL(page.url()).search).toBe("");
    await page.getByTestId("deal-card").filter({ hasText: "Version 3" }).waitFor();
    await page.reload();
    await page.getByTestId("deal-card").filter({ hasText: "Version 3" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Revised sheet sent" }).count()).toBe(0);
    expect(await page.getByTestId("deal-version").count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
    // The shopper got the second revision by mail, once.
    const revisions = () =>
      smtp.mails.filter((m) => m.envelopeTo.includes("maya.deal@example.com") && /^Your revised deal sheet: /.test(m.parsed.subject ?? ""));
    for (let tries = 0; revisions().length < 2 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 100));
    expect(revisions()).toHaveLength(2);
  }, 120_000);
});
