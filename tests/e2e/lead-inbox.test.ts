import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, launchBrowser, newPage, seriousAxeViolations, waitForHydration } from "../support/browser";
import { signInInBrowser } from "../support/staff-browser";
import { createAccount } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

const PHONE = { width: 375, height: 740 };

describe("the lead inbox on a salesperson's phone", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("opens on the Leads tab, takes a waiting lead and marks it contacted", async () => {
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

    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    await page.goto("/podium");
    await waitForHydration(page);
    await signInInBrowser(page, server, email, password);
    await page.getByRole("tab", { name: "Leads", selected: true }).waitFor();
    expect((await page.getByRole("tab").allInnerTexts())[0]).toBe("Leads");

    const row = page.locator('tr[data-lead^="message/"]', { hasText: "Maria Silva" });
    await row.waitFor();
    expect(await row.getAttribute("data-waiting")).toBe("true");
    expect(await row.getByTestId("waiting").innerText()).toBe("Waiting");
    expect(await row.getByRole("link", { name: "Open Maria Silva's record" }).getAttribute("href")).toMatch(
      /^\/podium\?tab=customers&id=[0-9a-f-]{36}$/,
    );
    expect(await row.getByText("Spanish").count()).toBeGreaterThan(0);
    // A phone shows each lead as a card: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const axe = await seriousAxeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    await row.getByRole("button", { name: "Take Maria Silva's lead" }).click();
    await page.getByText("The lead is yours").first().waitFor();
    expect(await row.getByLabel("Assignee of Maria Silva's lead").locator("option:checked").innerText()).toBe("Sam Sales");
    expect(await row.getByRole("button", { name: "Take Maria Silva's lead" }).count()).toBe(0);

    await row.getByLabel("Status of Maria Silva's lead").selectOption("contacted");
    await page.getByText("Marked contacted").first().waitFor();
    await expect.poll(() => row.getAttribute("data-waiting")).toBeNull();

    // "Mine" lists it; "Unassigned" no longer does.
    await page.getByLabel("Assignee", { exact: true }).selectOption("me");
    await row.waitFor();
    await page.getByLabel("Assignee", { exact: true }).selectOption("none");
    await page.getByText("No lead matches these filters.").waitFor();

    // The away switch: new leads go to others while it is on.
    await page.getByLabel("Away: give new leads to others").check();
    await page.getByText("You are away: new leads go to the others.").first().waitFor();
    const me = (await (await page.request.get("/api/admin/staff/me")).json()) as { away: boolean };
    expect(me.away).toBe(true);
    const axeAfter = await seriousAxeViolations(page);
    expect(axeAfter, describeViolations(axeAfter)).toEqual([]);
    await context.close();
  }, 180_000);
});
