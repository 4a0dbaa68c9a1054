import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSlotTime } from "~/features/booking/available-slots";
import { formatBookingDate } from "~/features/booking/booking-dates";
import { DEMO_SERVICES } from "~/server/seed/demo-catalogue.server";
import { businessProfile } from "~/shared/config/business-profile";
import { es } from "~/shared/i18n/es";
import { LANGUAGE_SUGGESTIONS } from "~/shared/i18n/language-suggestion";
import { pt } from "~/shared/i18n/pt";
import { financingPdf as ptPdf } from "~/shared/i18n/pt/financing-pdf";
import type { Service } from "~/shared/types/service";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { upcomingDateFor } from "../support/booking-dates";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { expectWorksOnPhone, openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { drawSignature } from "../support/signature-pad";
import { startTestServer, type TestServer } from "../support/test-server";

/** Languages end to end (docs/behaviour.md §10): the shopper's journeys in Spanish and Portuguese on a phone. */
const PHONE = { width: 375, height: 812 };

let server: TestServer;
let browser: Browser;
let oilChange: Service;
let vehiclePath: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  oilChange = services.find((s) => s.name === "Oil Change")!;
  const html = await (await fetch(`${server.url}/inventory`)).text();
  vehiclePath = /href="(\/used-[^"]+)"/.exec(html)![1]!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectNoSeriousAxe(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}: ${describeViolations(violations)}`).toEqual([]);
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("the shopper's journey in Spanish (phone)", () => {
  it("filters the inventory, switches language keeping the filters, messages about a vehicle and books a service", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    try {
      await page.goto("/es/inventory");
      expect(await htmlLang(page)).toBe("es-US");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(es.shells.inventory.title);
      await waitForHydration(page);
      await expectNoSeriousAxe(page, "/es/inventory");

      // Filter by the first make offered: the filters are a form, each answer a document (decision 154).
      await page.getByRole("button", { name: es.inventory.filters, exact: true }).click();
      const make = page.getByRole("combobox", { name: es.inventory.make });
      await make.waitFor();
      const options = await make.locator("option").allTextContents();
      expect(options[0]).toBe(es.inventory.allMakes);
      const chosen = options[1]!;
      await make.selectOption(chosen);
      await page.getByRole("button", { name: es.inventory.applyFilters }).click();
      await page.waitForURL((url) => url.searchParams.get("make") === chosen);
      await page
        .getByRole("link", { name: es.inventory.clearFilters(1) })
        .first()
        .waitFor();

      // The switcher (in the phone menu) keeps the page and its filters; here a plain link (decision 151).
      await page.getByRole("button", { name: es.layout.openMenu }).click();
      await page.locator("#mobile-menu").getByRole("link", { name: "Português" }).click();
      await page.waitForURL((url) => url.pathname === "/pt/inventory" && url.searchParams.get("make") === chosen);
      await expect.poll(() => htmlLang(page)).toBe("pt-BR");
      await page
        .getByRole("link", { name: pt.inventory.clearFilters(1) })
        .first()
        .waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(pt.shells.inventory.title);
      await waitForHydration(page);
      const menu = page.getByRole("button", { name: pt.layout.openMenu });
      if (await menu.isVisible()) await menu.click();
      await page.locator("#mobile-menu").getByRole("link", { name: "Español" }).click();
      await page.waitForURL((url) => url.pathname === "/es/inventory" && url.searchParams.get("make") === chosen);
      await page
        .getByRole("link", { name: es.inventory.clearFilters(1) })
        .first()
        .waitFor();

      // The vehicle page, in Spanish under /es/ with the slug unchanged.
      await waitForHydration(page);
      await page
        .getByRole("link", { name: new RegExp(es.inventory.card.viewDetails) })
        .first()
        .click();
      await page.waitForURL((url) => /^\/es\/used-\d{4}-/.test(url.pathname));
      await expect.poll(() => htmlLang(page)).toBe("es-US");
      // The URL changes when the navigation starts; the vehicle page renders once its data and code
      // arrive, which on a busy machine takes longer than expect.poll's default second.
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 10_000 }).toContain(chosen);
      await waitForHydration(page, "form button[type=submit]");
      await expectNoSeriousAxe(page, "vehicle page");

      // The message form, posted as a document (decision 155): Spanish errors, then a sent message.
      const form = page.locator("form", { has: page.getByRole("button", { name: es.contact.send }) });
      await form.getByRole("textbox", { name: es.contact.labels.message }).fill("");
      await form.getByRole("button", { name: es.contact.send }).click();
      await form.getByText(es.contact.errors.firstName, { exact: true }).waitFor();
      await form.getByText(es.contact.errors.email, { exact: true }).waitFor();
      await expectNoSeriousAxe(page, "vehicle page with errors");
      await form.getByRole("textbox", { name: es.contact.labels.firstName }).fill("Lucía");
      await form.getByRole("textbox", { name: es.contact.labels.lastName }).fill("Pérez");
      await form.getByRole("textbox", { name: es.contact.labels.email }).fill("lucia@example.com");
      await form.getByRole("textbox", { name: es.contact.labels.phone }).fill("9785550123");
      await form.getByRole("textbox", { name: es.contact.labels.message }).fill("¿Todavía está disponible? Quisiera verlo el sábado.");
      await form.getByRole("button", { name: es.contact.send }).click();
      await page.getByRole("status").getByText(es.contact.toasts.successTitle).waitFor();

      // Booking a service.
      const date = upcomingDateFor(oilChange, 3);
      await page.goto("/es/booking");
      await waitForHydration(page, "fieldset input[name=serviceId]");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(es.shells.booking.title);
      await expectNoSeriousAxe(page, "/es/booking");
      // The cards name the services in Spanish (decision 068): no English name where a translation exists.
      for (const service of DEMO_SERVICES) {
        await page.getByRole("radio", { name: new RegExp(`^${service.translations.es.name}`) }).waitFor();
        expect(await page.getByText(service.name, { exact: true }).count(), service.name).toBe(0);
      }
      await page.getByText("Cambio de aceite", { exact: true }).click();
      await expect.poll(() => page.getByTestId("summary-service").locator("dd").textContent()).toBe("Cambio de aceite");
      await page.getByRole("grid").first().waitFor();
      // The calendar opens on the first bookable day's month; near a month's end the day is in the next.
      const day = page.locator(`[data-day="${date}"] button`);
      if ((await day.count()) === 0) await page.getByRole("button", { name: "Ir al mes siguiente" }).click();
      await day.click();
      const nine = formatSlotTime("09:00", "es");
      await page.getByText(nine, { exact: true }).click();
      await page.getByLabel(es.booking.firstName).waitFor();
      // The form posts the page (decision 158), which answers in Spanish with the flow where it was.
      await page.getByRole("button", { name: es.booking.confirmBooking }).click();
      await page.getByText(es.booking.validation.firstName, { exact: true }).waitFor();
      await waitForHydration(page, "fieldset input[name=serviceId]");
      await page.getByLabel(es.booking.firstName).fill("Lucía");
      await page.getByLabel(es.booking.lastName).fill("Pérez");
      await page.getByLabel(es.booking.email).fill("lucia@example.com");
      await page.getByLabel(es.booking.phone).fill("(978) 555-0123");
      await page.getByRole("button", { name: es.booking.confirmBooking }).click();
      const heading = page.getByRole("heading", { name: es.booking.confirmation.heading });
      await heading.waitFor();
      const confirmation = page.locator("section", { has: heading });
      for (const text of [es.booking.toast.successText, formatBookingDate(date, "es"), nine, "Cambio de aceite"])
        expect(await confirmation.getByText(text, { exact: true }).count()).toBe(1);
      await expectNoSeriousAxe(page, "/es/booking confirmed");

      // On a page that hydrates whole the switcher also remembers the choice, for the suggestion banner.
      await page.getByRole("button", { name: es.layout.openMenu }).click();
      await page.locator("#mobile-menu").getByRole("link", { name: "Português" }).click();
      await page.waitForURL((url) => url.pathname === "/pt/booking");
      expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("pt");
    } finally {
      await context.close();
    }
  });

  it("offers Spanish on an English page to a browser that prefers it, without redirecting, and remembers a dismissal", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, locale: "es-US" });
    await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
    const page = await context.newPage();
    try {
      await page.goto("/inventory?make=Honda");
      expect(new URL(page.url()).pathname).toBe("/inventory");
      const text = LANGUAGE_SUGGESTIONS.es;
      const banner = page.getByTestId("language-suggestion");
      await banner.getByText(text.question).waitFor();
      await expectNoSeriousAxe(page, "/inventory with the suggestion");
      expect(await banner.getByRole("link", { name: text.accept }).getAttribute("href")).toBe("/es/inventory?make=Honda");
      await banner.getByRole("button", { name: text.dismiss }).click();
      expect(await banner.count()).toBe(0);
      await page.reload();
      await waitForHydration(page);
      expect(await page.getByTestId("language-suggestion").count()).toBe(0);

      // The staff dashboard is English only: no offer, no switcher pointing at a page that does not exist.
      await context.clearCookies();
      await page.goto("/podium");
      await waitForHydration(page);
      await page.waitForTimeout(500);
      expect(await page.getByTestId("language-suggestion").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Español" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("the shopper's journey in Portuguese (phone)", () => {
  it("financing: Portuguese field errors, a submitted application and the PDF copy in Portuguese", async () => {
    const license = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 80, b: 150 } } })
      .png()
      .toBuffer();
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    try {
      await page.goto("/pt/financing");
      await waitForHydration(page);
      expect(await htmlLang(page)).toBe("pt-BR");
      const f = pt.financing.form.fields;
      const v = pt.financing.validation;
      // The form posts as a document (decision 153): the answer is the page with the server's messages.
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: pt.financing.form.submit }).click()]);
      await waitForHydration(page);
      for (const message of [
        v.firstName,
        v.email,
        v.ssn,
        v.monthlyIncome,
        v.signature,
        v.driverLicense,
        pt.privacy.creditConsent.required,
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      await expectNoSeriousAxe(page, "/pt/financing with errors");

      await page.getByLabel(f.firstName, { exact: true }).fill("João");
      await page.getByLabel(f.lastName, { exact: true }).fill("Silva");
      await page.getByLabel(f.email, { exact: true }).fill("joao@example.com");
      await page.getByLabel(f.phone, { exact: true }).fill("9785550144");
      await page.getByLabel(f.address, { exact: true }).fill("12 Main Street");
      await page.getByLabel(f.city, { exact: true }).fill("Fitchburg");
      await page.getByLabel(f.state, { exact: true }).fill("MA");
      await page.getByLabel(f.zipCode, { exact: true }).fill("01420");
      await page.getByLabel(f.dateOfBirth, { exact: true }).fill("1985-04-12");
      await page.getByLabel(f.ssn, { exact: true }).pressSequentially("123456789");
      await page.getByLabel(f.employmentStatus, { exact: true }).selectOption("employed");
      await page.getByLabel(f.monthlyIncome, { exact: true }).fill("4200");
      await page.getByLabel(pt.privacy.creditConsent.label(businessProfile.name)).check();
      await drawSignature(page, f.signature);
      await page.getByLabel(f.driverLicense, { exact: true }).setInputFiles({ name: "cnh.png", mimeType: "image/png", buffer: license });
      await page.getByRole("img", { name: pt.financing.license.previewAlt(f.driverLicense) }).waitFor();

      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: pt.financing.form.submit }).click()]);
      await page.getByRole("heading", { name: pt.financing.confirmation.title }).waitFor();
      await expectNoSeriousAxe(page, "/pt/financing submitted");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: pt.financing.confirmation.downloadPdf }).click(),
      ]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pt-pdf-")), "copy.pdf");
      await download.saveAs(file);
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
      expect(text).toContain(ptPdf.title);
      expect(text).toContain(ptPdf.applicant);
      expect(text).toContain("João Silva");
      expect(text).toContain("***-**-6789");
    } finally {
      await context.close();
    }
  });
});

