import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBooking } from "~/server/data/bookings.server";
import { insertContactSubmission } from "~/server/data/contact-submissions.server";
import { listServices } from "~/server/data/services.server";
import { openDatabase } from "~/server/db/database.server";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { insertApplication } from "../support/admin-fixtures";
import { launchBrowser, PHONE_TOUCH, waitForHydration } from "../support/browser";
import { expectWorksOnPhone, openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/** Every flow as staff run it, on a phone (390 px, touch): staff work from phones (decision 129). */
describe("the staff app at /podium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let bookingDate: string;
  let askedAbout: { id: string; year: number; make: string; model: string };
  let messageId: string;
  let applicationId: string;

  beforeAll(async () => {
    server = await startTestServer({ seeded: true, env: { VPIC_CACHE_DIR: path.join(os.tmpdir(), "dealership-vpic-cache") } });
    const { db } = openDatabase(server.dataDir);
    // A seeded vehicle (the vehicle test below adds and deletes its own).
    askedAbout = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).orderBy("year").executeTakeFirstOrThrow();
    messageId = await insertContactSubmission(db, {
      firstName: "Lee",
      lastName: "Park",
      email: "lee@example.com",
      phone: "9785550100",
      message: "Is the Civic still available?",
      vehicleId: askedAbout.id,
      hasTradeIn: true,
    });
    const [service] = await listServices(db);
    bookingDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await insertBooking(db, {
      serviceId: service!.id,
      bookingDate,
      bookingTime: service!.availableTimes[0]!,
      customerFirstName: "Sam",
      customerLastName: "Reed",
      customerEmail: "sam@example.com",
      customerPhone: "9785550101",
      notes: "Brakes squeak",
      vehicleYear: 2016,
      vehicleMake: "Subaru",
      vehicleModel: "Outback",
      vehicleMileage: 88000,
      vehicleVin: "4S4BSANC5G3212345",
    });
    await db.destroy();
    // Noon UTC: the same calendar day in every time zone the browser might run in.
    applicationId = (await insertApplication(server, { createdAt: "2026-11-20T12:00:00.000Z", employmentStatus: "self-employed" })).id;
    browser = await launchBrowser();
    // Under the site's real CSP: axe is evaluated through DevTools, which CSP does not block.
    const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH, acceptDownloads: true });
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem("splash-seen", "1");
      } catch {
        /* about:blank */
      }
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = () => page.getByTestId("toast");

  it("keeps the staff app's code out of public pages", async () => {
    const publicPage = await browser.newPage({ baseURL: server.url });
    const scripts: string[] = [];
    publicPage.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    // Each page loads its scripts once its largest element has painted (decision 049): wait until it has hydrated.
    for (const path of ["/", "/inventory", "/contact"]) {
      await publicPage.goto(path, { waitUntil: "load" });
      await waitForHydration(publicPage);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /podium/i.test(u))).toEqual([]);
    await publicPage.close();
  });

  it("refuses a wrong password, then signs in with the second factor", async () => {
    await page.goto("/podium");
    await page.getByText("Sign in with your staff account").waitFor();
    await expectWorksOnPhone(page, "the sign-in screen");

    const password = page.getByLabel("Password");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByLabel("E-mail").fill(DEMO_OWNER.email);
    await password.fill("not the password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Invalid email or password.").waitFor();
    expect(await password.inputValue()).toBe("");

    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    // The staff app opens on the lead inbox (docs/behaviour.md §17); the lot has its own address.
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
    await expectWorksOnPhone(page, "Leads");
    await openStaffScreen(page, "Vehicles");
    expect(new URL(page.url()).pathname).toBe("/podium/vehicles");
    await page.getByRole("link", { name: "Live on Google", includeHidden: true }).waitFor({ state: "attached" });
    expect(await page.getByRole("link", { name: "Live on Google", includeHidden: true }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps/,
    );
    await page.getByRole("link", { name: /Edit / }).first().waitFor();
    await expectWorksOnPhone(page, "Vehicles");

    // The keyboard reaches the search from anywhere (Ctrl-K), and Back returns to the screen before.
    await page.keyboard.press("Control+k");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("staff-search");
    await page.keyboard.type("Lee Park");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Results for “Lee Park”" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Vehicles" }).waitFor();
  });

  it("adds a vehicle through VIN lookup with a photo upload, then edits and deletes it", async () => {
    // The vehicle form is a page of its own (/podium/vehicles/new), reached from the list.
    await page.getByRole("link", { name: "Add Vehicle" }).click();
    await page.waitForURL("**/podium/vehicles/new");
    const dialog = page.getByRole("region", { name: "Add Vehicle" });
    await dialog.waitFor();
    await waitForHydration(page);
    const save = dialog.getByRole("button", { name: "Save Vehicle" });
    expect(await save.isDisabled()).toBe(true);

    // Required fields say so, Features included; only the description is optional.
    const features = dialog.getByLabel("Features (comma-separated)");
    expect(await features.getAttribute("aria-required")).toBe("true");
    expect(
      await dialog
        .locator("div", { has: page.getByText("Features (comma-separated)", { exact: true }) })
        .last()
        .textContent(),
    ).toBe("Features (comma-separated)*");
    expect(await dialog.getByLabel("Description (optional)").getAttribute("aria-required")).toBeNull();

    const vin = dialog.getByLabel("VIN", { exact: true });
    await vin.fill("1ftfw1et9dfc1031");
    expect(await vin.inputValue()).toBe("1FTFW1ET9DFC1031");
    await dialog.getByText("VIN must be 17 characters").waitFor();
    expect(await dialog.getByRole("button", { name: "Lookup VIN" }).isDisabled()).toBe(true);
    await expectWorksOnPhone(page, "the vehicle form with a refused VIN");

    await vin.fill("1FTFW1ET9DFC10312");
    await dialog.getByRole("button", { name: "Lookup VIN" }).click();
    await toast().filter({ hasText: "Vehicle information loaded from VIN" }).waitFor();
    expect(await dialog.getByLabel("Make").inputValue()).toBe("Ford");
    expect(await dialog.getByLabel("Model").inputValue()).toBe("F-150");
    expect(await dialog.getByLabel("Year").inputValue()).toBe("2013");
    expect(await dialog.getByLabel("Body Style").inputValue()).toBe("Truck");
    // vPIC's "Gasoline", in the lot's words.
    expect(await dialog.getByLabel("Fuel type").inputValue()).toBe("gasoline");

    await dialog.getByLabel("Price ($)").fill("18995");
    await dialog.getByLabel("Mileage").fill("98000");
    await dialog.getByLabel("Transmission").selectOption("Automatic");
    await dialog.getByLabel("Drivetrain").selectOption("4WD");
    await dialog.getByLabel("Exterior Color").selectOption("Blue");
    await dialog.getByLabel("Features (comma-separated)").fill("Tow Package, , Bluetooth ");

    // 26 files at once are refused.
    const tiny = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#ccc" } })
      .jpeg()
      .toBuffer();
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles(Array.from({ length: 26 }, (_, i) => ({ name: `p${i}.jpg`, mimeType: "image/jpeg", buffer: tiny })));
    await toast().filter({ hasText: "You can upload up to 25 photos at once" }).waitFor();

    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#3366aa" } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const second = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: "#aa3333" } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await fileInput.setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: big },
      { name: "side.jpg", mimeType: "image/jpeg", buffer: second },
    ]);
    await toast().filter({ hasText: "2 photos processed and ready" }).waitFor({ timeout: 30_000 });
    const photos = dialog.getByRole("img", { name: /^Photo \d$/ });
    expect(await photos.count()).toBe(2);
    // Choose the second photo as cover.
    const firstSrc = await photos.nth(0).getAttribute("src");
    await dialog.getByRole("button", { name: "Make cover (Photo 2)" }).click();
    expect(await photos.nth(1).getAttribute("src")).toBe(firstSrc);
    // The browser resized the 4000×3000 photo to 1200×900 before upload.
    const natural = await photos.nth(1).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(natural).toEqual([1200, 900]);

    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await toast().filter({ hasText: "Vehicle added successfully" }).waitFor();
    // Added: the new vehicle's own page, in place of the empty form.
    await page.waitForURL(/\/podium\/vehicles\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "2013 Ford F-150" }).waitFor();
    await expectWorksOnPhone(page, "the vehicle's page");

    await openStaffScreen(page, "Vehicles");
    await page.getByLabel("Search vehicles").fill("1FTFW1ET9DFC10312");
    await page.getByLabel("Search vehicles").press("Enter");
    // The list is a card per vehicle on a phone: the vehicle's card names it.
    const card = page
      .getByRole("list", { name: "Vehicles" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "2013 Ford F-150" }) });
    await card.waitFor();
    await expectWorksOnPhone(page, "Vehicles, searched");

    // The public vehicle page shows it (and /inventory, once the inventory page lists vehicles).
    const publicPage = await browser.newPage({ baseURL: server.url });
    await publicPage.goto("/inventory");
    if (await publicPage.getByText(/Showing \d+ vehicle/).count()) {
      await publicPage.getByText("2013 Ford F-150").first().waitFor();
    }
    const res = await publicPage.request.get("/api/admin/vehicles");
    expect(res.status()).toBe(401);
    await publicPage.close();

    // Edit
    await page.getByRole("link", { name: "Edit 2013 Ford F-150" }).click();
    const edit = page.getByRole("region", { name: "Edit Vehicle" });
    await edit.getByLabel("Price ($)").fill("17500");
    await edit.getByRole("button", { name: "Save Vehicle" }).click();
    await toast().filter({ hasText: "Vehicle updated successfully" }).waitFor();
    // Back lands on the list as it was (its search in the address), with the saved price.
    await page.goBack();
    await card.getByText("$17,500").waitFor();

    // Delete
    await page.getByRole("link", { name: "Delete 2013 Ford F-150" }).click();
    await page.getByText("Are you sure you want to delete this vehicle? This action cannot be undone.").waitFor();
    await expectWorksOnPhone(page, "the delete confirmation");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await toast().filter({ hasText: "Vehicle deleted successfully" }).waitFor();
    await page.getByText("No vehicles found").waitFor();
    await page.getByLabel("Search vehicles").fill("");
    await page.getByLabel("Search vehicles").press("Enter");
  });

  it("a staff mail's link (/podium?tab=…&id=…) opens that screen and that record, at the record's own address", async () => {
    // The application's own page (decision 106): the list is a link away.
    await page.goto(`/podium?tab=financing&id=${applicationId}`);
    expect(new URL(page.url()).pathname).toBe(`/podium/financing/${applicationId}`);
    const record = page.getByRole("article", { name: /Financing Application/ });
    await record.getByText("***-**-6789").waitFor();
    await page.getByRole("link", { name: "All applications" }).click();
    await page.getByRole("heading", { level: 1, name: "Financing Apps" }).waitFor();

    // The message's own page: its heading has the focus, as the old list's marked row had.
    await page.goto(`/podium?tab=messages&id=${messageId}`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/podium/messages/${messageId}`);
    const marked = page.getByRole("article", { name: "Message from Lee Park" });
    await marked.getByText("Is the Civic still available?").waitFor();
    await expect.poll(() => marked.getByRole("heading", { level: 1 }).evaluate((h) => h === document.activeElement)).toBe(true);
    await expectWorksOnPhone(page, "a message's page");
    await page.getByRole("link", { name: "All messages" }).click();
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();

    // A tab the link does not name correctly opens the first screen, as /podium does.
    await page.goto("/podium?tab=nonsense&id=x");
    await page.getByRole("heading", { level: 1, name: "Leads" }).waitFor();
  });

  it("opens, downloads and deletes a financing application", async () => {
    await openStaffScreen(page, "Financing Apps");
    await page.getByText("Ana Silva").waitFor();
    await page.getByText("No vehicle specified").waitFor();
    await page.getByText(/^Submitted: 11\/20\/2026, /).waitFor();
    await expectWorksOnPhone(page, "Financing Apps");
    await page.getByRole("link", { name: "View Details" }).click();
    // The application's own page, /podium/financing/{id} (it was a dialog over the list).
    const dialog = page.getByRole("article", { name: /Financing Application/ });
    await dialog.getByText("***-**-6789").waitFor();
    await dialog.getByRole("img", { name: "Signature of Ana Silva" }).waitFor();
    expect(
      await dialog
        .getByRole("img", { name: "Signature of Ana Silva" })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(500);
    await dialog.getByRole("heading", { name: "Co-Applicant" }).waitFor();
    // Employment status by its label, not the stored value.
    await dialog.getByText("Self-Employed", { exact: true }).waitFor();
    expect(await dialog.getByText("self-employed", { exact: true }).count()).toBe(0);
    expect(await dialog.getByRole("link", { name: "Email Applicant" }).getAttribute("href")).toBe(
      "mailto:ana@example.com?subject=Financing%20Application",
    );
    await expectWorksOnPhone(page, "an application's page");
    await dialog.getByRole("button", { name: "Show SSN" }).first().click();
    await dialog.getByText("123-45-6789").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("financing-application-Ana-Silva.pdf");

    await page.getByRole("link", { name: "All applications" }).click();
    await dialog.waitFor({ state: "detached" });
    // Regulation B keeps it 25 months (decision 095): the list says until when, and an early delete is refused with the reason.
    await page.getByText("Kept until 2028-12-20 (Regulation B: 25 months after the action taken)").waitFor();
    await page.getByRole("link", { name: "Delete application from Ana Silva" }).click();
    await page.getByRole("form", { name: "Delete application from Ana Silva" }).getByRole("button", { name: "Delete" }).click();
    await toast().filter({ hasText: "it can be deleted from 2028-12-20" }).waitFor();
    // The refusal's reason also stays on the page, by the form.
    await page.getByRole("form", { name: "Delete application from Ana Silva" }).getByText("it can be deleted from 2028-12-20").waitFor();
    await page.getByRole("heading", { level: 1, name: "Financing Application: Ana Silva" }).waitFor();
    // Submitted (and decided) long ago: the retention has run, and staff may delete it.
    const { db } = openDatabase(server.dataDir);
    await db.updateTable("financingApplications").set({ createdAt: "2024-01-02T12:00:00.000Z" }).where("id", "=", applicationId).execute();
    await db.destroy();
    await page.goto("/podium?tab=financing");
    await page.getByRole("link", { name: "Delete application from Ana Silva" }).click();
    await page.getByRole("form", { name: "Delete application from Ana Silva" }).getByRole("button", { name: "Delete" }).click();
    await toast().filter({ hasText: "Financing application has been successfully deleted." }).waitFor();
    await page.getByText("No financing applications yet").waitFor();
    expect(new URL(page.url()).pathname).toBe("/podium/financing");
  });

  it("deletes a message", async () => {
    await openStaffScreen(page, "Messages");
    await page.getByText("1 message").waitFor();
    await page.getByText("Has Trade-In").waitFor();
    // The vehicle asked about by year, make and model, linked to its page (not its raw id).
    const vehicleLink = page.getByRole("link", { name: `${askedAbout.year} ${askedAbout.make} ${askedAbout.model}`, exact: true });
    expect(await vehicleLink.getAttribute("href")).toBe(vehiclePath(askedAbout));
    expect(await page.getByText(askedAbout.id).count()).toBe(0);
    expect(await page.getByRole("link", { name: "lee@example.com" }).getAttribute("href")).toBe("mailto:lee@example.com");
    await expectWorksOnPhone(page, "Messages");
    await page.getByRole("link", { name: "Delete message from Lee Park" }).click();
    await page.getByRole("form", { name: "Delete message from Lee Park" }).getByRole("button", { name: "Delete" }).click();
    await toast().filter({ hasText: "Contact message has been successfully deleted." }).waitFor();
    await page.getByText("No Messages Yet").waitFor();
    await page.getByText("Contact form submissions will appear here").waitFor();
  });

  it("confirms a booking", async () => {
    await openStaffScreen(page, "Bookings");
    await page.getByText("Brakes squeak").waitFor();
    // The customer's own vehicle, for the service desk.
    expect(await page.getByTestId("booking-vehicle").first().textContent()).toBe(
      "Customer's vehicle: 2016 Subaru Outback · 88,000 mi · VIN 4S4BSANC5G3212345",
    );
    expect(await page.getByTestId("booking-status").first().textContent()).toBe("Pending");
    await expectWorksOnPhone(page, "Bookings");
    await page.getByRole("button", { name: "Confirm booking for Sam Reed" }).click();
    await toast().filter({ hasText: "Booking Confirmed" }).waitFor();
    await page.getByTestId("booking-status").filter({ hasText: "Confirmed" }).waitFor();
  });

  it("shows visitor reports, settings without secrets, and the audit log naming the person", async () => {
    await openStaffScreen(page, "Visitor Reports");
    await page.getByText("Active Visitors").waitFor();
    await page.getByText("Total Page Views").waitFor();
    await expectWorksOnPhone(page, "Visitor Reports");
    await openStaffScreen(page, "Settings");
    await page.getByText("Each person has their own account with two-step verification (Staff tab)").waitFor();
    expect(await page.content()).not.toContain(DEMO_OWNER.password);
    await expectWorksOnPhone(page, "Settings");
    await openStaffScreen(page, "Audit Log");
    await page.getByRole("cell", { name: "download-pdf" }).first().waitFor();
    expect(await page.getByRole("cell", { name: DEMO_OWNER.email }).count()).toBeGreaterThan(0);
    await expectWorksOnPhone(page, "Audit Log");
  });

  it("logs out back to the sign-in screen", async () => {
    await page.locator("summary", { hasText: "Account" }).click();
    await page.getByRole("button", { name: "Logout", exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Continue" }).waitFor();
  });
});
