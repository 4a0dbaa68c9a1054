import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";
import { openServerDatabase } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

const PUBLIC_URL = "https://cars.example";
let server: TestServer;
let staff: StaffClient;

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { PUBLIC_URL } });
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

const listed = async () => (await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[];
const allVehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
const page = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const setStatus = (id: string, status: string) => staff.fetch(`/api/admin/vehicles/${id}/status`, { method: "PATCH", body: { status } });

describe("sale status", () => {
  it("pending: stays listed with a 'Sale Pending' badge on its card and page", async () => {
    const [vehicle] = await listed();
    expect((await setStatus(vehicle!.id, "pending")).status).toBe(200);
    const after = (await listed()).find((v) => v.id === vehicle!.id);
    expect(after?.status).toBe("pending");
    const inventory = await (await page("/inventory")).text();
    expect(inventory).toContain("Sale Pending");
    const own = await (await page(vehiclePath(vehicle!))).text();
    expect(own).toContain("Sale Pending");
    expect(own).toContain("A sale is pending on this vehicle");
    // Search engines are told it is spoken for, not in stock.
    expect(own).toContain('"availability":"https://schema.org/Reserved"');
    expect(own).not.toContain('"availability":"https://schema.org/InStock"');
  });

  it("sold: gone from the API, /inventory, home, sitemap and feeds; its page answers 410 with similar vehicles and noindex", async () => {
    const before = await listed();
    const vehicle = before[1]!;
    const path = vehiclePath(vehicle);
    // Warm every cache first, so the test proves the status change invalidates them.
    const feeds = ["/feeds/google-vehicles.tsv", "/feeds/google-vehicle-ads.tsv", "/feeds/meta-vehicles.csv"];
    for (const p of ["/", "/inventory", "/sitemap.xml", ...feeds, "/api/vehicles"]) {
      expect(await (await page(p)).text()).toContain(p.startsWith("/feeds") ? vehicle.vin : p === "/api/vehicles" ? vehicle.id : path);
    }
    expect((await setStatus(vehicle.id, "sold")).status).toBe(200);

    expect((await listed()).map((v) => v.id)).not.toContain(vehicle.id);
    expect(await (await page("/inventory")).text()).not.toContain(path);
    expect(await (await page("/")).text()).not.toContain(path);
    expect(await (await page("/sitemap.xml")).text()).not.toContain(path);
    for (const feed of feeds) expect(await (await page(feed)).text(), feed).not.toContain(vehicle.vin);

    const gone = await page(path);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain("This vehicle has been sold");
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    const similar = html.slice(html.indexOf('data-testid="similar-vehicles"'));
    const links = [...new Set([...similar.matchAll(/href="(\/used-[^"]+)"/g)].map((m) => m[1]))];
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(3);
    const available = new Map((await listed()).filter((v) => v.status === "available").map((v) => [vehiclePath(v), v]));
    for (const link of links) {
      const other = available.get(link!);
      expect(other, link).toBeDefined();
      expect(other!.bodyStyle === vehicle.bodyStyle || other!.make === vehicle.make).toBe(true);
    }

    // Staff still see it, with its sold date; putting it back lists it again.
    const staffView = (await allVehicles()).find((v) => v.id === vehicle.id);
    expect(staffView).toMatchObject({ status: "sold" });
    expect(staffView!.soldAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await setStatus(vehicle.id, "available")).status).toBe(200);
    expect((await listed()).map((v) => v.id)).toContain(vehicle.id);
    expect((await page(path)).status).toBe(200);
  });

  it("refuses an unknown status with a field message and an unknown vehicle with 404", async () => {
    const [vehicle] = await listed();
    const bad = await setStatus(vehicle!.id, "stolen");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty("status");
    expect((await setStatus("00000000-0000-4000-8000-000000000000", "sold")).status).toBe(404);
  });

  it("every vehicle page shows up to three similar vehicles, server-rendered", async () => {
    const vehicle = (await listed())[5]!;
    const html = await (await page(vehiclePath(vehicle))).text();
    expect(html).toContain('data-testid="similar-vehicles"');
    expect(html).toContain("Similar Vehicles");
  });
});

describe("price history", () => {
  it("records each change and shows 'Price reduced $X' on the card and the page", async () => {
    const [vehicle, fresh] = (await listed()).filter((v) => v.status === "available" && v.price > 2_000) as [Vehicle, Vehicle];
    // A former price counts only once it was on the site the minimum days (7 by default; decision 096):
    // this vehicle was listed ten days ago, the other one just now.
    const { db } = openServerDatabase(server);
    await db
      .updateTable("vehicles")
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where("id", "=", vehicle.id)
      .execute();
    await db.updateTable("vehicles").set({ createdAt: new Date().toISOString() }).where("id", "=", fresh.id).execute();
    await db.destroy();
    const cutFresh = await staff.fetch(`/api/admin/vehicles/${fresh.id}`, {
      method: "PATCH",
      body: vehicleFormBody(fresh, { price: fresh.price - 750 }),
    });
    expect(cutFresh.status).toBe(200);
    expect((await listed()).find((v) => v.id === fresh.id)!.priceReducedBy).toBeNull();
    const cut = await staff.fetch(`/api/admin/vehicles/${vehicle.id}`, {
      method: "PATCH",
      body: vehicleFormBody(vehicle, { price: vehicle.price - 750 }),
    });
    expect(cut.status).toBe(200);
    const history = (await (await staff.fetch(`/api/admin/vehicles/${vehicle.id}/price-history`)).json()) as {
      oldPrice: number;
      newPrice: number;
      changedAt: string;
    }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ oldPrice: vehicle.price, newPrice: vehicle.price - 750 });

    const after = (await listed()).find((v) => v.id === vehicle.id)!;
    expect(after.priceReducedBy).toBe(750);
    // Listed ten days ago, it sorts after the newer stock: the inventory page filtered to its model shows it.
    expect(await (await page(`/inventory?search=${encodeURIComponent(vehicle.model)}`)).text()).toContain("Price reduced $750");
    expect(await (await page(vehiclePath(vehicle))).text()).toContain("Price reduced $750");

    // Saving without a price change records nothing.
    await staff.fetch(`/api/admin/vehicles/${vehicle.id}`, {
      method: "PATCH",
      body: vehicleFormBody(after, { mileage: after.mileage + 1 }),
    });
    expect(await (await staff.fetch(`/api/admin/vehicles/${vehicle.id}/price-history`)).json()).toHaveLength(1);
  });
});