describe("accessibility of every public page in Spanish and Portuguese (phone)", () => {
  it.each(["es", "pt"] as const)("/%s/…: no serious axe violation, and only that language's catalogue is downloaded", async (locale) => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: PHONE });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    try {
      for (const page_ of ["/", "/inventory", vehiclePath, "/financing", "/about", "/contact", "/booking", "/privacy", "/no-such-page"]) {
        const url = `/${locale}${page_}`;
        await page.goto(url);
        await waitForHydration(page);
        expect(await htmlLang(page), url).toBe(locale === "es" ? "es-US" : "pt-BR");
        await expectNoSeriousAxe(page, url);
      }
      // Decision 044: each language's catalogue is its own chunk; a page loads its own only.
      expect(scripts.filter((p) => /\/messages-/.test(p)).every((p) => p.includes(`/messages-${locale}-`))).toBe(true);
      expect(scripts.some((p) => p.includes(`/messages-${locale}-`))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("the staff dashboard shows each lead's language (English dashboard)", () => {
  it("lists the Spanish message and booking and the Portuguese application with their language", async () => {
    // Staff on a phone (390 px, touch).
    const { context, page } = await newPage(browser, { baseURL: server.url, ...PHONE_TOUCH });
    try {
      await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
      await openStaffScreen(page, "Messages");
      const message = page.getByRole("listitem").filter({ hasText: "lucia@example.com" });
      expect(await message.getByTestId("lead-language").textContent()).toBe("Language: Spanish");
      await expectWorksOnPhone(page, "Messages");
      await openStaffScreen(page, "Financing Apps");
      const application = page.getByRole("listitem").filter({ hasText: "joao@example.com" });
      expect(await application.getByTestId("lead-language").textContent()).toBe("Language: Portuguese");
      await expectWorksOnPhone(page, "Financing Apps");
      await openStaffScreen(page, "Bookings");
      const booking = page.getByRole("listitem").filter({ hasText: "lucia@example.com" });
      expect(await booking.getByTestId("lead-language").textContent()).toBe("Language: Spanish");
      await expectNoSeriousAxe(page, "Bookings tab");
    } finally {
      await context.close();
    }
  });
});
