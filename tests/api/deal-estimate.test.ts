import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEAL_SETTINGS, type DealSettings } from "~/shared/lib/deal-estimate";
import { STAFF_ROLES } from "~/shared/staff/staff-roles";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import { openServerDatabase, untilStockWriteIsSeen } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The owner's deal settings and the out-the-door estimate (decision 066): GET/PUT
 * /api/admin/deal-settings for the owner only, audited; GET /api/vehicles/{id}/estimate with field
 * messages in the shopper's language, 410 for a sold vehicle; the documentation fee in every
 * advertised price.
 */

let server: TestServer;
let owner: StaffClient;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  owner = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const listed = async () => (await (await get("/api/vehicles")).json()) as Vehicle[];
const stockVehicle = async (id: string) =>
  ((await (await owner.fetch("/api/admin/vehicles")).json()) as Vehicle[]).find((v) => v.id === id)!;
const putSettings = (settings: unknown, client: { fetch: StaffClient["fetch"] } = owner) =>
  client.fetch("/api/admin/deal-settings", { method: "PUT", body: settings });

describe("deal settings", () => {
  it("starts from the Massachusetts defaults, with the demo data's example rates marked as such (decision 092)", async () => {
    const res = await owner.fetch("/api/admin/deal-settings");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { settings: DealSettings; updatedAt: string | null; updatedBy: string | null };
    expect(body).toEqual({
      settings: { ...DEFAULT_DEAL_SETTINGS, ratesSource: "demo" },
      updatedAt: expect.any(String),
      updatedBy: "demo data",
    });
    // The vehicle pages mark the demo data's rates as examples.
    const [vehicle] = await listed();
    const demo = await (await get(vehiclePath(vehicle!))).text();
    expect(demo).toContain("These rates are examples on a demonstration site, not a real offer of credit.");
  });

  it("is the owner's alone: every other role gets 403 and no session 401", async () => {
    for (const role of STAFF_ROLES.filter((r) => r !== "owner")) {
      const client = await signInAs(server, role);
      const call = (method: string) =>
        fetch(`${server.url}/api/admin/deal-settings`, {
          method,
          headers: { cookie: client.cookie!, origin: server.url, "content-type": "application/json" },
          body: method === "PUT" ? JSON.stringify(DEFAULT_DEAL_SETTINGS) : undefined,
        });
      expect((await call("GET")).status, `${role} GET`).toBe(403);
      expect((await call("PUT")).status, `${role} PUT`).toBe(403);
    }
    expect((await get("/api/admin/deal-settings")).status).toBe(401);
  });

  it("refuses bad settings with a message per field, and stores nothing", async () => {
    const before = (await (await owner.fetch("/api/admin/deal-settings")).json()) as { updatedAt: string };
    const res = await putSettings({
      docFee: -5,
      docFeeTaxable: "yes",
      salesTaxRate: 6.25,
      titleFee: 75.001,
      registrationFee: "60",
      aprByBand: { excellent: 5, good: 7 },
      termsMonths: [],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(
      [
        "aprByBand.fair",
        "aprByBand.rebuilding",
        "docFee",
        "docFeeTaxable",
        "registrationFee",
        "salesTaxRate",
        "termsMonths",
        "titleFee",
      ].sort(),
    );
    expect(body.fieldErrors.docFee).toBe("The documentation fee cannot be negative.");
    expect((await (await owner.fetch("/api/admin/deal-settings")).json()).updatedAt).toBe(before.updatedAt);
    // Rates above the Massachusetts cap for motor vehicle retail instalment sales (c. 255B §14) are refused.
    const capped = await putSettings({ ...DEFAULT_DEAL_SETTINGS, aprByBand: { ...DEFAULT_DEAL_SETTINGS.aprByBand, rebuilding: 21.01 } });
    expect(capped.status).toBe(400);
    expect(((await capped.json()) as { fieldErrors: Record<string, string> }).fieldErrors["aprByBand.rebuilding"]).toBe(
      "The rebuilding APR must be at most 21 % (the Massachusetts cap, M.G.L. c. 255B §14).",
    );
    expect((await (await owner.fetch("/api/admin/deal-settings")).json()).updatedAt).toBe(before.updatedAt);
    // The Buyers Guide's complaints contact is one line, like every one-line field (decision 089).
    const forged = await putSettings({ ...DEFAULT_DEAL_SETTINGS, complaintsContact: "Sales Manager\r\nCall: 555" });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { fieldErrors: Record<string, string> }).fieldErrors.complaintsContact).toBe(
      "The complaints contact is one line: no line breaks or control characters.",
    );
    expect((await (await owner.fetch("/api/admin/deal-settings")).json()).updatedAt).toBe(before.updatedAt);
  });

  it("saves, writes an audit entry naming the owner, and puts the documentation fee in every advertised price", async () => {
    const [first] = await listed();
    const cash = (await stockVehicle(first!.id)).price;
    expect(first!.price).toBe(cash);
    const settings: DealSettings = { ...DEFAULT_DEAL_SETTINGS, docFee: 499, termsMonths: [72, 36, 60, 60] };
    const res = await putSettings(settings);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { settings: DealSettings; updatedAt: string; updatedBy: string };
    expect(saved.settings.termsMonths).toEqual([36, 60, 72]);
    expect(saved.updatedBy).toBe("owner@example.com");
    expect((await (await owner.fetch("/api/admin/deal-settings")).json()).settings.docFee).toBe(499);

    const audit = (await (await owner.fetch("/api/admin/audit?action=deal-settings-update")).json()) as {
      entries: { actor: string; action: string; entity: string }[];
    };
    expect(audit.entries[0]).toMatchObject({ actor: "owner@example.com", action: "deal-settings-update", entity: "deal-settings" });

    // The API, the page (its JSON-LD too) and the feeds now show the cash price plus the fee.
    const again = (await listed()).find((v) => v.id === first!.id)!;
    expect(again.price).toBe(cash + 499);
    expect((await (await get(`/api/vehicles/${first!.id}`)).json()).price).toBe(cash + 499);
    const html = await (await get(vehiclePath(first!))).text();
    expect(html).toContain(`"price":${cash + 499}`);
    const feed = await (await get("/feeds/meta-vehicles.csv")).text();
    expect(feed).toContain(`${(cash + 499).toFixed(2)} USD`);

    // The estimate keeps the fee on its own line, and offers only the saved terms.
    const estimate = await (await get(`/api/vehicles/${first!.id}/estimate?termMonths=72`)).json();
    expect(estimate).toMatchObject({ price: cash, docFee: 499, termMonths: 72 });
    expect((await get(`/api/vehicles/${first!.id}/estimate?termMonths=48`)).status).toBe(400);

    expect((await putSettings(DEFAULT_DEAL_SETTINGS)).status).toBe(200);
    expect((await listed()).find((v) => v.id === first!.id)!.price).toBe(cash);
  });
});

