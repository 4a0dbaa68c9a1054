import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "~/shared/config/alert-consent";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { vehicleName } from "~/shared/lib/vehicle-name";
import type { Vehicle } from "~/shared/types/vehicle";
import { ALERT_STOCK, alertsDataDir, linkPath, mailsMatching, rawHeader, setServerClock, type Stocked } from "../support/alerts-helpers";
import {
  describeViolations,
  launchBrowser,
  newPage,
  openByClientNavigation,
  PHONE_TOUCH,
  seriousAxeViolations,
  seriousAxeViolationsWithoutJs,
  waitForHydration,
} from "../support/browser";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../support/smtp-capture";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/**
 * Saved vehicles and searches with e-mail alerts in real Chromium at 390 px (docs/behaviour.md §21): the
 * heart with and without JavaScript, /saved, "Save this search", the alerts form with and without
 * JavaScript, the confirmation and manage pages, each checked with axe; and the Portuguese shopper's
 * story end to end with a real SMTP server: saved on a phone, one mail in Portuguese after the price
 * drops, unsubscribed with one POST as a mail client sends it, seen in the customer record.
 */
const PUBLIC_URL = "https://www.demo-motors.test";
const PHONE = { width: 390, height: 844 };
let server: TestServer;
let browser: Browser;
let smtp: SmtpCapture;
let owner: StaffClient;
let stock: Record<string, Stocked>;

const isAlert = (m: CapturedMail) => rawHeader(m, "List-Unsubscribe") !== null;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const data = await alertsDataDir("alerts-e2e", ALERT_STOCK);
  stock = data.stock;
  // Monday 1 December 2025, 20:00 in Fitchburg.
  setServerClock(data.dir, "2025-12-02T01:00:00.000Z");
  [server, browser] = await Promise.all([
    startTestServer({
      dataDir: data.dir,
      env: { SMTP_URL: smtp.url, MAIL_FROM: "noreply@dealer.test", TEST_CLOCK: "true", ALERT_DIGEST_DELAY: "60", PUBLIC_URL },
    }),
    launchBrowser(),
  ]);
  owner = await staffClient(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe("saving on this device", () => {
  it("with JavaScript the heart toggles in place on the vehicle page in the router's tree; /saved lists the vehicle and a saved search, and its card's heart posts the removal; axe finds nothing", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    // A document of the vehicle page hydrates only its islands and its heart posts to /saved (decision 155); reached
    // from a page that hydrates whole, the page is the router's and its heart saves in place.
    await openByClientNavigation(page, stock.accord!.path);
    const heart = page.getByRole("button", { name: `Save ${stock.accord!.name}` });
    await waitForHydration(page, '[data-testid="save-vehicle"]');
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    // In place: still on the vehicle's page, which the document cache keeps the same for everyone.
    expect(new URL(page.url()).pathname).toBe(stock.accord!.path);
    await expect.poll(() => posts).toContain("/api/saved");
    expect(posts).not.toContain("/saved");
    await expectNoAxeViolations(page);

    // The inventory hydrates only the header's islands (decision 154): Save this search posts to /saved, which lists it.
    await page.goto("/inventory?make=Toyota");
    await page.getByRole("button", { name: "Save this search" }).click();
    await page.waitForURL("**/saved");
    await page.getByRole("heading", { level: 1, name: "Saved vehicles and searches" }).waitFor();
    await expect
      .poll(() => page.getByTestId("saved-vehicles").getByRole("heading", { level: 3 }).allTextContents())
      .toEqual([stock.accord!.name]);
    await expect.poll(() => page.getByTestId("saved-searches").getByRole("link").allTextContents()).toEqual(["Toyota: See matches"]);
    await expectNoAxeViolations(page);

    // Loaded as a document, /saved never hydrates (decision 152): the server knows the card's vehicle is saved,
    // so its heart is pressed, and pressing it posts the removal and answers with the list without it.
    await page.goto("/saved");
    expect(await page.locator("script[type=module]").count()).toBe(0);
    const cardHeart = page.getByTestId("saved-vehicles").getByRole("button", { name: `Save ${stock.accord!.name}` });
    expect(await cardHeart.getAttribute("aria-pressed")).toBe("true");
    await cardHeart.click();
    await page.getByText("No saved vehicles yet").waitFor();
    expect(await page.getByTestId("saved-searches").getByRole("link").allTextContents()).toEqual(["Toyota: See matches"]);
    await context.close();
  });

  it("without JavaScript the heart posts to /saved, which lists the vehicle; Remove takes it off; axe finds nothing", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(stock.camry!.path);
    await page.getByRole("button", { name: `Save ${stock.camry!.name}` }).click();
    await page.waitForURL("**/saved");
    expect(await page.getByTestId("saved-vehicles").getByRole("heading", { level: 3 }).allTextContents()).toEqual([stock.camry!.name]);
    expect(await seriousAxeViolationsWithoutJs(browser, page)).toEqual([]);
    await page.getByRole("button", { name: `Remove ${stock.camry!.name}` }).click();
    await page.waitForURL("**/saved");
    await page.getByText("No saved vehicles yet").waitFor();
    await context.close();
  });
});

