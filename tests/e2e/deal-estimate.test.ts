import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehiclePath } from "~/shared/lib/vehicle-path";
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
import { openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The out-the-door estimate on a vehicle page (decision 066): a GET form the page answers before
 * JavaScript, in the page's language; live answers from the estimate API once its code arrived.
 */

type ApiVehicle = { id: string; year: number; make: string; model: string };
type Estimate = { monthlyPayment: number; outTheDoor: number; salesTax: number; apr: number };

let server: TestServer;
let browser: Browser;
let vehicle: ApiVehicle;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
  vehicle = ((await (await fetch(`${server.url}/api/vehicles`)).json()) as ApiVehicle[])[0]!;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (v: ApiVehicle) => vehiclePath(v);
const estimateFor = async (query: string) =>
  (await (await fetch(`${server.url}/api/vehicles/${vehicle.id}/estimate?${query}`)).json()) as Estimate;
/** "$1,234.56" as the en and es pages write dollars with cents. */
const dollars = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe("the out-the-door estimate", () => {
  it("works before JavaScript in Spanish: the form asks the page, which answers with the breakdown", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/es${pathOf(vehicle)}`);
    const estimate = page.getByTestId("estimate");
    // Visible without a script: in the HTML itself, not in a streamed segment only a script would reveal.
    expect(await estimate.getByRole("heading", { level: 2 }).textContent()).toBe("Precio final estimado");
    expect(await estimate.textContent()).toContain("Esto es un estimado, no una oferta de crédito.");

    await page.getByLabel("Pago inicial ($)").fill("1000");
    await page.getByLabel("Valor de su vehículo en parte de pago ($)").fill("3000");
    await page.getByLabel("Saldo del préstamo de su vehículo ($)").fill("4500");
    await page.getByLabel("Su crédito").selectOption("fair");
    await page.getByLabel("Plazo").selectOption("48");
    await Promise.all([page.waitForURL(/downPayment=1000/), page.getByRole("button", { name: "Actualizar estimado" }).click()]);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/es${pathOf(vehicle)}`);
    expect(url.hash).toBe("#estimate");

    const e = await estimateFor("downPayment=1000&tradeInValue=3000&tradeInPayoff=4500&creditBand=fair&termMonths=48");
    const text = (await page.getByTestId("estimate").textContent()) ?? "";
    expect(text).toContain("Impuesto sobre la venta de Massachusetts (6.25%)");
    expect(text).toContain(dollars(e.salesTax));
    expect(text).toContain(dollars(e.outTheDoor));
    expect(await page.getByTestId("monthly-payment").textContent()).toBe(`${dollars(e.monthlyPayment)}/mes`);
    // Regulation Z: the payment never shows without its APR, term and down payment; the APR named in words (language review B7).
    expect(await page.getByTestId("payment-terms").textContent()).toBe(
      `con una tasa de porcentaje anual (APR) de ${e.apr}% a 48 meses y $1,000.00 de pago inicial`,
    );
    const violations = await seriousAxeViolationsWithoutJs(browser, page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // A wrong amount: the page says so in Spanish, by the field.
    await page.getByLabel("Pago inicial ($)").fill("-5");
    await Promise.all([page.waitForURL(/downPayment=-5/), page.getByRole("button", { name: "Actualizar estimado" }).click()]);
    expect(await page.getByLabel("Pago inicial ($)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("estimate").textContent()).toContain("Ingrese una cantidad en dólares, 0 o más.");
    await context.close();
  });

  it("updates as the shopper types once its code arrived, without leaving the page, in the router's tree", async () => {
    const { page } = await newPage(browser, { baseURL: server.url });
    // A document of the vehicle page hydrates only its islands, where the estimate stays a form (decision 155):
    // it updates in place on the page a client-side navigation renders.
    await openByClientNavigation(page, pathOf(vehicle));
    await page.getByLabel("Trade-in value ($)").focus();
    await waitForHydration(page, "#estimate form");
    const start = page.url();
    await page.getByLabel("Down payment ($)").fill("0");
    await page.getByLabel("Trade-in value ($)").fill("2500");
    await page.getByLabel("Term").selectOption("36");
    const e = await estimateFor("downPayment=0&tradeInValue=2500&creditBand=good&termMonths=36");
    await expect.poll(() => page.getByTestId("monthly-payment").textContent(), { timeout: 15_000 }).toBe(`${dollars(e.monthlyPayment)}/mo`);
    expect(await page.getByTestId("payment-terms").textContent()).toBe(`at ${e.apr}% APR for 36 months with $0.00 down`);
    expect(await page.getByTestId("estimate").textContent()).toContain(`Trade-in allowance-${dollars(2500)}`);
    expect(page.url()).toBe(start);

    // A wrong amount: the field says so; a right one brings the breakdown back.
    await page.getByLabel("Down payment ($)").fill("12.345");
    await expect.poll(() => page.getByLabel("Down payment ($)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("estimate").textContent()).toContain("Enter an amount in dollars, 0 or more.");
    await page.getByLabel("Down payment ($)").fill("12.34");
    await expect.poll(() => page.getByTestId("monthly-payment").count()).toBe(1);

    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });
});

describe("the owner's deal settings", () => {
  it("saves the documentation fee in the Settings tab, shows the server's messages, and the vehicle page's price carries the fee", async () => {
    // The owner on a phone (390 px, touch).
    const { page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await page.goto("/podium");
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await openStaffScreen(page, "Settings");
    const panel = page.getByTestId("deal-settings");
    await panel.getByRole("heading", { name: "Deal settings" }).waitFor();
    expect(await panel.getByLabel("Sales tax rate (%)").inputValue()).toBe("6.25");
    const axe = await seriousAxeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    await panel.getByLabel("Documentation fee ($)").fill("-1");
    await panel.getByRole("button", { name: "Save deal settings" }).click();
    await panel.getByText("The documentation fee cannot be negative.").waitFor();
    expect(await panel.getByLabel("Documentation fee ($)").getAttribute("aria-invalid")).toBe("true");

    await panel.getByLabel("Documentation fee ($)").fill("499");
    await panel.getByRole("button", { name: "Save deal settings" }).click();
    await panel.getByText(/^Last saved by owner@example\.com/).waitFor();

    const cash = ((await (await fetch(`${server.url}/api/vehicles/${vehicle.id}/estimate`)).json()) as { price: number }).price;
    const shopper = await newPage(browser, { baseURL: server.url });
    await shopper.page.goto(pathOf(vehicle));
    const shown = `$${(cash + 499).toLocaleString("en-US")}`;
    expect(await shopper.page.locator("h1 + div + p, h1 ~ p").allTextContents()).toContainEqual(expect.stringContaining(shown));
    expect(await shopper.page.locator('[data-line="docFee"] dd').textContent()).toBe("$499.00");
    await shopper.page.context().close();

    await panel.getByLabel("Documentation fee ($)").fill("0");
    await panel.getByRole("button", { name: "Save deal settings" }).click();
    await expect
      .poll(async () => ((await (await fetch(`${server.url}/api/vehicles/${vehicle.id}`)).json()) as { price: number }).price)
      .toBe(cash);
    await page.context().close();
  });
});
