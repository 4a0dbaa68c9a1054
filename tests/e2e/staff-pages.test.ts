import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertService } from "~/server/data/services.server";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import { openServerDatabase, withServerDatabase } from "../support/server-database";
import { describeViolations, launchBrowser, PHONE_TOUCH, seriousAxeViolations, seriousAxeViolationsWithoutJs } from "../support/browser";
import { signInInBrowser } from "../support/staff-browser";
import { createAccount, DEMO_OWNER } from "../support/staff-sign-in";
import { signedInContext, signInOnce, type StaffSession } from "../support/staff-session";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The staff app's pages as staff meet them on a phone (390 px), with and without JavaScript
 * (docs/behaviour.md §2 Staff app, decisions 100 and 101): sign-in and the forms work as plain posts,
 * each refusal's message sits by its field, a success comes back as a page of its own (post/redirect/get),
 * Back and reload land on the same screen, and the server refuses a screen the role may not open.
 */

const PHONE = { width: 390, height: 844 };

let server: TestServer;
let browser: Browser;
/** The customer the contact message of `beforeAll` made: each test that opens the record reads it from here. */
let customerId: string;
/**
 * The owner, signed in once: tests about the screens behind the sign-in open a context with this session.
 * Each sign-in needs a TOTP step not used yet, so six in a row waited up to half a minute apiece
 * (tests/support/staff-session.ts). The first test and the last still sign in for real: signing in
 * without JavaScript, and back after the session ended, are what they test.
 */
