import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { es } from "~/shared/i18n/es";
import { launchBrowser, newPage, openByClientNavigation, waitForHydration } from "../support/browser";
import { availableVehiclePath } from "../support/server-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The contact form has one submit path (decision 062): with or without JavaScript it posts to the
 * page's route action, which calls the contact service: on the vehicle page rendered in the router's tree (a
 * client-side navigation from a page that hydrates whole), through the router's data request; without
 * JavaScript, and on a document of the contact or vehicle page with it (which hydrate only their islands,
 * decisions 152, 155; tests/e2e/contact.test.ts), as a document post. Its own server, so these posts do not share the per-client limit with
 * the other contact tests.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seeded: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("one submit path: the contact form with and without JavaScript reaches the same service", () => {
  /** What the contact service leaves for one message: the stored row and the mails queued with it. */
  async function storedByService(email: string) {
    const { db } = openDatabase(server.dataDir);
    try {
      const row = await db.selectFrom("contactSubmissions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      const mails = await db
        .selectFrom("outbox")
        .select("kind")
        .where("relatedType", "=", "contact")
        .where("relatedId", "=", row.id)
        .execute();
      return { row, kinds: mails.map((mail) => mail.kind).sort() };
    } finally {
      await db.destroy();
    }
  }

  async function fillAndSend(page: Page, email: string) {
    await page.getByRole("textbox", { name: "First Name" }).fill("Rosa");
    await page.getByRole("textbox", { name: "Last Name" }).fill("Lima");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Phone" }).fill("9785550142");
    await page.getByRole("textbox", { name: "Message" }).fill("Can I see the truck on Saturday?");
    await page.getByRole("button", { name: "Send Message" }).click();
  }

  it("with JavaScript, on the vehicle page reached by a client-side navigation: posts to the page's route action (not /api/contact), which stores the message and queues its mails", async () => {
    const { page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 812 } });
    const vehicle = await availableVehiclePath(server);
    // A document of the vehicle page hydrates only its islands (decision 155): in the router's tree, the form is React's.
    await openByClientNavigation(page, vehicle);
    // Once React has attached its handlers to the deferred form, a submit goes through the router, not the browser.
    await waitForHydration(page, 'form[method=post]:has(textarea[name="message"])');
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await fillAndSend(page, "rosa.js@example.com");
    await page.getByTestId("toast").getByText("Message sent!").waitFor();
    // (The page's other posts, such as the visit counter's, are not the form's.)
    expect(posts.filter((path) => path.startsWith(vehicle) || path.includes("contact"))).toEqual([`${vehicle}.data`]);
    const { row, kinds } = await storedByService("rosa.js@example.com");
    expect(row).toMatchObject({ firstName: "Rosa", locale: "en", hasTradeIn: 0 });
    expect(row.vehicleId).not.toBeNull();
    expect(kinds).toEqual(["contact-ack", "contact-staff"]);
    await page.context().close();
  });

  it("without JavaScript: the plain POST to the same route action stores the message and queues the same mails", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
    await page.goto("/contact");
    await fillAndSend(page, "rosa.nojs@example.com");
    await page.getByRole("status").getByText("Message sent!").waitFor();
    expect(posts).toEqual(["/contact"]);
    const { row, kinds } = await storedByService("rosa.nojs@example.com");
    expect(row).toMatchObject({ firstName: "Rosa", locale: "en", vehicleId: null, hasTradeIn: 0 });
    expect(kinds).toEqual(["contact-ack", "contact-staff"]);
    await context.close();
  });

  it("refused by the per-client limit, the post with JavaScript says so in the page's language", async () => {
    const { page } = await newPage(browser, { baseURL: server.url, viewport: { width: 375, height: 812 } });
    await page.goto("/es/contact");
    await waitForHydration(page);
    // This browser's budget, spent by empty posts the action refuses (the limit counts every post).
    for (let i = 0; i < 5; i++) await page.request.post("/es/contact", { form: { firstName: "" } });
    const m = es.contact;
    await page.getByRole("textbox", { name: m.labels.firstName }).fill("Rosa");
    await page.getByRole("textbox", { name: m.labels.lastName }).fill("Lima");
    await page.getByRole("textbox", { name: m.labels.email }).fill("rosa.limited@example.com");
    await page.getByRole("textbox", { name: m.labels.phone }).fill("9785550142");
    await page.getByRole("textbox", { name: m.labels.message }).fill("¿Puedo ver la camioneta el sábado?");
    await page.getByRole("button", { name: m.send }).click();
    // The answer is the page, with the refusal where the form shows its outcome.
    await page.getByRole("alert").getByText(m.api.tooMany).waitFor();
    await page.context().close();
  });
});
