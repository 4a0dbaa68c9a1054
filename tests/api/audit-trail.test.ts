import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upcomingDateFor } from "../support/booking-dates";
import { insertBooking } from "~/server/data/bookings.server";
import { listServices } from "~/server/data/services.server";
import type { AuditEntry } from "~/server/data/audit-log.server";
import type { Vehicle } from "~/shared/types/vehicle";
import { openServerDatabase } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { DEMO_OWNER } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Every staff change names the person, by e-mail and account id. Each entry is
 * read back through the owner's audit API, as the Audit Log tab shows it.
 */

let server: TestServer;
let owner: StaffClient;
let ownerId: string;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  owner = await staffClient(server);
  const accounts = (await (await owner.fetch("/api/admin/staff")).json()) as { id: string; email: string }[];
  ownerId = accounts.find((a) => a.email === DEMO_OWNER.email)!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** The newest audit entries of one action, through GET /api/admin/audit as the owner. */
async function auditOf(action: string): Promise<AuditEntry[]> {
  const res = await owner.fetch(`/api/admin/audit?action=${action}&limit=200`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}

const byOwner = () => ({ actor: DEMO_OWNER.email, accountId: ownerId });

describe("audit trail names the person", () => {
  it("a vehicle status change", async () => {
    const [vehicle] = (await (await owner.fetch("/api/admin/vehicles")).json()) as Vehicle[];
    const res = await owner.fetch(`/api/admin/vehicles/${vehicle!.id}/status`, { method: "PATCH", body: { status: "pending" } });
    expect(res.status).toBe(200);
    expect(await auditOf("status-pending")).toEqual([expect.objectContaining({ ...byOwner(), entity: "vehicle", entityId: vehicle!.id })]);
  });

  it("an import, for each vehicle it creates or updates", async () => {
    const csv = [
      "VIN,Year,Make,Model,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features",
      '1AUDT000700000001,2020,Honda,Civic,15995,30000,Blue,Automatic,FWD,Sedan,"Bluetooth"',
    ].join("\n");
    const res = await owner.fetch("/api/admin/vehicles/import?dryRun=false", { method: "POST", body: csv });
    expect(res.status).toBe(200);
    const created = ((await res.json()) as { created: { vin: string }[] }).created;
    expect(created).toEqual([{ row: 2, vin: "1AUDT000700000001" }]);
    const id = ((await (await owner.fetch("/api/admin/vehicles")).json()) as Vehicle[]).find((v) => v.vin === "1AUDT000700000001")!.id;
    expect(await auditOf("import-create")).toEqual([expect.objectContaining({ ...byOwner(), entity: "vehicle", entityId: id })]);

    const update = await owner.fetch("/api/admin/vehicles/import?dryRun=false", {
      method: "POST",
      body: "VIN,Price\n1AUDT000700000001,14995\n",
    });
    expect(((await update.json()) as { updated: unknown[] }).updated).toHaveLength(1);
    expect(await auditOf("import-update")).toEqual([expect.objectContaining({ ...byOwner(), entity: "vehicle", entityId: id })]);
  });

  it("a booking confirmed and cancelled by staff", async () => {
    const { db } = openServerDatabase(server);
    let bookingId: string;
    try {
      const [service] = await listServices(db);
      const booking = await insertBooking(db, {
        serviceId: service!.id,
        bookingDate: upcomingDateFor(service!),
        bookingTime: service!.availableTimes[0]!,
        customerFirstName: "Sam",
        customerLastName: "Reed",
        customerEmail: "sam@example.com",
        customerPhone: "9785550101",
        notes: "",
      });
      bookingId = booking.id;
    } finally {
      await db.destroy();
    }
    for (const status of ["confirmed", "cancelled"]) {
      const res = await owner.fetch(`/api/admin/bookings/${bookingId}`, { method: "PATCH", body: { status } });
      expect(res.status).toBe(200);
      expect(await auditOf(`status-${status}`)).toEqual([
        expect.objectContaining({ ...byOwner(), entity: "booking", entityId: bookingId }),
      ]);
    }
  });

  it("the CSV export", async () => {
    const res = await owner.fetch("/api/admin/vehicles/export.csv");
    expect(res.status).toBe(200);
    await res.text();
    expect(await auditOf("export-csv")).toEqual([expect.objectContaining({ ...byOwner(), entity: "vehicle", entityId: "all" })]);
  });
});