let owner: StaffSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const res = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
    body: JSON.stringify({
      firstName: "Rosa",
      lastName: "Costa",
      email: "rosa.costa@example.com",
      phone: "(978) 555-0177",
      message: "Do you have a minivan under $15,000?",
    }),
  });
  expect(res.status).toBe(201);
  customerId = await withServerDatabase(
    server,
    async (db) =>
      (await db.selectFrom("customers").select("id").where("email", "=", "rosa.costa@example.com").executeTakeFirstOrThrow()).id,
  );
  owner = await signInOnce(browser, server, DEMO_OWNER.email, DEMO_OWNER.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** A phone with the owner's session (no sign-in of its own). */
async function ownersPhone(javaScriptEnabled: boolean) {
  const context = await signedInContext(browser, owner, { baseURL: server.url, ...PHONE_TOUCH, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

describe("without JavaScript", () => {
  it("signs in, finds the customer, shows a refused reply's message by its field, and a saved note after a redirect", async () => {
    const { context, page } = await phone(false);
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    expect(new URL(page.url()).pathname).toBe("/podium/leads");
    // The search field in the shell is a plain GET form.
    await page.getByLabel("Search customers, vehicles and leads").fill("Rosa");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await page.waitForURL(/\/podium\/search\?q=Rosa/);
    await page.getByTestId("customer-results").getByRole("link", { name: "Open Rosa Costa" }).click();
    await page.getByRole("heading", { name: "Customer: Rosa Costa" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/podium/customers/${customerId}`);

    const reply = page.getByRole("form", { name: "Reply by e-mail" });
    await reply.getByLabel("Message").fill("We have two, come and see them.");
    await reply.getByRole("button", { name: "Send reply" }).click();
    const subject = page.getByRole("form", { name: "Reply by e-mail" }).getByLabel("Subject");
    await page.getByText("Enter a subject.").waitFor();
    expect(await subject.getAttribute("aria-invalid")).toBe("true");
    const messageId = await subject.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${messageId}"]`).innerText()).toBe("Enter a subject.");
    // What was typed is still there.
    expect(await page.getByRole("form", { name: "Reply by e-mail" }).getByLabel("Message").inputValue()).toBe(
      "We have two, come and see them.",
    );
    const refusedAxe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(refusedAxe, describeViolations(refusedAxe)).toEqual([]);

    const note = page.getByRole("form", { name: "Add a note" });
    await note.getByLabel("Note").fill("Prefers a call after 5 PM.");
    await note.getByRole("button", { name: "Save note" }).click();
    await page.getByRole("status").filter({ hasText: "Note saved" }).waitFor();
    // Post/redirect/get: the page is the record's own address, and a reload posts nothing again.
    expect(new URL(page.url()).pathname).toBe(`/podium/customers/${customerId}`);
    await page.reload();
    await page.getByRole("heading", { name: "Customer: Rosa Costa" }).waitFor();
    expect(await page.getByTestId("customer-timeline").getByText("Prefers a call after 5 PM.").count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "Note saved" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const savedAxe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(savedAxe, describeViolations(savedAxe)).toEqual([]);
    await context.close();
  }, 120_000);

  it("saves an owner's setting: the refusal's message by its field, then post/redirect/get", async () => {
    const { context, page } = await ownersPhone(false);
    await page.goto("/podium/settings");
    const form = () => page.getByRole("form", { name: "Lead response time" });
    const minutes = () => form().getByLabel("Minutes allowed (1–240)");
    await minutes().fill("300");
    await form().getByRole("button", { name: "Save response time" }).click();
    const refusal = "The response time must be at most 240 minutes (4 hours).";
    await page.getByText(refusal).waitFor();
    expect(new URL(page.url()).pathname).toBe("/podium/settings");
    expect(await minutes().getAttribute("aria-invalid")).toBe("true");
    const messageId = await minutes().getAttribute("aria-describedby");
    expect(await page.locator(`[id="${messageId}"]`).innerText()).toBe(refusal);
    // What was typed is still there, and nothing was saved.
    expect(await minutes().inputValue()).toBe("300");
    const refusedAxe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(refusedAxe, describeViolations(refusedAxe)).toEqual([]);

    await minutes().fill("45");
    await form().getByRole("button", { name: "Save response time" }).click();
    await page.getByRole("status").filter({ hasText: "Lead response time saved" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/podium/settings");
    await page.reload();
    expect(await minutes().inputValue()).toBe("45");
    expect(await page.getByText(refusal).count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: "Lead response time saved" }).count()).toBe(0);
    await form()
      .getByText(/^Last saved by /)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  }, 120_000);

  it("filters the inbox through the URL, and Back and reload keep each filter", async () => {
    const { context, page } = await ownersPhone(false);
    await page.goto("/podium/leads");
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Type", { exact: true }).selectOption("message");
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await page.waitForURL(/type=message/);
    await page.locator('tr[data-lead^="message/"]', { hasText: "Rosa Costa" }).waitFor();
    await page.getByText("Filters (1 on)").waitFor();
    await page.getByLabel("Type", { exact: true }).selectOption("booking");
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await page.waitForURL(/type=booking/);
    await page.getByText("No lead matches these filters.").waitFor();
    await page.goBack();
    await page.waitForURL(/type=message/);
    await page.locator('tr[data-lead^="message/"]', { hasText: "Rosa Costa" }).waitFor();
    await page.reload();
    await page.locator('tr[data-lead^="message/"]', { hasText: "Rosa Costa" }).waitFor();
    const axe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await context.close();
  }, 120_000);
  it("edits a service's texts: a refused English name's message by its field, what was typed kept, then post/redirect/get to the list", async () => {
    // This server starts empty: the demo's Oil Change is the service edited.
    const { db } = openServerDatabase(server);
    await insertService(
      db,
      DEMO_SERVICES.find((s) => s.name === "Oil Change")!,
      0,
    );
    await db.destroy();
    const { context, page } = await ownersPhone(false);
    await page.goto("/podium/services");
    // The editor opens by a link (?edit=…): no script needed.
    await page.getByRole("link", { name: "Edit Oil Change" }).click();
    await page.waitForURL(/\/podium\/services\?edit=/);
    const editor = () => page.getByRole("form", { name: "Edit Oil Change" });
    const english = () => editor().getByRole("group", { name: "English" }).getByLabel("Name");
    const spanish = () => editor().getByRole("group", { name: "Spanish" }).getByLabel("Name");
    await english().fill("");
    await spanish().fill("Cambio de aceite y filtro");
    await editor().getByRole("button", { name: "Save" }).click();
    await page.getByText("Enter the English name.").waitFor();
    expect(await english().getAttribute("aria-invalid")).toBe("true");
    const describedBy = await english().getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe("Enter the English name.");
    expect(await spanish().inputValue()).toBe("Cambio de aceite y filtro");
    const refusedAxe = await seriousAxeViolationsWithoutJs(browser, page);
    expect(refusedAxe, describeViolations(refusedAxe)).toEqual([]);

    await english().fill("Oil Change");
    await editor().getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Oil Change saved." }).waitFor();
    // Post/redirect/get: the list at its own address, the editor closed, and a reload posts nothing again.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/podium/services");
    expect(await page.getByRole("form", { name: "Edit Oil Change" }).count()).toBe(0);
    await page.getByText("Cambio de aceite y filtro").waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Services" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Oil Change saved." }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  }, 120_000);
});

describe("with JavaScript, on a phone", () => {
  it("refuses a screen the role may not open on the server, and keeps the record's address through Back and reload", async () => {
    const email = "sasha.sales@example.com";
    const password = "sasha sells cars in leominster";
    await createAccount(server, { email, name: "Sasha Sales", role: "sales", password });
    const { context, page } = await phone(true);
    await signInInBrowser(page, server, email, password);
    // Not in the navigation, and refused by the server when typed.
    const financing = await page.goto("/podium/financing");
    expect(financing?.status()).toBe(403);
    await page.getByText("Your role does not allow this screen.").waitFor();
    const refusedAxe = await seriousAxeViolations(page);
    expect(refusedAxe, describeViolations(refusedAxe)).toEqual([]);
    expect((await page.goto("/podium/staff"))?.status()).toBe(403);

    await page.goto(`/podium/customers/${customerId}`);
    await page.getByRole("heading", { name: "Customer: Rosa Costa" }).waitFor();
    const bar = page.getByRole("navigation", { name: "Shortcuts" });
    await bar.getByRole("link", { name: "Leads" }).click();
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { name: "Customer: Rosa Costa" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Customer: Rosa Costa" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/podium/customers/${customerId}`);
    await context.close();
  }, 120_000);

  it("sends a page whose session ended to sign in, and back to the same screen", async () => {
    // Signed in by the shared session; the sign-in this test is about is the one after the session ended.
    // Clearing this context's cookies leaves the shared session itself alive on the server.
    const { context, page } = await ownersPhone(true);
    await page.goto("/podium/today");
    await page.getByRole("heading", { level: 1, name: "My tasks" }).waitFor();
    await context.clearCookies();
    await page.reload();
    await page.waitForURL(/\/podium\/sign-in\?redirectTo=%2Fpodium%2Ftoday/);
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password, { stay: true });
    expect(new URL(page.url()).pathname).toBe("/podium/today");
    await context.close();
  }, 120_000);
});
