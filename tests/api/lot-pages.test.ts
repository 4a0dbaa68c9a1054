import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertVehicleRows } from "~/server/data/vehicles.server";
import { demoVehicle } from "~/server/seed/seed-demo.server";
import { VEHICLE_LIST_PAGE } from "~/features/vehicles/vehicles-screen-form";
import { openServerDatabase } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The lot's pages without JavaScript (docs/behaviour.md §2 Staff app, decisions 132 and 139): 25 vehicles a page,
 * the page in the address, "Previous page" and "Next page" links that keep the filters and the order,
 * and a status changed from a later page coming back to that page.
 */
let server: TestServer;
let owner: StaffClient;
const PAGE = VEHICLE_LIST_PAGE;
/** Two full pages and a part of a third. */
const VEHICLES = PAGE * 2 + 20;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = openServerDatabase(server);
  try {
    const rows = Array.from({ length: VEHICLES }, (_, i) => {
      const { photoCount: _photos, daysOnLot: _days, ...fields } = demoVehicle(3000 + i);
      return fields;
    });
    await db.transaction().execute((trx) => insertVehicleRows(trx, rows));
  } finally {
    await db.destroy();
  }
  owner = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

async function lotPage(query: string) {
  const res = await owner.fetch(`/podium/vehicles${query}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const list = /<ul aria-label="Vehicles"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const pages = /<nav aria-label="Pages"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const link = (name: string) => new RegExp(`href="([^"]*)"[^>]*>${name}<`).exec(pages)?.[1]?.replaceAll("&amp;", "&") ?? null;
  return {
    html,
    ids: [...list.matchAll(/<li class="lot-item"[^>]*>[\s\S]*?href="\/podium\/vehicles\/([0-9a-f-]{36})"/g)].map((m) => m[1]!),
    previous: link("Previous page"),
    next: link("Next page"),
  };
}

describe("the lot's pages", () => {
  it(`shows ${PAGE} vehicles a page with links to the pages before and after, keeping the filters and the order`, async () => {
    const first = await lotPage("?sort=stock&dir=desc");
    expect(PAGE).toBe(25);
    expect(first.ids).toHaveLength(PAGE);
    expect(first.html).toContain(`Showing 1–${PAGE} of ${VEHICLES} matching (${VEHICLES} vehicles in all)`);
    expect(first.previous).toBeNull();
    expect(first.next).toBe("/podium/vehicles?sort=stock&dir=desc&page=2");
    const second = await lotPage("?sort=stock&dir=desc&page=2");
    expect(second.ids).toHaveLength(PAGE);
    expect(second.previous).toBe("/podium/vehicles?sort=stock&dir=desc&page=1");
    expect(second.next).toBe("/podium/vehicles?sort=stock&dir=desc&page=3");
    const third = await lotPage("?sort=stock&dir=desc&page=3");
    expect(third.ids).toHaveLength(VEHICLES - 2 * PAGE);
    expect(third.next).toBeNull();
    expect(third.html).toContain(`Showing ${2 * PAGE + 1}–${VEHICLES} of ${VEHICLES} matching`);
    // Every vehicle once across the pages.
    expect(new Set([...first.ids, ...second.ids, ...third.ids]).size).toBe(VEHICLES);
  });

  it("changes a status from a later page without JavaScript and comes back to that page", async () => {
    const second = await lotPage("?sort=stock&page=2");
    const id = second.ids[0]!;
    const res = await owner.fetch("/podium/vehicles?sort=stock&page=2", {
      method: "POST",
      body: new URLSearchParams({ form: `status:${id}`, intent: "status", id, status: "pending" }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/podium/vehicles?sort=stock&page=2");
    const again = await lotPage("?sort=stock&page=2");
    expect(again.html).toMatch(new RegExp(`<li class="lot-item" data-status="pending">[\\s\\S]*?/podium/vehicles/${id}"`));
  });
});
