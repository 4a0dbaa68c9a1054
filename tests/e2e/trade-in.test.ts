import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradeIn as es } from "~/shared/i18n/es/trade-in";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { staffClient, type StaffClient } from "../support/staff-client";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;
let smtp: SmtpCapture;
let owner: StaffClient;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  [server, browser] = await Promise.all([
    startTestServer({ env: { SMTP_URL: smtp.url, LEADS_TO: "leads@dealer.test", MAIL_FROM: "noreply@dealer.test" } }),
    launchBrowser(),
  ]);
  owner = await staffClient(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

type Listed = { id: string; model: string; photos: unknown[] };

describe("trade-in appraisal", () => {
  it("is sent from a phone (390 px) with a photo, through the menu link, and passes axe", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    await page.goto("/");
    await waitForHydration(page, "header button[aria-controls='mobile-menu']");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "What's my car worth?" }).click();
    await page.getByRole("heading", { level: 1, name: "What's my car worth?" }).waitFor();
    // Only its islands hydrate (decision 153), with no error or CSP violation in the console, there or on the answer.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByLabel("Year", { exact: true }).fill("2014");
    await page.getByLabel("Make", { exact: true }).fill("Subaru");
    await page.getByLabel("Model", { exact: true }).fill("Outback");
    await page.getByLabel("Mileage", { exact: true }).fill("121000");
    await page.getByLabel("ZIP code", { exact: true }).fill("01420");
    await page.getByLabel("Accidents reported", { exact: true }).fill("0");
    await page.getByLabel("Number of keys", { exact: true }).fill("2");
    await page.getByLabel("Tire condition", { exact: true }).selectOption("good");
    await page.getByLabel("Title", { exact: true }).selectOption("clean");
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 20, g: 90, b: 60 } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Photos (up to 10, optional)").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText("1 of 10 photos").waitFor();
    await page.getByLabel("First Name", { exact: true }).fill("Maya");
    await page.getByLabel("Last Name", { exact: true }).fill("Chen");
    await page.getByLabel("Email", { exact: true }).fill("maya.chen@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("978-555-0177");
    // The consent to calls and texts is optional (decision 094): left unticked, the request still goes.
    expect(await page.getByLabel(/may call me and send me text messages/).isChecked()).toBe(false);
    // Nothing on the phone's page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Get my offer" }).click()]);
    await waitForHydration(page);
    // The answer is a document: the note has the focus, and the form is empty again.
    const sent = page.getByRole("status").filter({ hasText: "Thank you! We received your request." });
    expect(await sent.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel("Make", { exact: true }).inputValue()).toBe("");
    expect(new URL(page.url()).pathname).toBe("/trade-in");
    // One submit path: the form posted as a document to the page's route action, not POST /api/trade-ins.
    expect(posts.filter((p) => p.includes("trade-in"))).toEqual(["/trade-in"]);
    expect(errors).toEqual([]);

    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as Listed[];
    const stored = list.find((t) => t.model === "Outback")!;
    // Resized in the browser, then stored with its variants like a vehicle photo.
    expect(stored.photos).toEqual([expect.objectContaining({ width: 1200, height: 900 })]);
    await context.close();
  }, 60_000);

  it("is sent from a phone (390 px) with a photo without JavaScript: a multipart post to the same route action", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await page.goto("/es/trade-in");
    await page.getByLabel("Año", { exact: true }).fill("2016");
    await page.getByLabel("Marca", { exact: true }).fill("Mazda");
    await page.getByLabel("Modelo", { exact: true }).fill("CX-5 sin JS");
    await page.getByLabel("Millaje", { exact: true }).fill("88000");
    await page.getByLabel("Código postal", { exact: true }).fill("01420");
    await page.getByLabel("Accidentes reportados", { exact: true }).fill("1");
    await page.getByLabel("Número de llaves", { exact: true }).fill("1");
    await page.getByLabel("Estado de las llantas", { exact: true }).selectOption("fair");
    await page.getByLabel("Título", { exact: true }).selectOption("clean");
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 20, b: 60 } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(/^Fotos/).setInputFiles({ name: "side.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido", { exact: true }).fill("Ortiz");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("lucia.ortiz@example.com");
    await page.getByLabel("Teléfono", { exact: true }).fill("978-555-0188");
    // Ticked without JavaScript too: the box names the dealership and says it is not a condition of buying.
    await page.getByLabel(/no es una condición para comprar nada/).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: es.submit }).click();
    await page.getByText(es.sent.title).waitFor();
    expect(posts).toEqual(["/es/trade-in"]);

    const list = (await (await owner.fetch("/api/admin/trade-ins")).json()) as Listed[];
    const stored = list.find((t) => t.model === "CX-5 sin JS")!;
    // Sent as chosen (no resizing without JavaScript), stored by the same service.
    expect(stored.photos).toHaveLength(1);
    await context.close();
  }, 60_000);

  it("shows the staff tab (axe), sends an offer, and the offer page (axe) carries its low end into the estimate", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await openStaffScreen(page, "Trade-ins");
    const listed = page.getByTestId("trade-in-card").filter({ has: page.getByRole("heading", { name: "2014 Subaru Outback" }) });
    await listed.getByRole("img", { name: "Photo 1 of the 2014 Subaru Outback" }).waitFor();
    const listViolations = await seriousAxeViolations(page);
    expect(listViolations, describeViolations(listViolations)).toEqual([]);
    // The request's own page (/podium/trade-ins/{id}), its photos served to staff only.
    await listed.getByRole("link", { name: "2014 Subaru Outback" }).click();
    await page.getByRole("heading", { level: 1, name: /^Trade-in: 2014 Subaru Outback from / }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/podium\/trade-ins\/[0-9a-f-]{36}$/);
    const card = page.getByRole("main");
    await card.getByRole("img", { name: "Photo 1 of the 2014 Subaru Outback" }).waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    smtp.mails.length = 0;
    await card.getByLabel("Low ($)").fill("6500");
    await card.getByLabel("High ($)").fill("7200");
    await card.getByLabel("Note to the shopper (optional)").fill("Bring both keys.");
    await card.getByRole("button", { name: "Send offer" }).click();
    await card.getByTestId("offer-sent").waitFor();
    const isOffer = (subject = "") => subject.startsWith("Your trade-in offer");
    for (let tries = 0; !smtp.mails.some((m) => isOffer(m.parsed.subject)) && tries < 200; tries++)
      await new Promise((r) => setTimeout(r, 100));
    const offerMail = smtp.mails.find((m) => isOffer(m.parsed.subject))!;
    const link = new URL(/See your offer: (\S+)/.exec(offerMail.parsed.text!)![1]!);
    await context.close();

    const shopper = await newPage(browser, { baseURL: server.url, viewport: { width: 390, height: 844 } });
    await shopper.page.goto(link.pathname);
    await shopper.page.getByTestId("offer-range").getByText("$6,500 – $7,200").waitFor();
    await shopper.page.getByText("Bring both keys.").waitFor();
    const offerViolations = await seriousAxeViolations(shopper.page);
    expect(offerViolations, describeViolations(offerViolations)).toEqual([]);
    const value = shopper.page.getByLabel("Trade-in value for your estimate");
    expect(await value.inputValue()).toBe("6500");
    await value.fill("6800");
    await shopper.page.getByRole("button", { name: "Use this value in my estimate" }).click();
    await shopper.page.waitForURL(/\/inventory\?tradeInValue=6800$/);
    await shopper.context.close();
  }, 90_000);

  it("lets the owner delete a request from the tab after a confirmation (axe), its photo gone too", async () => {
    const before = (await (await owner.fetch("/api/admin/trade-ins")).json()) as (Listed & { photos: { src: string }[] })[];
    const photo = before.find((t) => t.model === "Outback")!.photos[0]!.src;
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    await openStaffScreen(page, "Trade-ins");
    const card = page.getByTestId("trade-in-card").filter({ has: page.getByRole("heading", { name: "2014 Subaru Outback" }) });
    await card.getByRole("link", { name: "2014 Subaru Outback" }).click();
    await page.getByRole("link", { name: /^Delete the trade-in request for the 2014 Subaru Outback/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(/This cannot be undone\./).waitFor();
    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Trade-in request deleted").first().waitFor();
    // Back on the list, without the request.
    await page.getByRole("heading", { level: 1, name: "Trade-ins", exact: true }).waitFor();
    await card.waitFor({ state: "detached" });
    const after = (await (await owner.fetch("/api/admin/trade-ins")).json()) as Listed[];
    expect(after.some((t) => t.model === "Outback")).toBe(false);
    // A shopper's photo is for signed-in staff only (decision 085): the owner's own request finds it gone.
    expect((await owner.fetch(photo)).status).toBe(404);
    await context.close();
  }, 60_000);
});
