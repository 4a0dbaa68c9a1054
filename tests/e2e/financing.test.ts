import fs from "node:fs";
import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeViolations,
  launchBrowser,
  newPage,
  seriousAxeViolations,
  seriousAxeViolationsWithoutJs,
  waitForHydration,
} from "../support/browser";
import { insertVehicle } from "~/server/data/vehicles.server";
import { openServerDatabase } from "../support/server-database";
import { drawSignature } from "../support/signature-pad";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;
let licensePng: Buffer;
let licensePdf: Buffer;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  licensePng = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 80, b: 150 } } })
    .png()
    .toBuffer();
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText("LICENSE");
  licensePdf = Buffer.from(await pdf.save());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectNoSeriousAxe(page: Page) {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/**
 * Opens the page and waits until its islands have hydrated (decision 153): the form posts as a document
 * either way, but the signature pad draws, the SSN shows and the license previews only once they have.
 */
async function gotoFinancing(page: Page) {
  await page.goto("/financing");
  await waitForHydration(page);
}

/** Submits the form (a document post) and waits for the answer's islands. */
async function submit(page: Page) {
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Submit Application" }).click()]);
  await waitForHydration(page);
}

async function fillPrimary(page: Page) {
  await page.getByLabel("First Name", { exact: true }).fill("Jane");
  await page.getByLabel("Last Name", { exact: true }).fill("Shopper");
  await page.getByLabel("Email", { exact: true }).fill("jane@example.com");
  await page.getByLabel("Phone", { exact: true }).fill("9785550100");
  await page.getByLabel("Street Address").fill("12 Main Street");
  await page.getByLabel("City").fill("Fitchburg");
  await page.getByLabel("State", { exact: true }).fill("MA");
  await page.getByLabel("ZIP Code").fill("01420");
  await page.getByLabel("Date of Birth", { exact: true }).fill("1985-04-12");
  await page.getByLabel("Social Security Number", { exact: true }).pressSequentially("123456789");
  await page.getByLabel("Employment Status", { exact: true }).selectOption("employed");
  await page.getByLabel("Employer", { exact: true }).fill("Acme Tools");
  await page.getByLabel("Monthly Income ($)", { exact: true }).fill("4200");
  await page.getByLabel("Vehicle of Interest").fill("2019 Honda Civic");
  await page.getByLabel("Down Payment ($)").fill("1500");
  // The credit-check authorization: required.
  await page.getByLabel(/^I authorize .* to obtain my credit report/).check();
}

async function downloadPdf(page: Page): Promise<PDFDocument> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^financing-application-[0-9a-f-]{36}\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return PDFDocument.load(bytes);
}

