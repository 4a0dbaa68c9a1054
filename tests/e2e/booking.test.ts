import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSlotTime, weekdayOf } from "~/features/booking/available-slots";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { formatBookingDate } from "~/features/booking/booking-dates";
import type { Service } from "~/shared/types/service";
import { describeViolations, launchBrowser, newPage, seriousAxeViolations, waitForHydration } from "../support/browser";
import { chooseCalendarDay, upcomingDateFor } from "../support/booking-dates";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;
let oilChange: Service;
let inspection: Service;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
  oilChange = services.find((s) => s.name === "Oil Change")!;
  inspection = services.find((s) => s.name === "Massachusetts State Inspection")!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Presses Tab until `isTarget` holds for the focused element (keyboard only, no clicks). */
async function tabUntil(page: Page, isTarget: (el: Element | null) => boolean, what: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(`(${isTarget.toString()})(document.activeElement)`).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${what}`);
}

const focusedDay = (page: Page) => page.evaluate(() => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") ?? null);

/** Moves calendar focus with the arrow keys to `isoDate` and selects it with Enter. */
async function pickDateWithKeyboard(page: Page, isoDate: string): Promise<void> {
  await tabUntil(page, (el) => !!el?.closest("[data-day]"), "a calendar day");
  for (let i = 0; i < 62; i++) {
    const day = await focusedDay(page);
    if (day === isoDate) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press(day && day < isoDate ? "ArrowRight" : "ArrowLeft");
  }
  throw new Error(`Could not reach ${isoDate} with the arrow keys (focus on ${await focusedDay(page)})`);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Interaction before hydration would be lost: wait until React has hydrated the service cards. */
const waitForBookingFlow = (page: Page) => waitForHydration(page, "fieldset input[name=serviceId]");

const summaryValue = (page: Page, key: string) => page.getByTestId(`summary-${key}`).locator("dd");

describe("service booking", () => {
  it("books an appointment with the keyboard only, with the summary and confirmation the spec describes", async () => {
    const date = upcomingDateFor(oilChange, 3);
    const { context, page } = await newPage(browser, { baseURL: server.url });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    try {
      await page.goto("/booking");
      await page.getByRole("heading", { name: "Book a Service Appointment" }).waitFor();
      await page.getByRole("radio", { name: /Oil Change/ }).waitFor();
      await waitForBookingFlow(page);
      for (const key of ["service", "duration", "date", "time", "total"])
        expect(await summaryValue(page, key).textContent()).toBe("Not selected");
      await expectNoSeriousAxeViolations(page);

      // Step 1: the first service card is the oil change; Space selects it.
      await tabUntil(page, (el) => el?.getAttribute("name") === "serviceId", "the service cards");
      await page.keyboard.press("Space");
      await expect.poll(() => page.getByRole("radio", { name: /Oil Change/ }).isChecked()).toBe(true);
      await expect.poll(() => summaryValue(page, "service").textContent()).toBe("Oil Change");
      expect(await summaryValue(page, "duration").textContent()).toBe("30 minutes");
      expect(await summaryValue(page, "total").textContent()).toBe("$59");
      await page.getByText("Please select a date first").waitFor();
      expect(requests.some((p) => p.startsWith("/api/bookings/date/"))).toBe(false);

      // Step 2: the calendar disables past days and days the service does not run.
      await page.getByRole("grid").first().waitFor();
      const sundayCell = page.locator(`[data-day="${nextWeekday(date, "sunday")}"] button`);
      if (await sundayCell.count()) expect(await sundayCell.isDisabled()).toBe(true);
      const yesterday = page.locator(`[data-day="${addDays(dealerToday(new Date()), -1)}"] button`);
      if (await yesterday.count()) expect(await yesterday.isDisabled()).toBe(true);
      await expectNoSeriousAxeViolations(page);

      await pickDateWithKeyboard(page, date);
      await expect.poll(() => summaryValue(page, "date").textContent()).toBe(formatBookingDate(date));
      await page.getByRole("radio", { name: "9:00 AM" }).waitFor();
      expect(requests).toContain(`/api/bookings/date/${date}`);

      // The first free time is 9:00 AM; Space selects it and reveals the form.
      await tabUntil(page, (el) => el?.getAttribute("name") === "bookingTime", "the time slots");
      await page.keyboard.press("Space");
      await expect.poll(() => summaryValue(page, "time").textContent()).toBe("9:00 AM");
      await page.getByLabel("First Name").waitFor();
      await expectNoSeriousAxeViolations(page);

      // Step 3: an empty submit posts the page (decision 158), which answers with the messages of
      // docs/behaviour.md §5 tied to their fields, the flow where it was.
      await tabUntil(page, (el) => el?.textContent === "Confirm Booking", "Confirm Booking");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").getByText("Please correct the highlighted fields.").waitFor();
      await page.getByText("First name is required").waitFor();
      for (const text of ["Last name is required", "Valid email is required", "Valid phone number is required"])
        await page.getByText(text).waitFor();
      expect(await page.getByLabel("First Name").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("First Name").getAttribute("aria-describedby")).toBe("booking-customerFirstName-error");

      expect(await summaryValue(page, "time").textContent()).toBe("9:00 AM");
      expect(await page.getByRole("radio", { name: /Oil Change/ }).isChecked()).toBe(true);
      await waitForBookingFlow(page);
      // The first invalid field has focus, so typing continues from there.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("booking-customerFirstName");
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.type("Ana");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Silva");
      await page.keyboard.press("Tab");
      await page.keyboard.type("ana.silva@example.com");
      await page.keyboard.press("Tab");
      await page.keyboard.type("(978) 555-0100");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Keyboard-only booking");
      // The customer's vehicle (optional) comes next, in reading order: year, make, model, mileage, VIN.
      for (const [id, value] of [
        ["booking-vehicleYear", "2017"],
        ["booking-vehicleMake", "Toyota"],
        ["booking-vehicleModel", "RAV4"],
        ["booking-vehicleMileage", "64000"],
        ["booking-vehicleVin", ""],
      ]) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
        if (value) await page.keyboard.type(value);
      }
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Privacy Notice");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm Booking");
      await page.keyboard.press("Enter");

      // The page answers with the confirmation and the success message of docs/behaviour.md §8, the focus on its heading.
      const heading = page.getByRole("heading", { name: "Booking Confirmed!" });
      await heading.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("booking-confirmation-heading");
      const confirmation = page.locator("section", { has: heading });
      for (const text of [
        "We'll contact you shortly to confirm your appointment.",
        "Oil Change",
        formatBookingDate(date),
        "9:00 AM",
        "ana.silva@example.com",
      ]) {
        expect(await confirmation.getByText(text, { exact: true }).count()).toBe(1);
      }
      await expectNoSeriousAxeViolations(page);

      // Add to calendar: a real iCalendar file.
      const href = await page.getByRole("link", { name: /Add to Calendar/ }).getAttribute("href");
      const ics = await page.request.get(href!);
      expect(ics.status()).toBe(200);
      expect(await ics.text()).toContain(`DTSTART;TZID=America/New_York:${date.replaceAll("-", "")}T090000`);

      // 'Back to Home' by keyboard.
      await tabUntil(page, (el) => el?.textContent === "Back to Home", "Back to Home");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${server.url}/`);
    } finally {
      await context.close();
    }
  });

  it("the taken slot has disappeared for the next visitor", async () => {
    const date = upcomingDateFor(oilChange, 3);
    const { context, page } = await newPage(browser, { baseURL: server.url });
    try {
      await page.goto("/booking");
      await waitForBookingFlow(page);
      await page.getByText("Oil Change", { exact: true }).click();
      await chooseCalendarDay(page, date);
      await page.getByRole("radio", { name: "9:30 AM" }).waitFor();
      expect(await page.getByRole("radio", { name: "9:00 AM" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("two visitors racing for one slot: the loser sees the pick-another-time message and the slot is gone", async () => {
    const date = upcomingDateFor(inspection, 4);
    const visitors = await Promise.all([newPage(browser, { baseURL: server.url }), newPage(browser, { baseURL: server.url })]);
    try {
      for (const { page } of visitors) {
        await page.goto("/booking");
        await waitForBookingFlow(page);
        await page.getByText("Massachusetts State Inspection", { exact: true }).click();
        await chooseCalendarDay(page, date);
        await page.getByText("10:00 AM", { exact: true }).click();
        await page.getByLabel("First Name").fill("Racer");
        await page.getByLabel("Last Name").fill("One");
        await page.getByLabel("Email").fill("racer@example.com");
        await page.getByLabel("Phone").fill("9785550101");
      }
      const [winner, loser] = visitors.map((v) => v.page) as [Page, Page];
      await winner.getByRole("button", { name: "Confirm Booking" }).click();
      await winner.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();

      await loser.getByRole("button", { name: "Confirm Booking" }).click();
      // The page answers with the flow at the same service and day, the time to pick again (decision 158).
      const failed = loser.getByRole("alert");
      await failed.getByText("Booking Failed").waitFor();
      await failed.getByText(/pick another time/).waitFor();
      await expect.poll(() => loser.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
      await loser.getByRole("radio", { name: "10:30 AM" }).waitFor();
      await expectNoSeriousAxeViolations(loser);
      expect(await loser.getByRole("radio", { name: "10:00 AM" }).count()).toBe(0);
      expect(await summaryValue(loser, "time").textContent()).toBe("Not selected");
      expect(await loser.getByLabel("First Name").count()).toBe(0);
    } finally {
      await Promise.all(visitors.map((v) => v.context.close()));
    }
  });

  it("says 'No available time slots for this date' when every time of the day is booked", async () => {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
    const detailing = services.find((s) => s.name === "Full Detailing")!;
    const date = upcomingDateFor(detailing, 5);
    for (const bookingTime of detailing.availableTimes) {
      const res = await fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          serviceId: detailing.id,
          bookingDate: date,
          bookingTime,
          customerFirstName: "Full",
          customerLastName: "Day",
          customerEmail: "full.day@example.com",
          customerPhone: "9785550102",
        }),
      });
      expect(res.status).toBe(201);
    }
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 800 } });
    try {
      await page.goto("/booking");
      await waitForBookingFlow(page);
      await page.getByText("Full Detailing", { exact: true }).click();
      await chooseCalendarDay(page, date);
      await page.getByText("No available time slots for this date").waitFor();
      expect(await page.getByRole("radio", { name: /AM|PM/ }).count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  it("judges past days by the dealership's clock even when the viewer's clock is a day ahead (Kiritimati, UTC+14)", async () => {
    const browserContext = await browser.newContext({ baseURL: server.url, timezoneId: "Pacific/Kiritimati" });
    await browserContext.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
    const page = await browserContext.newPage();
    try {
      await page.goto("/booking");
      await waitForBookingFlow(page);
      const services = (await (await fetch(`${server.url}/api/services`)).json()) as Service[];
      // Battery Test runs Monday to Saturday.
      const battery = services.find((s) => s.name.startsWith("Battery"))!;
      await page.getByText(battery.name, { exact: true }).click();
      await page.getByRole("grid").first().waitFor();
      const today = dealerToday(new Date());
      const todayCell = page.locator(`[data-day="${today}"] button`);
      // The dealership's today stays selectable on a day the service runs, whatever the viewer's date.
      if (battery.availableDays.includes(weekdayOf(today))) expect(await todayCell.isDisabled()).toBe(false);
      const yesterdayCell = page.locator(`[data-day="${addDays(today, -1)}"] button`);
      if (await yesterdayCell.count()) expect(await yesterdayCell.isDisabled()).toBe(true);
      // The calendar's "today" marker is the dealership's date (when that month is on screen).
      if (await page.locator(".rdp-today").count()) expect(await page.locator(".rdp-today").getAttribute("data-day")).toBe(today);
    } finally {
      await browserContext.close();
    }
  });

  it("shows 'No services available at the moment.' when the menu is empty", async () => {
    const empty = await startTestServer();
    const { context, page } = await newPage(browser, { baseURL: empty.url });
    try {
      await page.goto("/booking");
      await page.getByText("No services available at the moment.").waitFor();
      expect(await page.getByRole("radio").count()).toBe(0);
    } finally {
      await context.close();
      await empty.stop();
    }
  });

  it("the page's Back button returns home", async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    try {
      await page.goto("/booking");
      await page.getByRole("link", { name: "Back", exact: true }).click();
      await page.waitForURL(`${server.url}/`);
    } finally {
      await context.close();
    }
  });
});

describe("service booking without JavaScript", () => {
  it("books with plain selects and fields posted to the page, with field messages first and nothing in the URL", async () => {
    const date = upcomingDateFor(oilChange, 9);
    const time = oilChange.availableTimes.at(-1)!;
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    try {
      await page.goto("/booking");
      // The interactive flow needs scripts; the plain form stands in for it.
      await page.getByRole("heading", { name: "Book your appointment" }).waitFor();
      expect(await page.getByRole("heading", { name: "1. Select a Service" }).isVisible()).toBe(false);
      // The plain form's own fields: the flow's, rendered for a browser with scripts, are hidden beside it.
      const form = page.locator("section", { has: page.getByRole("heading", { name: "Book your appointment" }) });
      await form.getByLabel("Service").selectOption(oilChange.id);
      await form.getByLabel("Date").selectOption(date);
      await form.getByLabel("Time").selectOption(time);
      await form.getByLabel("First Name").fill("Rita");
      await form.getByLabel("Email").fill("rita.nojs@example");
      // The customer's own vehicle: optional, checked like every other field.
      const vehicle = form.getByRole("group", { name: "Your vehicle (optional)" });
      await vehicle.getByLabel("Year").fill("2017");
      await vehicle.getByLabel("Make").fill("Toyota");
      await vehicle.getByLabel("Model").fill("RAV4");
      await vehicle.getByLabel("VIN").fill("JTMBFREV5HJ12345");
      await page.getByRole("button", { name: "Confirm Booking" }).click();

      await page.getByRole("alert").getByText("Please correct the highlighted fields.").waitFor();
      // The first field with a message has the focus (the flow's own form, hidden beside it, has none to give).
      // (`autofocus` takes effect when the browser next renders the loaded page: the check waits for it.)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("nojs-customerLastName");
      const vin = vehicle.getByLabel("VIN");
      expect(await page.locator(`[id="${await vin.getAttribute("aria-describedby")}"]`).textContent()).toBe(
        "VIN must be 17 letters or digits",
      );
      expect(await vehicle.getByLabel("Model").inputValue()).toBe("RAV4");
      await vin.fill("JTMBFREV5HJ123456");
      const lastName = form.getByLabel("Last Name");
      expect(await lastName.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`[id="${await lastName.getAttribute("aria-describedby")}"]`).textContent()).toBe("Last name is required");
      expect(await form.getByLabel("First Name").inputValue()).toBe("Rita");
      expect(await form.getByLabel("Date").inputValue()).toBe(date);

      await lastName.fill("Moreira");
      await form.getByLabel("Email").fill("rita.nojs@example.com");
      await form.getByLabel("Phone").fill("9785550142");
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      const heading = page.getByRole("heading", { name: "Booking Confirmed!" });
      await heading.waitFor();
      const confirmation = page.locator("section", { has: heading });
      for (const text of ["Oil Change", formatBookingDate(date), formatSlotTime(time), "rita.nojs@example.com"])
        expect(await confirmation.getByText(text, { exact: true }).count()).toBe(1);

      for (const url of [...urls, page.url()]) {
        expect(new URL(url).search).toBe("");
        for (const value of ["Rita", "Moreira", "rita.nojs", "9785550142"]) expect(decodeURIComponent(url)).not.toContain(value);
      }
      const taken = (await (await fetch(`${server.url}/api/bookings/date/${date}`)).json()) as { bookingTime: string }[];
      expect(taken.map((t) => t.bookingTime)).toContain(time);
    } finally {
      await context.close();
    }
  });
});

function nextWeekday(from: string, weekday: string): string {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}