describe("the alerts form", () => {
  it("with JavaScript on, /saved loads no module script and the form posts to /alerts as a document: the server refuses an address without a domain, then answers", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    await page.goto(stock.corolla!.path);
    await waitForHydration(page);
    // On a document of the vehicle page the heart posts to /saved, whose card shows it pressed (decision 155).
    const heart = page.getByRole("button", { name: `Save ${stock.corolla!.name}` });
    await heart.click();
    await page.waitForURL("**/saved");
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/saved");
    expect(await page.locator("script[type=module]").count()).toBe(0);
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await page.getByRole("textbox", { name: "Email" }).fill("js@intranet");
    await page.getByRole("button", { name: "E-mail me alerts" }).click();
    // The /alerts page's answer, with the field's message and what was typed.
    await page.getByText("Enter a valid e-mail address, like name@example.com").waitFor();
    expect(new URL(page.url()).pathname).toBe("/alerts");
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("js@intranet");
    await expectNoAxeViolations(page);
    await page.getByRole("textbox", { name: "Email" }).fill("js@example.com");
    await page.getByRole("button", { name: "E-mail me alerts" }).click();
    await page.getByTestId("alerts-accepted").waitFor();
    expect(posts.filter((p) => p.includes("alerts"))).toEqual(["/alerts", "/alerts"]);
    expect(await page.locator("script[type=module]").count()).toBe(0);
    expect(await page.getByTestId("alerts-accepted").textContent()).toContain("If js@example.com can get our alerts");
    await expectNoAxeViolations(page);
    await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes("js@example.com"), 1);
    await context.close();
  });

  it("without JavaScript: the plain POST gets the /alerts page, with the field's message for a bad address and the same answer as with it", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(stock.corolla!.path);
    await page.getByRole("button", { name: `Save ${stock.corolla!.name}` }).click();
    await page.waitForURL("**/saved");
    await page.getByRole("textbox", { name: "Email" }).fill("nojs@localhost");
    await page.getByRole("button", { name: "E-mail me alerts" }).click();
    await page.getByText("Enter a valid e-mail address, like name@example.com").waitFor();
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("nojs@localhost");
    expect(await seriousAxeViolationsWithoutJs(browser, page)).toEqual([]);
    await page.getByRole("textbox", { name: "Email" }).fill("nojs@example.com");
    await page.getByRole("button", { name: "E-mail me alerts" }).click();
    await page.getByTestId("alerts-accepted").waitFor();
    expect(await seriousAxeViolationsWithoutJs(browser, page)).toEqual([]);
    await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes("nojs@example.com"), 1);
    await context.close();
  });
});

