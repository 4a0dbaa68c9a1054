import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endOfDealershipDay } from "~/features/leads/tasks.server";
import { describeViolations, launchBrowser, newPage, seriousAxeViolations } from "../support/browser";
import { openServerDatabase } from "../support/server-database";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { signInInBrowser } from "../support/staff-browser";
import { createAccount } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

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

describe("the customer record on a phone", () => {
  it("a salesperson opens a lead's customer from a link, replies, adds a task and sees it in Today (axe)", async () => {
    const email = "sam.lot@example.com";
    const password = "a long passphrase for the lot";
    await createAccount(server, { email, name: "Sam Lot", role: "sales", password });
    const lead = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.77" },
      body: JSON.stringify({
        firstName: "Maria",
        lastName: "Silva",
        email: "maria.silva@example.com",
        phone: "9785550188",
        message: "Is the Civic still here?",
        hasTradeIn: false,
      }),
    });
    expect(lead.status).toBe(201);
    const { db } = openServerDatabase(server);
    const customerId = await db
      .selectFrom("leads")
      .select("customerId")
      .where("email", "=", "maria.silva@example.com")
      .executeTakeFirstOrThrow()
      .then((r) => r.customerId)
      .finally(() => db.destroy());

    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    await signInInBrowser(page, server, email, password);
    await page.goto(`/podium?tab=customers&id=${customerId}`);
    await page.getByRole("heading", { name: "Customer: Maria Silva" }).waitFor();
    await page.getByTestId("customer-timeline").getByText("New message lead").waitFor();
    let violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Reply.
    const reply = page.getByRole("form", { name: "Reply by e-mail" });
    await reply.getByLabel("Subject").fill("Your Civic");
    await reply.getByLabel("Message").fill("Yes, it is here. Saturday at 10?");
    await reply.getByRole("button", { name: "Send reply" }).click();
    const timeline = page.getByTestId("customer-timeline");
    await timeline.getByText("Reply sent: Your Civic").waitFor();
    // The lead's own mails arrive too; the reply is the one with its subject, answered to the salesperson.
    const end = Date.now() + 20_000;
    while (!smtp.mails.some((m) => m.parsed.subject === "Your Civic") && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const replyMail = smtp.mails.find((m) => m.parsed.subject === "Your Civic");
    expect(replyMail?.envelopeTo).toEqual(["maria.silva@example.com"]);
    expect(replyMail?.parsed.replyTo?.value[0]?.address).toBe(email);

    // A task due later today on the dealership's clock (or a minute ago when today has no minute left: overdue is in Today too).
    const now = Date.now();
    const dueMs = endOfDealershipDay(new Date(now)).getTime() - now > 10 * 60_000 ? now + 5 * 60_000 : now - 60_000;
    const dueLocal = await page.evaluate((ms) => {
      const d = new Date(ms);
      return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }, dueMs);
    const task = page.getByRole("form", { name: "Add a task" });
    await task.getByLabel("Type").selectOption("call");
    await task.getByLabel("Due").fill(dueLocal);
    await task.getByLabel("For").selectOption({ label: "Sam Lot" });
    await task.getByLabel("Note").fill("Confirm Saturday");
    await task.getByRole("button", { name: "Add task" }).click();
    await timeline.getByText(/Task \(Call\) due/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Today.
    await page.getByRole("tab", { name: "Today" }).click();
    const item = page.getByTestId("today-tasks").getByRole("listitem").filter({ hasText: "Call: Maria Silva" });
    await item.waitFor();
    await item.getByText("Confirm Saturday").waitFor();
    violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item.getByRole("checkbox", { name: "Call: Maria Silva" }).click();
    await page.getByText("Nothing due today.").waitFor();
    await context.close();
  }, 120_000);
});
