import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import { describeViolations, launchBrowser, newPage, PHONE_TOUCH, seriousAxeViolations, waitForHydration } from "../support/browser";
import { expectWorksOnPhone, openStaffScreen, signInInBrowser } from "../support/staff-browser";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/** The lot as staff run it: from a phone on the lot (390 px, touch); the desktop table where it is the subject. */
describe("running the lot in the dashboard", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ seeded: true });
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, ...PHONE_TOUCH });
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem("splash-seen", "1");
      } catch {
        /* about:blank */
      }
    });
    page = await context.newPage();
    await signInInBrowser(page, server, DEMO_OWNER.email, DEMO_OWNER.password);
    // The staff app opens on the lead inbox; the lot has its own address.
    await openStaffScreen(page, "Vehicles");
    await page.getByRole("list", { name: "Vehicles" }).waitFor();
  });

  /** The lot's list on a phone: a card per vehicle, named by its heading. */
  const vehicleCards = () => page.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
  /** The lot on a large screen: the same list, laid out as rows (decision 132). */
  async function atDesktopSize(check: () => Promise<void>) {
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await check();
    } finally {
      await page.setViewportSize(PHONE_TOUCH.viewport);
    }
  }
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("imports a CSV: preview with the rejected row, confirm, then the list shows the new vehicle needs photos", async () => {
    await expectWorksOnPhone(page, "Vehicles");
    // The import is a panel the address opens (?import=1); choosing the file previews it.
    await page.getByRole("link", { name: "Import CSV" }).click();
    await waitForHydration(page);
    const csv = [
      "VIN,Stock,Year,Make,Model,Trim,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Description,Status",
      '5E2E0000400000001,E2E1,2020,Mazda,CX-5,Touring,21995,30100,Red,Automatic,AWD,SUV,"Bluetooth, Sunroof","=1+1 clean, one owner",available',
      "5E2E0000600000002,E2E2,2020,,CX-5,Touring,cheap,30100,Red,Automatic,AWD,SUV,Bluetooth,,available",
    ].join("\r\n");
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const preview = page.getByTestId("import-preview");
    await preview.getByText("1 new, 0 updated, 0 unchanged, 1 rejected").waitFor();
    expect(await preview.getByRole("row").nth(1).textContent()).toMatch(/^3.*5E2E0000600000002.*Make.*Price/);
    // A formula-like cell is imported as text, and the preview says so before staff confirm.
    await preview.getByRole("heading", { name: "Warnings (these rows are imported as shown)" }).waitFor();
    expect(await preview.getByRole("row").nth(3).textContent()).toMatch(/^2.*5E2E0000400000001.*Description.*Begins with "="/);
    await expectWorksOnPhone(page, "the CSV import's preview");
    await page.getByRole("button", { name: "Import 1 vehicle" }).click();
    await page.getByText("Imported: 1 new, 0 updated").waitFor();
    await page.getByText("New vehicles have no photos yet").waitFor();
    expect(await page.getByLabel("Only vehicles without photos").isChecked()).toBe(true);
    const rows = vehicleCards();
    // The list reloads after the dialog closes: wait for the imported vehicle before counting.
    await rows.filter({ hasText: "2020 Mazda CX-5" }).first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("2020 Mazda CX-5");
    expect(await rows.first().textContent()).toContain("Needs photos");
  });

  it("a vehicle without photos: 'Needs photos' on its card on a phone and its row on a large screen, editable, and not on the public site", async () => {
    const name = "2020 Mazda CX-5";
    // Editing an imported vehicle before its photos are taken (the Save button used to stay disabled).
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("region", { name: "Edit Vehicle" });
    await dialog.getByText("No photos yet: this vehicle is not on the website until its first photo is added.").waitFor();
    await dialog.getByLabel("Price ($)").fill("20995");
    await dialog.getByRole("button", { name: "Save Vehicle" }).click();
    await page.getByText("Vehicle updated successfully").waitFor();
    // Back: the list as it was (only vehicles without photos), with the saved price: on a phone, its card.
    await page.goBack();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await card.getByText("$20,995").waitFor();
    await card.getByText("Needs photos").waitFor();
    await expectWorksOnPhone(page, "Vehicles, without photos");

    // A large screen lays the same list out as rows (decision 132): the marker is there too.
    await atDesktopSize(async () => {
      const row = vehicleCards().filter({ has: page.getByRole("heading", { name }) });
      await row.getByText("$20,995").waitFor();
      expect(await row.textContent()).toContain("Needs photos");
      await row.getByText("Needs photos").waitFor();
      // At the top of the page: scrolled, the shell's sticky header covers part of its side navigation.
      await page.evaluate(() => window.scrollTo(0, 0));
      const desktopAxe = await seriousAxeViolations(page);
      expect(desktopAxe, describeViolations(desktopAxe)).toEqual([]);
    });

    const staffList = (await (await page.request.get("/api/admin/vehicles")).json()) as { id: string; vin: string }[];
    const imported = staffList.find((v) => v.vin === "5E2E0000400000001")!;
    const listed = (await (await page.request.get("/api/vehicles")).json()) as { id: string }[];
    expect(listed.map((v) => v.id)).not.toContain(imported.id);
    const shopper = await browser.newPage({ baseURL: server.url });
    await shopper.goto("/inventory");
    await shopper.getByRole("heading", { name: "Our Inventory" }).waitFor();
    expect(await shopper.content()).not.toContain(imported.id);
    await shopper.close();
  });

  it("Buyers Guide warranty in Massachusetts: no 'as is' to choose, the manufacturer's box, the MA warranty and the archive in the details", async () => {
    const name = "2020 Mazda CX-5";
    await page.getByLabel("Only vehicles without photos").check();
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("region", { name: "Edit Vehicle" });
    await dialog.waitFor();
    await waitForHydration(page);
    const warranty = dialog.getByLabel("Buyers Guide warranty");
    expect(await warranty.locator("option").allTextContents()).toEqual(["Implied warranties only", "Dealer warranty"]);
    expect(await warranty.inputValue()).toBe("dealer");
    // "Implied" on a vehicle the statute covers is refused with the reason, on the field.
    await warranty.selectOption("implied");
    await dialog.getByRole("button", { name: "Save Vehicle" }).click();
    await dialog.getByText(/requires a written dealer warranty of at least 90 days or 3,750 miles/).waitFor();
    await warranty.selectOption("dealer");
    // Shorter terms than the statute's for its band are refused by the server, on the field (H1, decision 091).
    await dialog.getByLabel("Our own terms (at least the statute's; more is allowed)").check();
    await dialog.getByLabel("Days", { exact: true }).fill("7");
    await dialog.getByLabel("Miles (blank: no mile limit)").fill("100");
    await dialog.getByRole("button", { name: "Save Vehicle" }).click();
    await dialog
      .getByText("Massachusetts law (M.G.L. c. 90 §7N¼) requires at least 90 days on this vehicle; you may give more, never less")
      .waitFor();
    expect(await dialog.getByLabel("Days", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectWorksOnPhone(page, "the Buyers Guide terms refused");
    // More than the statute is allowed: 120 days, no mile limit, the engine too.
    await dialog.getByLabel("Days", { exact: true }).fill("120");
    await dialog.getByLabel("Miles (blank: no mile limit)").fill("");
    await dialog.getByLabel("Engine", { exact: true }).check();
    await dialog.getByLabel(/Manufacturer's warranty still applies/).check();
    await dialog.getByRole("button", { name: "Save Vehicle" }).click();
    await page.getByText("Vehicle updated successfully").waitFor();

    // The vehicle's page holds its documents: the guides to print and those printed (archived).
    const details = page.getByRole("region", { name: "FTC Buyers Guide" });
    await details.getByRole("link", { name: "Warranty (English)" }).waitFor();
    await details.getByText("None printed yet").waitFor();
    const href = (await details.getByRole("link", { name: "Buyers Guide (Spanish)" }).getAttribute("href"))!;
    expect((await page.request.get(href)).status()).toBe(200);
    await page.reload();
    const archived = details.locator("tbody tr", { hasText: "Buyers Guide" });
    await archived.waitFor();
    expect(await archived.textContent()).toMatch(/Buyers Guide\s*ES\s*owner@/);
    await expectWorksOnPhone(page, "the vehicle's page and its documents");
  });

  it("marks a vehicle sold: its public page then answers 410 with similar vehicles", async () => {
    await openStaffScreen(page, "Vehicles");
    await page.getByLabel("Only vehicles without photos").uncheck();
    // Sorting is in the address: on a phone, the "Sort by" link is to the list in that order.
    const order = page.getByRole("group", { name: "Order of Vehicles" });
    await order.getByRole("link", { name: "Price", exact: true }).tap();
    await page.waitForURL(/sort=price/);
    await order.getByRole("link", { name: "Price (ascending)" }).waitFor();
    expect(await order.getByRole("link", { name: "Price (ascending)" }).getAttribute("aria-current")).toBe("true");
    // On a large screen the same orders (decision 132: the lot is one list, no table): the current one says its order to a screen reader.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await order.getByRole("link").allTextContents()).toEqual([
      "Vehicle",
      "Stock",
      "Price(ascending)",
      "Mileage",
      "Status",
      "Days in stock",
    ]);
    expect(await order.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("aria-current")))).toEqual([
      null,
      null,
      "true",
      null,
      null,
      null,
    ]);
    await order.getByRole("link", { name: "Price (ascending)" }).waitFor();
    expect(await vehicleCards().first().isVisible()).toBe(true);
    await page.setViewportSize(PHONE_TOUCH.viewport);
    const select = page.getByRole("combobox", { name: /^Status of / }).first();
    const name = (await select.getAttribute("aria-label"))!.replace("Status of ", "");
    await select.selectOption("sold");
    await page.getByText(`${name}: Sold`).waitFor();
    await expectWorksOnPhone(page, "Vehicles, by price");
    const vehicles = (await (await page.request.get("/api/admin/vehicles")).json()) as {
      id: string;
      year: number;
      make: string;
      model: string;
      status: string;
    }[];
    const sold = vehicles.find((v) => `${v.year} ${v.make} ${v.model}` === name && v.status === "sold")!;
    expect(sold).toBeDefined();
    const slug = vehiclePath(sold);
    // The splash marked as seen: it fades in after hydration, and axe caught it halfway (contrast 1.46).
    const { context: shopperContext, page: publicPage } = await newPage(browser, { baseURL: server.url });
    const res = await publicPage.goto(slug);
    expect(res?.status()).toBe(410);
    await publicPage.getByRole("heading", { name: "This vehicle has been sold" }).waitFor();
    await publicPage.getByRole("heading", { name: "Similar Vehicles" }).waitFor();
    const axe = await seriousAxeViolations(publicPage);
    expect(axe, describeViolations(axe)).toEqual([]);
    await shopperContext.close();
  });

  it("edits a vehicle's features from the catalogue and its Portuguese description (axe on the form); the Portuguese page shows them", async () => {
    type Listed = { id: string; year: number; make: string; model: string; status: string; images: string[] };
    const all = (await (await page.request.get("/api/admin/vehicles")).json()) as Listed[];
    const nameOf = (v: Listed) => `${v.year} ${v.make} ${v.model}`;
    const vehicle = all.find(
      (v) => v.status === "available" && v.images.length > 0 && all.filter((o) => nameOf(o) === nameOf(v)).length === 1,
    )!;
    await page.getByRole("link", { name: `Edit ${nameOf(vehicle)}` }).click();
    const dialog = page.getByRole("region", { name: "Edit Vehicle" });
    await waitForHydration(page);
    const features = dialog.getByLabel("Features (comma-separated)");
    await features.fill("Bluetooth, Winter tires on steel rims");

    // The catalogue ticks what the field names, and ticking or unticking edits the field.
    await dialog.getByText("Choose from the standard options").click();
    await dialog.getByText("(1 chosen)").waitFor();
    expect(await dialog.getByRole("checkbox", { name: "Bluetooth", exact: true }).isChecked()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Heated Seats", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Bluetooth", exact: true }).uncheck();
    expect(await features.inputValue()).toBe("Winter tires on steel rims, Heated Seats");
    await dialog.getByText("(1 chosen)").waitFor();

    // Description tabs: arrows move between languages; each language has its own labelled field.
    await dialog.getByRole("tab", { name: "English" }).focus();
    await page.keyboard.press("ArrowRight");
    await dialog.getByRole("tab", { name: "Spanish", selected: true }).waitFor();
    await dialog.getByRole("tab", { name: "Portuguese" }).click();
    const portuguese = dialog.getByLabel("Description in Portuguese (optional)");
    await portuguese.fill("Carro de um único dono, revisado e com pneus novos.");
    await expectWorksOnPhone(page, "the vehicle form");
    await dialog.getByRole("button", { name: "Save Vehicle" }).click();
    await page.getByText("Vehicle updated successfully").waitFor();

    const { context: shopperContext, page: shopper } = await newPage(browser, { baseURL: server.url });
    await shopper.goto(`/pt${vehiclePath(vehicle)}`);
    const list = shopper.getByTestId("vehicle-features");
    await list.waitFor();
    expect(await list.getByRole("listitem").allTextContents()).toEqual(["Winter tires on steel rims", "Bancos aquecidos"]);
    expect(await shopper.getByTestId("vehicle-description").textContent()).toBe("Carro de um único dono, revisado e com pneus novos.");
    const publicAxe = await seriousAxeViolations(shopper);
    expect(publicAxe, describeViolations(publicAxe)).toEqual([]);
    await shopperContext.close();
  });

  it("lists the three feed URLs with copy buttons in Settings", async () => {
    await openStaffScreen(page, "Settings");
    await page.getByTestId("feed-url").first().waitFor();
    const urls = await page.getByTestId("feed-url").allTextContents();
    expect(urls).toEqual([
      expect.stringMatching(/^https?:\/\/.+\/feeds\/google-vehicles\.tsv$/),
      expect.stringMatching(/^https?:\/\/.+\/feeds\/google-vehicle-ads\.tsv$/),
      expect.stringMatching(/^https?:\/\/.+\/feeds\/meta-vehicles\.csv$/),
    ]);
    await page.getByRole("button", { name: /Copy the Google Vehicle Listings/ }).waitFor();
    await expectWorksOnPhone(page, "Settings");
  });
});
