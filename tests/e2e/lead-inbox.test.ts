import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerWallClockValue, endOfDealerDay } from "~/shared/lib/dealer-clock";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { signInInBrowser } from "../support/staff-browser";
import { createAccount } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE = { width: 390, height: 844 };

let server: TestServer;
let browser: Browser;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [server, browser] = await Promise.all([
    startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: "noreply@dealer.test", TRUST_PROXY: "true" } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Fails the test with the serious accessibility violations of the screen shown. */
async function expectNoSeriousAxeViolations(page: Parameters<typeof seriousAxeViolations>[0]) {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe("a salesperson on the lot, on a phone", () => {
  it("opens the inbox, takes a waiting lead, opens the customer's record, replies, adds a task and finds it in Today (axe on every screen)", async () => {
    // A lead that arrives while nobody is in stays unassigned, waiting.
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.40" },
      body: JSON.stringify({
        firstName: "Maria",
        lastName: "Silva",
        email: "maria.silva@example.com",
        phone: "(978) 555-0134",
        message: "¿Sigue disponible el Civic?",
        locale: "es",
      }),
    });
    expect(res.status).toBe(201);
    const email = "sam.sales@example.com";
    const password = "sam sells cars in fitchburg";
    await createAccount(server, { email, name: "Sam Sales", role: "sales", password });

    // The inbox: the first screen, each lead a card on a phone.
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await page.goto("/podium");
    await waitForHydration(page);
    await signInInBrowser(page, server, email, password);
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/podium/leads");
    // The first of the phone's bottom bar, and the page it opened on.
    expect((await page.getByRole("navigation", { name: "Shortcuts" }).getByRole("link").allInnerTexts())[0]).toBe("Leads");
    await waitForHydration(page, 'tr[data-lead^="message/"] select');

    const row = page.locator('tr[data-lead^="message/"]', { hasText: "Maria Silva" });
    await row.waitFor();
    expect(await row.getAttribute("data-waiting")).toBe("true");
    expect(await row.getByTestId("waiting").innerText()).toBe("Waiting");
    const recordLink = row.getByRole("link", { name: "Open Maria Silva's record" });
    expect(await recordLink.getAttribute("href")).toMatch(/^\/podium\/customers\/[0-9a-f-]{36}$/);
    expect(await row.getByText("Spanish").count()).toBeGreaterThan(0);
    // A phone shows each lead as a card: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(page);

    // Take it.
    await row.getByRole("button", { name: "Take Maria Silva's lead" }).click();
    await page.getByText("The lead is yours").first().waitFor();
    expect(await row.getByLabel("Assignee of Maria Silva's lead").locator("option:checked").innerText()).toBe("Sam Sales");
    await expect.poll(() => row.getByRole("button", { name: "Take Maria Silva's lead" }).count()).toBe(0);

    await row.getByLabel("Status of Maria Silva's lead").selectOption("contacted");
    await page.getByText("Marked contacted").first().waitFor();
    await expect.poll(() => row.getAttribute("data-waiting")).toBeNull();

    // "Mine" lists it; "Unassigned" no longer does. The filters are in the URL.
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("Assignee", { exact: true }).selectOption("me");
    await page.waitForURL(/assignee=me/);
    await row.waitFor();
    await page.getByLabel("Assignee", { exact: true }).selectOption("none");
    await page.waitForURL(/assignee=none/);
    await page.getByText("No lead matches these filters.").waitFor();
    // Back returns to the filter before, reload keeps the filter.
    await page.goBack();
    await page.waitForURL(/assignee=me/);
    await row.waitFor();
    await page.reload();
    await row.waitFor();
    expect(await page.getByLabel("Assignee", { exact: true }).inputValue()).toBe("me");

    // The away switch: new leads go to others while it is on.
    await page.getByLabel("Away: give new leads to others").check();
    await page.getByText("You are away: new leads go to the others.").first().waitFor();
    const me = (await (await page.request.get("/api/admin/staff/me")).json()) as { away: boolean };
    expect(me.away).toBe(true);
    await expectNoSeriousAxeViolations(page);

    // The customer's record, from the lead's link.
    await recordLink.click();
    await page.getByRole("heading", { name: "Customer: Maria Silva" }).waitFor();
    const timeline = page.getByTestId("customer-timeline");
    await timeline.getByText("New message lead").waitFor();
    await expectNoSeriousAxeViolations(page);

    // Reply.
    const reply = page.getByRole("form", { name: "Reply by e-mail" });
    await reply.getByLabel("Subject").fill("Your Civic");
    await reply.getByLabel("Message").fill("Yes, it is here. Saturday at 10?");
    await reply.getByRole("button", { name: "Send reply" }).click();
    await timeline.getByText("Reply sent: Your Civic").waitFor();
    // The lead's own mails arrive too; the reply is the one with its subject, answered to the salesperson.
    const end = Date.now() + 20_000;
    while (!smtp.mails.some((m) => m.parsed.subject === "Your Civic") && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const replyMail = smtp.mails.find((m) => m.parsed.subject === "Your Civic");
    expect(replyMail?.envelopeTo).toEqual(["maria.silva@example.com"]);
    expect(replyMail?.parsed.replyTo?.value[0]?.address).toBe(email);

    // A task due later today on the dealership's clock (or a minute ago when today has no minute left: overdue is in Today too).
    const now = Date.now();
    const dueMs = endOfDealerDay(new Date(now)).getTime() - now > 10 * 60_000 ? now + 5 * 60_000 : now - 60_000;
    // The form takes the dealership's wall-clock time, whatever the phone's zone.
    const dueLocal = dealerWallClockValue(new Date(dueMs));
    const task = page.getByRole("form", { name: "Add a task" });
    await task.getByLabel("Type").selectOption("call");
    await task.getByLabel("Due").fill(dueLocal);
    await task.getByLabel("For").selectOption({ label: "Sam Sales" });
    await task.getByLabel("Note").fill("Confirm Saturday");
    await task.getByRole("button", { name: "Add task" }).click();
    await timeline.getByText(/Task \(Call\) due/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Today, from the phone's bottom bar; Back returns to the record, reload stays on it.
    await page.getByRole("navigation", { name: "Shortcuts" }).getByRole("link", { name: "Today" }).click();
    await page.getByRole("heading", { level: 1, name: "My tasks" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { name: "Customer: Maria Silva" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Customer: Maria Silva" }).waitFor();
    await page.goForward();
    await page.getByRole("heading", { level: 1, name: "My tasks" }).waitFor();
    const item = page.getByTestId("today-tasks").getByRole("listitem").filter({ hasText: "Call: Maria Silva" });
    await item.waitFor();
    await item.getByText("Confirm Saturday").waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await item.getByRole("checkbox", { name: "Call: Maria Silva" }).click();
    await page.getByText("Nothing due today.").waitFor();
    await context.close();
  }, 240_000);
});
