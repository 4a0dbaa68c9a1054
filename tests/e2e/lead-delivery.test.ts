import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "~/shared/types/service";
import { chooseCalendarDay, upcomingDateFor } from "../support/booking-dates";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { recipients } from "../support/lead-delivery-helpers";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/** Lead delivery end to end (docs/behaviour.md §12): the manage link from a mail really received, and the dashboard's view of leads and mail. */

const LEADS_TO = "leads@dealer.test";
const SHOPPER = "ana.manage@example.com";

let smtp: SmtpCapture;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [server, browser] = await Promise.all([startTestServer({ seeded: true, env: { SMTP_URL: smtp.url, LEADS_TO } }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function mailTo(address: string, subject: RegExp, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find((m) => recipients(m) === address && subject.test(m.parsed.subject ?? ""));
    if (mail) return mail;
    if (Date.now() > end)
      throw new Error(`No mail to ${address} matching ${subject}: ${smtp.mails.map((m) => m.parsed.subject).join(" | ")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("booking manage link", () => {
  it("books a service, opens the manage link from the confirmation mail, cancels and sees it cancelled", async () => {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
    const oil = services.find((s) => s.name === "Oil Change")!;
    const date = upcomingDateFor(oil, 5);
    const { context, page } = await newPage(browser, { baseURL: server.url });
    try {
      await page.goto("/booking");
      await waitForHydration(page, "fieldset input[name=serviceId]");
      await page.getByText("Oil Change", { exact: true }).click();
      await chooseCalendarDay(page, date);
      await page.getByText("9:00 AM", { exact: true }).click();
      await page.getByLabel("First Name").fill("Ana");
      await page.getByLabel("Last Name").fill("Manage");
      await page.getByLabel("Email").fill(SHOPPER);
      await page.getByLabel("Phone").fill("9785550177");
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();

      // The link as the shopper gets it: from the mail the SMTP server received.
      const confirmation = await mailTo(SHOPPER, /.*/);
      const link = /https?:\/\/\S+?(\/booking\/manage\/[A-Za-z0-9_-]{22,})/.exec(confirmation.parsed.text ?? "");
      expect(link, "manage link in the confirmation's text").not.toBeNull();
      expect(confirmation.parsed.html).toContain(link![1]);

      await page.goto(link![1]!);
      await page.getByRole("heading", { name: "Your appointment", exact: true }).waitFor();
      const status = page.locator("dt", { hasText: "Status" }).locator("xpath=following-sibling::dd[1]");
      expect(await status.textContent()).toBe("Booked");
      expect(await page.getByText("Oil Change", { exact: true }).count()).toBe(1);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: "Cancel this appointment" }).click();
      await page.getByRole("status").getByText("Your appointment is cancelled.", { exact: false }).waitFor();
      await expect.poll(() => status.textContent()).toBe("Cancelled");
      expect(await page.getByRole("button", { name: "Cancel this appointment" }).count()).toBe(0);
      await expectNoSeriousAxeViolations(page);

      // Staff are told, and the link shows the cancelled state from then on.
      await mailTo(LEADS_TO, /^Booking cancelled: .* — Ana Manage$/);
      await page.reload();
      await page.getByText("This appointment is already cancelled.").waitFor();
      expect(await status.textContent()).toBe("Cancelled");
      // The slot is free again.
      const taken = (await (await fetch(`${server.url}/api/bookings/date/${date}`)).json()) as { serviceId: string; bookingTime: string }[];
      expect(taken).not.toContainEqual({ serviceId: oil.id, bookingTime: "09:00" });
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("the dashboard's view of leads and mail", () => {
  it("shows each message's mails, sets its status with the response time, and lists the outbox for the owner", async () => {
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Rae",
        lastName: "Status",
        email: "rae@example.com",
        phone: "9785550188",
        message: "Do you take trade-ins?",
        hasTradeIn: true,
      }),
    });
    expect(sent.status).toBe(201);
    await mailTo(LEADS_TO, /Rae Status/);
    // Staff on a phone (390 px, touch).
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    try {
      await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
      // SMTP works and nothing failed: no banner.
      expect(await page.getByTestId("mail-banner").count()).toBe(0);

      await openStaffScreen(page, "Messages");
      const card = page.getByRole("listitem").filter({ hasText: "Do you take trade-ins?" });
      await card.getByTestId("lead-mails").getByText("Staff: sent").waitFor();
      await card.getByText("Customer: sent").waitFor();
      const select = card.getByRole("combobox", { name: "Status of Rae Status's lead" });
      expect(await select.inputValue()).toBe("new");
      await card.getByText(/^Waiting /).waitFor();
      await select.selectOption("contacted");
      await page.getByTestId("toast").getByText("Marked contacted").waitFor();
      await card.getByText(/^Response time: /).waitFor();
      expect(await card.getByRole("combobox", { name: "Status of Rae Status's lead" }).inputValue()).toBe("contacted");
      await expectNoSeriousAxeViolations(page);

      // The filter shows only leads of one status.
      await page.getByLabel("Show").selectOption("new");
      await expect.poll(() => card.count()).toBe(0);
      await page.getByLabel("Show").selectOption("contacted");
      await card.waitFor();

      await openStaffScreen(page, "Outbox");
      await page.getByRole("heading", { name: "Outbox", level: 2 }).waitFor();
      const row = page.getByTestId("outbox-row").filter({ hasText: "New message: General inquiry — Rae Status" });
      await row.waitFor();
      expect(await row.getAttribute("data-status")).toBe("sent");
      await row.getByRole("cell", { name: LEADS_TO }).waitFor();
      expect(await page.getByText("Do you take trade-ins?").count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("tells staff when mail is not configured", async () => {
    const bare = await startTestServer();
    const { context, page } = await newPage(browser, { baseURL: bare.url, ...PHONE_TOUCH });
    try {
      await signInInBrowser(page, bare, DEMO_OWNER.email, DEMO_OWNER.password);
      const banner = page.getByTestId("mail-banner");
      await banner.getByText(/E-mail is not configured \(no SMTP_URL\)/).waitFor();
      expect(await banner.getAttribute("role")).toBe("status");
      await expectNoSeriousAxeViolations(page);
    } finally {
      await context.close();
      await bare.stop();
    }
  }, 120_000);
});