describe("financing application in Chromium", () => {
  it("answers with the server's messages, submits with a drawn signature and an uploaded license, downloads the PDF and starts again", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    // No error and no CSP violation in the console, on the page (a cached document, its scripts allowed by
    // their hashes) or on the answers to its posts (allowed by their nonces).
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // (The answer to a refused post is the page with its messages, sent as a 400, which Chromium logs as such.)
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 400 \(Bad Request\)/.test(message.text())) errors.push(message.text());
    });
    await gotoFinancing(page);
    // Only its islands hydrate (decision 153): no router.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect(page.getByRole("heading", { level: 1, name: "Get Pre-Approved" }).isVisible()).resolves.toBe(true);
    for (const title of ["Quick Approval", "Competitive Rates", "Secure Process"]) {
      await expect(page.getByRole("heading", { name: title }).isVisible()).resolves.toBe(true);
    }
    for (const section of [
      "Personal Information",
      "Employment Information",
      "Vehicle Information",
      "Documentation",
      "Co-Owner/Co-Applicant",
    ]) {
      await expect(page.getByRole("group", { name: section, exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    await expectNoSeriousAxe(page);

    // Empty submit: the page answers with the messages of docs/behaviour.md §5, tied to their fields.
    await submit(page);
    for (const message of [
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Valid phone number is required",
      "Address is required",
      "City is required",
      "State is required",
      "ZIP code is required",
      "SSN is required (format: 000-00-0000)",
      "Date of birth is required",
      "Employment status is required",
      "Monthly income is required",
      "Signature is required",
      "Driver's license is required",
      "You must authorize the credit check to submit your application",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const firstName = page.getByLabel("First Name", { exact: true });
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    // The first field with a message has the focus as the answer loads.
    expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousAxe(page);

    await fillPrimary(page);
    const ssn = page.getByLabel("Social Security Number", { exact: true });
    expect(await ssn.inputValue()).toBe("123-45-6789");
    expect(await ssn.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show SSN" }).first().click();
    expect(await ssn.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide SSN" }).first().click();
    expect(await ssn.getAttribute("type")).toBe("password");

    // Trade-in details only when ticked.
    expect(await page.getByLabel("Trade-In Details").isVisible()).toBe(false);
    await page.getByLabel("I have a vehicle to trade in").check();
    await page.getByLabel("Trade-In Details").fill("2010 Toyota Corolla, 150k miles");

    await drawSignature(page, "Signature");
    const signatureGroup = page.getByRole("group", { name: "Signature", exact: true });
    await signatureGroup.getByRole("button", { name: "Clear" }).waitFor();
    // Clear empties it and hides Clear; draw again.
    await signatureGroup.getByRole("button", { name: "Clear" }).click();
    expect(await signatureGroup.getByRole("button", { name: "Clear" }).count()).toBe(0);
    await drawSignature(page, "Signature");
    await signatureGroup.getByRole("button", { name: "Clear" }).waitFor();

    await page
      .getByLabel("Driver's License", { exact: true })
      .setInputFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });
    await page.getByRole("img", { name: "Driver's License preview" }).waitFor();

    await submit(page);
    const confirmation = page.getByRole("heading", { name: "Application Submitted!" });
    expect(await confirmation.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("button", { name: "Submit Application" }).count()).toBe(0);
    await expectNoSeriousAxe(page);

    const pdf = await downloadPdf(page);
    expect(pdf.getTitle()).toContain("Jane Shopper");
    expect(pdf.getPageCount()).toBe(2);

    await page.getByRole("link", { name: "Submit Another Application" }).click();
    await page.getByRole("heading", { name: "Financing Application" }).waitFor();
    await waitForHydration(page);
    expect(await page.getByLabel("First Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Social Security Number", { exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("button", { name: "Clear" }).count()).toBe(0);
    expect(await page.getByRole("img", { name: "Driver's License preview" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("co-owner path at phone width, signing by keyboard (typed name) and a PDF license", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 800 } });
    await gotoFinancing(page);
    expect(await page.getByLabel("Co-Owner First Name").isVisible()).toBe(false);
    await page.getByLabel("Add a co-owner/co-applicant").check();
    await submit(page);
    // The answer keeps the box ticked, so the co-owner's part is open with its messages.
    for (const message of [
      "Co-owner first name is required",
      "Co-owner last name is required",
      "Valid co-owner email is required",
      "Co-owner phone is required",
      "Co-owner date of birth is required",
      "Co-owner SSN is required",
      "Co-owner employment status is required",
      "Co-owner monthly income is required",
      "Co-owner signature is required",
      "Co-owner driver's license is required",
      // Each applicant authorizes their own credit report (decision 097).
      "The co-applicant must authorize their own credit check",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectNoSeriousAxe(page);

    // The pad keeps its 500x200 space while fitting the phone.
    const canvas = page.getByRole("group", { name: "Signature", exact: true }).locator("canvas");
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([500, 200]);
    expect((await canvas.boundingBox())!.width).toBeLessThan(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // A stroke across the middle of the shrunken pad lands in the middle of the 500x200 space.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
      const alpha = (x: number, y: number) => c.getContext("2d")!.getImageData(x, y, 1, 1).data[3]!;
      return { middle: alpha(250, 100), outside: alpha(250, 20), lineEnd: alpha(105, 100) };
    });
    expect(inked.middle).toBeGreaterThan(0);
    expect(inked.lineEnd).toBeGreaterThan(0);
    expect(inked.outside).toBe(0);
    await page.getByRole("group", { name: "Signature", exact: true }).getByRole("button", { name: "Clear" }).click();

    await fillPrimary(page);
    // Keyboard signature for the applicant: type the name, press Enter.
    const primarySig = page.getByRole("group", { name: "Signature", exact: true });
    await primarySig.getByLabel("Or type your full name to sign").fill("Jane Shopper");
    await primarySig.getByLabel("Or type your full name to sign").press("Enter");
    await primarySig.getByRole("button", { name: "Clear" }).waitFor();
    await page
      .getByLabel("Driver's License", { exact: true })
      .setInputFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });

    await page.getByLabel("Co-Owner First Name").fill("John");
    await page.getByLabel("Co-Owner Last Name").fill("Partner");
    await page.getByLabel("Co-Owner Email").fill("john@example.com");
    await page.getByLabel("Co-Owner Phone").fill("9785550101");
    await page.getByLabel("Co-Owner Date of Birth").fill("1986-05-13");
    await page.getByLabel("Co-Owner Social Security Number").pressSequentially("987654321");
    const coStatus = page.getByLabel("Co-Owner Employment Status");
    expect(await coStatus.locator("option").allTextContents()).toEqual([
      "Select status",
      "Employed",
      "Self-Employed",
      "Retired",
      "Unemployed",
      "Student",
    ]);
    await coStatus.selectOption("student");
    await page.getByLabel("Co-Owner Monthly Income ($)").fill("900");
    const coSig = page.getByRole("group", { name: "Co-Owner Signature", exact: true });
    await coSig.getByLabel("Or type your full name to sign").fill("John Partner");
    await coSig.getByRole("button", { name: "Use typed signature" }).click();
    await coSig.getByRole("button", { name: "Clear" }).waitFor();
    await page
      .getByLabel("Co-Owner Driver's License")
      .setInputFiles({ name: "license.pdf", mimeType: "application/pdf", buffer: licensePdf });
    await page.getByText("PDF selected: license.pdf").waitFor();
    await page.getByLabel(/I, the co-applicant, authorize .* to obtain my credit report/).check();

    await submit(page);
    await page.getByRole("heading", { name: "Application Submitted!" }).waitFor();
    const pdf = await downloadPdf(page);
    const pages = pdf.getPages();
    expect(pages.at(-1)!.getSize()).toEqual({ width: 300, height: 200 });
    await context.close();
  });

  // Retried: Playwright's file-chooser interception races now and then (see the closing note of 2026-11-23);
  // each attempt is a new page and a new application, so a pass still proves the keyboard path.
  it("can be completed with the keyboard alone", { retry: 2 }, async () => {
    const { page } = await newPage(browser, { baseURL: server.url });
    await gotoFinancing(page);
    await page.getByRole("heading", { level: 1, name: "Get Pre-Approved" }).waitFor();
    /** Presses Tab (never clicks) until the element with this id has focus. */
    const tabTo = async (id: string) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate((target) => document.activeElement?.id === target, id)) return;
      }
      throw new Error(`#${id} is not reachable with Tab`);
    };
    const typeInto = async (id: string, text: string) => {
      await tabTo(id);
      await page.keyboard.type(text);
    };
    await typeInto("financing-firstName", "Kay");
    await typeInto("financing-lastName", "Board");
    await typeInto("financing-email", "kay@example.com");
    await typeInto("financing-phone", "9785550102");
    await typeInto("financing-address", "7 Key Street");
    await typeInto("financing-city", "Fitchburg");
    await typeInto("financing-state", "MA");
    await typeInto("financing-zipCode", "01420");
    await typeInto("financing-dateOfBirth", "04121985");
    await typeInto("financing-ssn", "123456789");
    await tabTo("financing-employmentStatus");
    await page.keyboard.press("ArrowDown");
    await typeInto("financing-monthlyIncome", "3000");
    await tabTo("financing-hasTradeIn");
    await page.keyboard.press("Space");
    await typeInto("financing-tradeInDetails", "2011 Ford Focus");
    await typeInto("financing-signature-typed", "Kay Board");
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "Signature", exact: true }).getByRole("button", { name: "Clear" }).waitFor();
    await tabTo("financing-driverLicense");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
    await chooser.setFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });
    await page.getByRole("img", { name: "Driver's License preview" }).waitFor();
    await tabTo("financing-creditConsent");
    await page.keyboard.press("Space");
    expect(await page.locator("#financing-creditConsent").isChecked()).toBe(true);
    expect(await page.locator("#financing-dateOfBirth").inputValue()).toBe("1985-04-12");
    expect(await page.locator("#financing-employmentStatus").inputValue()).toBe("employed");
    // Enter in a text field submits the form.
    await page.locator("#financing-city").focus();
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    const heading = page.getByRole("heading", { name: "Application Submitted!" });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Submit Another Application");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Financing Application" }).waitFor();
    expect(await page.locator("#financing-firstName").inputValue()).toBe("");
    await page.context().close();
  });

  it("refuses a license over 10 MB at once, answers with the server's verdict on a disguised file, and says 'Submitting...' while sending", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await gotoFinancing(page);
    const license = page.getByLabel("Driver's License", { exact: true });
    await license.setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await page.getByText("File is too large: the limit is 10 MB").waitFor();

    // HTML renamed .png passes the browser's checks; the server reads the bytes and refuses it.
    await fillPrimary(page);
    const signature = page.getByRole("group", { name: "Signature", exact: true });
    await signature.getByLabel("Or type your full name to sign").fill("Jane Shopper");
    await signature.getByRole("button", { name: "Use typed signature" }).click();
    await license.setInputFiles({ name: "license.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><h1>not a photo</h1>") });
    await submit(page);
    await page.getByRole("alert").getByText("Please correct the highlighted fields.").waitFor();
    await page.getByText("Driver's license must be an image (PNG, JPEG or WebP) or a PDF").waitFor();
    // The file's field has the focus; what was typed is back, but for the SSN, the date of birth and the signature.
    expect(await license.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel("First Name", { exact: true }).inputValue()).toBe("Jane");
    await fillPrimary(page);
    await signature.getByLabel("Or type your full name to sign").fill("Jane Shopper");

    // The real post, held a second on its way: the button says so and cannot be pressed again meanwhile.
    // (Playwright cannot read the page while its navigation is pending: the page notes what the button became.)
    await page.route("**/financing", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await license.setInputFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>("form button[type=submit]")!;
      const note = () => sessionStorage.setItem("submit-button", `${button.textContent} ${button.getAttribute("aria-disabled")}`);
      new MutationObserver(note).observe(button, { attributes: true, childList: true, subtree: true, characterData: true });
    });
    await submit(page);
    expect(await page.evaluate(() => sessionStorage.getItem("submit-button"))).toBe("Submitting... true");
    await page.getByRole("heading", { name: "Application Submitted!" }).waitFor();
    await context.close();
  });

  it("works without JavaScript: a multipart post to the page, field errors, then the confirmation and the PDF copy", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    try {
      await page.goto("/financing");
      // The co-owner section opens with its box by CSS alone.
      expect(await page.getByLabel("Co-Owner First Name").isVisible()).toBe(false);
      await page.getByLabel("Add a co-owner/co-applicant").check();
      expect(await page.getByLabel("Co-Owner First Name").isVisible()).toBe(true);
      await page.getByLabel("Add a co-owner/co-applicant").uncheck();

      await page.getByLabel("First Name", { exact: true }).fill("Jane");
      await page.getByLabel("Social Security Number", { exact: true }).fill("123-45-6789");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page.getByRole("alert").getByText("Please correct the highlighted fields.").waitFor();
      await page.getByText("Last name is required", { exact: true }).waitFor();
      await page.getByText("Signature is required", { exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe("");
      // What was typed comes back, except the SSN.
      expect(await page.getByLabel("First Name", { exact: true }).inputValue()).toBe("Jane");
      expect(await page.getByLabel("Social Security Number", { exact: true }).inputValue()).toBe("");
      const violations = await seriousAxeViolationsWithoutJs(browser, page);
      expect(violations, describeViolations(violations)).toEqual([]);

      await fillPrimary(page);
      await page.getByRole("group", { name: "Signature", exact: true }).getByLabel("Or type your full name to sign").fill("Jane Shopper");
      await page
        .getByLabel("Driver's License", { exact: true })
        .setInputFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page
        .getByRole("heading", { name: "Application Submitted!" })
        .waitFor({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          throw new Error(`${String(error)}\n${await page.locator("main").innerText()}`);
        });
      // Only the path and query: the loopback port itself may contain "123".
      const { pathname, search } = new URL(page.url());
      expect(pathname + search).not.toMatch(/Jane|Shopper|123/);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
      const pdf = await PDFDocument.load(fs.readFileSync((await download.path())!));
      expect(pdf.getTitle()).toContain("Jane Shopper");
      // The typed name was rendered into a signature image like the pad's, and embedded.
      const images = pdf.context.enumerateIndirectObjects().filter(([, object]) => String(object).includes("/Subtype /Image"));
      expect(images.length).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
    }
  });

  it("opened by a vehicle page's Apply for Financing, names that vehicle and sends its id, also without JavaScript (decision 057)", async () => {
    const { db } = openServerDatabase(server);
    const vehicleId = await insertVehicle(db, {
      year: 2018,
      make: "Mazda",
      model: "CX-5",
      price: 19995,
      mileage: 51000,
      transmission: "Automatic",
      drivetrain: "AWD",
      bodyStyle: "SUV",
      exteriorColor: "Red",
      vin: "JM3KFBCM5J0412345",
      features: [],
      description: null,
      images: [],
    });
    const vehicle = { id: vehicleId };
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/financing?vehicleId=${vehicle.id}`);
      expect(await page.getByLabel("Vehicle of Interest").inputValue()).toBe("2018 Mazda CX-5");
      expect(await page.locator('input[type=hidden][name="vehicleId"]').getAttribute("value")).toBe(vehicle.id);
      // A post refused for another field comes back with the vehicle still attached.
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page.getByRole("alert").getByText("Please correct the highlighted fields.").waitFor();
      expect(await page.locator('input[type=hidden][name="vehicleId"]').getAttribute("value")).toBe(vehicle.id);

      await fillPrimary(page);
      await page.getByLabel("Vehicle of Interest").fill("2018 Mazda CX-5");
      await page.getByRole("group", { name: "Signature", exact: true }).getByLabel("Or type your full name to sign").fill("Jane Shopper");
      await page
        .getByLabel("Driver's License", { exact: true })
        .setInputFiles({ name: "license.png", mimeType: "image/png", buffer: licensePng });
      await page.getByRole("button", { name: "Submit Application" }).click();
      await page.getByRole("heading", { name: "Application Submitted!" }).waitFor({ timeout: 10_000 });
      const row = await db
        .selectFrom("financingApplications")
        .select(["vehicleId", "vehicleOfInterest"])
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ vehicleId: vehicle.id, vehicleOfInterest: "2018 Mazda CX-5" });

      // An id that names no vehicle opens the plain form.
      await page.goto(`/financing?vehicleId=${crypto.randomUUID()}`);
      expect(await page.locator('input[name="vehicleId"]').count()).toBe(0);
      expect(await page.getByLabel("Vehicle of Interest").inputValue()).toBe("");
    } finally {
      await context.close();
      await db.destroy();
    }
  });
});