describe("GET /api/vehicles/{id}/estimate", () => {
  it("answers the breakdown in dollars with cents", async () => {
    const [vehicle] = await listed();
    const res = await get(
      `/api/vehicles/${vehicle!.id}/estimate?downPayment=1000&tradeInValue=2500.50&tradeInPayoff=3000&creditBand=fair&termMonths=48`,
    );
    expect(res.status).toBe(200);
    const e = (await res.json()) as Record<string, number>;
    expect(Object.keys(e).sort()).toEqual(
      [
        "price",
        "docFee",
        "tradeInValue",
        "tradeInPayoff",
        "taxableAmount",
        "salesTax",
        "titleFee",
        "registrationFee",
        "outTheDoor",
        "tradeInEquity",
        "amountDueToYou",
        "amountFinanced",
        "apr",
        "termMonths",
        "monthlyPayment",
        "finalPayment",
        "financeCharge",
        "totalOfPayments",
        "ratesSource",
      ].sort(),
    );
    const price = vehicle!.price;
    expect(e.taxableAmount).toBe(Math.round((price - 2500.5) * 100) / 100);
    expect(e.salesTax).toBe(Math.floor(e.taxableAmount! * 100 * 0.0625 + 0.5) / 100);
    expect(e.tradeInEquity).toBe(-499.5);
    // The car's out-the-door price (decision 090): the trade-in is taken off what is financed, not off the price.
    expect(e.outTheDoor).toBeCloseTo(price + e.salesTax! + 75 + 60, 2);
    expect(e.amountFinanced).toBeCloseTo(e.outTheDoor! - 2500.5 + 3000 - 1000, 2);
    expect(e.amountDueToYou).toBe(0);
    expect(e.apr).toBe(DEFAULT_DEAL_SETTINGS.aprByBand.fair);
    expect(e.termMonths).toBe(48);
    expect(e.totalOfPayments).toBeCloseTo(e.monthlyPayment! * 48, 2);
    // Total of payments = amount financed + finance charge.
    expect(e.financeCharge).toBeCloseTo(e.totalOfPayments! - e.amountFinanced!, 2);
    // The owner saved the settings above: the rates are theirs now.
    expect(e.ratesSource).toBe("owner");
  });

  it("never gives a negative price: a trade-in worth more than the car shows the out-the-door price and the amount due (M1)", async () => {
    const [vehicle] = await listed();
    const trade = vehicle!.price + 10_000;
    const e = (await (await get(`/api/vehicles/${vehicle!.id}/estimate?tradeInValue=${trade}&downPayment=0`)).json()) as Record<
      string,
      number
    >;
    expect(e.outTheDoor).toBeGreaterThan(0);
    expect(e.outTheDoor).toBeCloseTo(vehicle!.price + 75 + 60, 2);
    expect(e.amountDueToYou).toBeCloseTo(trade - e.outTheDoor!, 2);
    expect(e.amountFinanced).toBe(0);
    const html = await (await get(`/es${vehiclePath(vehicle!)}?tradeInValue=${trade}&downPayment=0`)).text();
    expect(html).toContain("Saldo a su favor");
    expect(html).not.toMatch(/Precio final[^$]*-\$/);
  });

  it("takes money as decimal digits with at most two decimals (decision 090)", async () => {
    const [vehicle] = await listed();
    for (const bad of ["0x10", "1e1", "-5", "%2B5", "1,500", "12.345", "Infinity"]) {
      const res = await get(`/api/vehicles/${vehicle!.id}/estimate?downPayment=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors.downPayment, bad).toBe(
        "Enter an amount in dollars, 0 or more.",
      );
    }
    expect((await get(`/api/vehicles/${vehicle!.id}/estimate?downPayment=1500.5`)).status).toBe(200);
  });

  it("shows no APR-based payment anywhere public until the owner saves rates (M4, decision 092)", async () => {
    const [vehicle] = await listed();
    // A new installation: no settings saved at all.
    const { db } = openServerDatabase(server);
    const saved = await db.selectFrom("dealSettings").selectAll().executeTakeFirstOrThrow();
    await db.deleteFrom("dealSettings").execute();
    await untilStockWriteIsSeen();
    try {
      const e = (await (await get(`/api/vehicles/${vehicle!.id}/estimate?downPayment=1000`)).json()) as Record<string, unknown>;
      expect(e).toMatchObject({
        apr: null,
        monthlyPayment: null,
        finalPayment: null,
        financeCharge: null,
        totalOfPayments: null,
        ratesSource: null,
      });
      expect(e.amountFinanced).toBeGreaterThan(0);
      for (const path of [
        vehiclePath(vehicle!),
        `/es${vehiclePath(vehicle!)}`,
        `${vehiclePath(vehicle!)}?downPayment=0&creditBand=good&termMonths=60`,
      ]) {
        const html = await (await get(path)).text();
        expect(html, path).not.toMatch(/\/mo\b|\/mes\b| APR for /);
      }
      expect(await (await get(vehiclePath(vehicle!))).text()).toContain("We don&#x27;t publish financing rates yet.");
    } finally {
      await db.insertInto("dealSettings").values(saved).execute();
      await db.destroy();
      await untilStockWriteIsSeen();
    }
  });

  it("answers 400 with a message per field, in the shopper's language", async () => {
    const [vehicle] = await listed();
    const bad = "downPayment=-1&tradeInValue=abc&tradeInPayoff=1.234&creditBand=perfect&termMonths=61";
    const en = await get(`/api/vehicles/${vehicle!.id}/estimate?${bad}`);
    expect(en.status).toBe(400);
    const body = (await en.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({
      downPayment: "Enter an amount in dollars, 0 or more.",
      tradeInValue: "Enter an amount in dollars, 0 or more.",
      tradeInPayoff: "Enter an amount in dollars, 0 or more.",
      creditBand: "Choose one of the credit bands.",
      termMonths: "Choose one of the terms offered.",
    });
    const es = (await (await get(`/api/vehicles/${vehicle!.id}/estimate?${bad}&locale=es`)).json()) as typeof body;
    expect(es.error).toBe("Corrija los campos señalados.");
    expect(es.fieldErrors.creditBand).toBe("Elija uno de los niveles de crédito.");
  });

  it("answers 410 for a sold vehicle and 404 for an unknown one", async () => {
    const vehicle = (await listed())[1]!;
    expect((await owner.fetch(`/api/admin/vehicles/${vehicle.id}/status`, { method: "PATCH", body: { status: "sold" } })).status).toBe(200);
    const gone = await get(`/api/vehicles/${vehicle.id}/estimate`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: "Vehicle sold" });
    expect((await owner.fetch(`/api/admin/vehicles/${vehicle.id}/status`, { method: "PATCH", body: { status: "available" } })).status).toBe(
      200,
    );
    expect((await get(`/api/vehicles/00000000-0000-4000-8000-000000000000/estimate`)).status).toBe(404);
    expect((await get(`/api/vehicles/not-an-id/estimate`)).status).toBe(404);
  });

  it("answers the page's GET form with the breakdown, never from the page cache", async () => {
    const [vehicle] = await listed();
    const plain = await get(vehiclePath(vehicle!));
    expect(plain.status).toBe(200);
    const asked = await get(`${vehiclePath(vehicle!)}?downPayment=0&tradeInValue=0&tradeInPayoff=0&creditBand=excellent&termMonths=36`);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("x-document-cache")).toBeNull();
    const html = await asked.text();
    const e = (await (await get(`/api/vehicles/${vehicle!.id}/estimate?downPayment=0&creditBand=excellent&termMonths=36`)).json()) as {
      monthlyPayment: number;
    };
    expect(html).toContain(`$${e.monthlyPayment.toLocaleString("en-US", { minimumFractionDigits: 2 })}/mo`);
    expect(html).toContain("at 6.9% APR for 36 months with $0.00 down");
    const bad = await (await get(`${vehiclePath(vehicle!)}?downPayment=lots`)).text();
    expect(bad).toContain("Enter an amount in dollars, 0 or more.");
  });
});