describe("the Portuguese shopper's story", () => {
  it("saves a car on a phone in Portuguese, confirms, gets one mail in Portuguese the morning after its price drops, manages and unsubscribes with one POST as a mail client does; staff see it all", async () => {
    const email = "joana@example.com";
    const civic = stock.civic!;
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    await page.goto(`/pt${civic.path}`);
    await waitForHydration(page, '[data-testid="save-vehicle"]');
    // The vehicle page names the car in its language's order (the one vehicleName for every page and mail).
    const ptName = vehicleName({ ...ALERT_STOCK.civic!, trim: null }, "pt");
    await page.getByRole("button", { name: `Salvar ${ptName}` }).click();
    await expect.poll(() => page.getByRole("button", { name: `Salvar ${ptName}` }).getAttribute("aria-pressed")).toBe("true");
    await page.goto("/pt/saved");
    await waitForHydration(page, '[data-testid="alerts-form"]');
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("button", { name: "Quero receber alertas" }).click();
    await page.getByTestId("alerts-accepted").waitFor();

    const [confirmation] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email), 1);
    expect(confirmation!.parsed.subject).toBe("Confirme seus alertas por e-mail da Demo Motors of Fitchburg");
    // The link opened on the phone: a page that asks, then the button.
    await page.goto(linkPath(confirmation!, /\/alerts\/confirm\//));
    await page.getByRole("heading", { level: 1, name: "Confirme seus alertas" }).waitFor();
    await expectNoAxeViolations(page);
    await waitForHydration(page, "form button");
    await page.getByRole("button", { name: "Confirmar meus alertas" }).click();
    await page.getByText("Seus alertas estão ativos.").waitFor();
    await expectNoAxeViolations(page);

    // Monday 21:30: staff lower the price. No mail at night.
    setServerClock(server.dataDir, "2025-12-02T02:30:00.000Z");
    const current = ((await (await owner.fetch("/api/admin/vehicles")).json()) as Vehicle[]).find((v) => v.id === civic.id)!;
    expect(
      (await owner.fetch(`/api/admin/vehicles/${civic.id}`, { method: "PATCH", body: vehicleFormBody(current, { price: 17495 }) })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(email) && isAlert(m))).toEqual([]);
    // Tuesday 8:00 in Fitchburg: one mail, in Portuguese.
    setServerClock(server.dataDir, "2025-12-02T13:00:10.000Z");
    const [alert] = await mailsMatching(smtp.mails, (m) => m.envelopeTo.includes(email) && isAlert(m), 1);
    expect(alert!.parsed.subject).toBe("Baixou o preço: Honda Civic 2019, agora US$\u00a017.495");
    expect(alert!.parsed.text).toContain("Agora US$\u00a017.495. Você salvou por US$\u00a018.995.");
    expect(alert!.parsed.text).toContain("utm_source=alert");
    expect(rawHeader(alert!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(.+)>$/.exec(rawHeader(alert!, "List-Unsubscribe")!)![1]!;
    expect(unsubscribeUrl.startsWith(`${PUBLIC_URL}/pt/alerts/`)).toBe(true);

    // The manage page from the mail: pause and resume the car, axe.
    await page.goto(linkPath(alert!, /^\/pt\/alerts\/[A-Za-z0-9_-]{43}$/));
    await page.getByRole("heading", { level: 1, name: "Seus alertas" }).waitFor();
    await expectNoAxeViolations(page);
    await waitForHydration(page, "[data-testid='managed-items'] button");
    await page.getByRole("button", { name: `Pausar: ${ptName}` }).click();
    await page.getByText("Pausado.").waitFor();
    await page.getByRole("button", { name: `Retomar: ${ptName}` }).click();
    await page.getByText("Os alertas estão ativos de novo.").waitFor();
    await expectNoAxeViolations(page);

    // The mail app's one-click unsubscribe: one POST from the provider's servers (RFC 8058).
    const oneClick = await fetch(`${server.url}${new URL(unsubscribeUrl).pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe("Sua inscrição nos alertas da Demo Motors of Fitchburg foi cancelada.");
    await page.goto(new URL(unsubscribeUrl).pathname);
    await page.getByTestId("unsubscribed").waitFor();
    await expectNoAxeViolations(page);
    await context.close();

    // The dealer sees it in the customer record.
    const found = (await (await owner.fetch(`/api/admin/customers?q=${email}`)).json()) as { id: string }[];
    const record = (await (await owner.fetch(`/api/admin/customers/${found[0]!.id}`)).json()) as {
      customer: { locale: string; source: string };
      timeline: { kind: string; data: Record<string, unknown> }[];
      alerts: {
        saved: { vehicleId: string; priceBasis: number }[];
        addresses: { status: string; consents: { locale: string; at: string }[] }[];
      };
    };
    expect(record.customer).toMatchObject({ locale: "pt", source: "alerts" });
    expect(record.alerts.saved).toEqual([expect.objectContaining({ vehicleId: civic.id, priceBasis: 17495 })]);
    expect(record.alerts.addresses).toEqual([
      expect.objectContaining({ status: "unsubscribed", consents: [expect.objectContaining({ locale: "pt" })] }),
    ]);
    expect(record.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(["alerts-confirmed", "mail", "alerts-unsubscribed"]));

    // And on the customer's screen, rendered on the server (the document itself holds it), on a phone.
    const document = await (await owner.fetch(`/podium/customers/${found[0]!.id}`)).text();
    expect(document).toContain('data-testid="customer-alerts"');
    expect(document).toContain(`${email} · unsubscribed`);
    const staff = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await signInInBrowser(staff.page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await staff.page.goto(`/podium/customers/${found[0]!.id}`);
    await staff.page.getByRole("heading", { level: 1, name: `Customer: ${email}` }).waitFor();
    const saved = staff.page.getByRole("region", { name: "Saved and alerts" });
    await expect
      .poll(() => saved.getByRole("listitem").allInnerTexts())
      .toEqual([
        `${email} · unsubscribed · consent ${ALERT_CONSENT_VERSION} (pt), ${formatDealerTime(record.alerts.addresses[0]!.consents[0]!.at)}`,
        `${civic.name} · saved at $17,495 · paused`,
      ]);
    const timeline = staff.page.getByTestId("customer-timeline");
    await timeline.getByText("Confirmed e-mail alerts").waitFor();
    await timeline.getByText("Unsubscribed from e-mail alerts").waitFor();
    await expectNoAxeViolations(staff.page);
    await staff.context.close();
  });
});
