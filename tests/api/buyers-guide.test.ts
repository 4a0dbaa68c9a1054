import { execFileSync } from "node:child_process";
import { withCheckDigit } from "~/shared/lib/vin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/shared/types/vehicle";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

/** Decision 060: no "as is" in Massachusetts, the MA warranty, the archive. */
let server: TestServer;
let staff: StaffClient;

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

/** The text of a PDF as pdftotext reads it, whitespace collapsed. */
function pdfText(bytes: ArrayBuffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes), encoding: "utf8" }).replace(/\s+/g, " ");
}

const vehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
const vin = (n: number) => withCheckDigit(`1L7${String(n).padStart(14, "0")}`);
const HEADER = "VIN,Year,Make,Model,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Warranty Type";
const row = (n: number, price: number, mileage: number, warranty: string) =>
  [vin(n), 2012, "Toyota", "Camry", price, mileage, "Gray", "Automatic", "FWD", "Sedan", "Bluetooth", warranty].join(",");

describe("no 'as is' in Massachusetts", () => {
  it("the CSV import refuses 'As Is' at any mileage with a message in the Warranty Type column, and accepts 'implied' where no warranty is required", async () => {
    const csv = [HEADER, row(901, 12_995, 60_000, "As Is"), row(902, 3_995, 150_000, "As Is"), row(903, 3_995, 150_000, "Implied")].join(
      "\n",
    );
    const res = await staff.fetch("/api/admin/vehicles/import?dryRun=true", { method: "POST", body: csv });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      created: { row: number }[];
      rejected: { row: number; problems: { column: string; message: string }[] }[];
    };
    expect(report.rejected.map((r) => r.row)).toEqual([2, 3]);
    for (const r of report.rejected) {
      expect(r.problems).toEqual([
        { column: "Warranty Type", message: expect.stringMatching(/cannot sell a used vehicle "as is".*2-316A/) },
      ]);
    }
    expect(report.created.map((r) => r.row)).toEqual([4]);
  });

  it("the edit form refuses 'as_is' and 'implied' on a covered vehicle with a field message, and no seeded vehicle is 'as is'", async () => {
    const all = await vehicles();
    expect(all.filter((v) => v.warrantyType === "as_is")).toEqual([]);
    const covered = all.find((v) => v.price >= 700 && v.mileage < 125_000 && v.images.length > 0)!;
    const body = vehicleFormBody(covered);
    const asIs = await staff.fetch(`/api/admin/vehicles/${covered.id}`, { method: "PATCH", body: { ...body, warrantyType: "as_is" } });
    expect(asIs.status).toBe(400);
    expect(((await asIs.json()) as { fieldErrors: Record<string, string> }).fieldErrors.warrantyType).toMatch(/2-316A/);
    const implied = await staff.fetch(`/api/admin/vehicles/${covered.id}`, { method: "PATCH", body: { ...body, warrantyType: "implied" } });
    expect(implied.status).toBe(400);
    expect(((await implied.json()) as { fieldErrors: Record<string, string> }).fieldErrors.warrantyType).toMatch(/7N¼/);
  });
});

describe("the manufacturer's warranty box", () => {
  it("staff tick 'manufacturer's warranty still applies' in the edit form and the guide checks it", async () => {
    const all = await vehicles();
    const target = all.find((v) => v.images.length > 0 && !v.manufacturerWarrantyApplies)!;
    const body = vehicleFormBody(target);
    const guide = async () => pdfText(await (await staff.fetch(`/api/admin/vehicles/${target.id}/buyers-guide.pdf?lang=en`)).arrayBuffer());
    expect(await guide()).not.toContain("X MANUFACTURER'S WARRANTY STILL APPLIES");
    const res = await staff.fetch(`/api/admin/vehicles/${target.id}`, {
      method: "PATCH",
      body: { ...body, manufacturerWarrantyApplies: true },
    });
    expect(res.status).toBe(200);
    expect((await vehicles()).find((v) => v.id === target.id)!.manufacturerWarrantyApplies).toBe(true);
    const text = await guide();
    expect(text).toContain("NON-DEALER WARRANTIES FOR THIS VEHICLE:");
    expect(text).toContain("X MANUFACTURER'S WARRANTY STILL APPLIES.");
  });
});

describe("the Massachusetts written warranty and the archive", () => {
  it("serves the warranty in English and Spanish, staff only; 409 where the statute requires none", async () => {
    const all = await vehicles();
    const covered = all.find((v) => v.price >= 700 && v.mileage < 125_000)!;
    const en = await staff.fetch(`/api/admin/vehicles/${covered.id}/ma-warranty.pdf?lang=en`);
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe("application/pdf");
    expect(en.headers.get("content-disposition")).toMatch(/ma-warranty-[A-Za-z0-9-]+-en\.pdf/);
    const text = pdfText(await en.arrayBuffer());
    expect(text).toContain("MASSACHUSETTS USED VEHICLE WARRANTY");
    expect(text).toContain(covered.vin);
    expect(text).toContain("LEMON AID LAW");
    const es = await staff.fetch(`/api/admin/vehicles/${covered.id}/ma-warranty.pdf?lang=es`);
    expect(pdfText(await es.arrayBuffer())).toContain("GARANTÍA DE VEHÍCULO USADO DE MASSACHUSETTS");
    expect((await staff.fetch(`/api/admin/vehicles/${covered.id}/ma-warranty.pdf?lang=fr`)).status).toBe(400);
    expect((await staff.fetch("/api/admin/vehicles/00000000-0000-4000-8000-000000000000/ma-warranty.pdf")).status).toBe(404);
    expect((await fetch(`${server.url}/api/admin/vehicles/${covered.id}/ma-warranty.pdf`)).status).toBe(401);
    const uncovered = all.find((v) => v.mileage >= 125_000 || v.price < 700);
    if (uncovered) expect((await staff.fetch(`/api/admin/vehicles/${uncovered.id}/ma-warranty.pdf`)).status).toBe(409);
  });

  it("archives every guide and warranty printed: vehicle, kind, language, wording version, terms hash, who and when", async () => {
    const [vehicle] = await vehicles();
    const list = async () =>
      (await (await staff.fetch(`/api/admin/vehicles/${vehicle!.id}/documents`)).json()) as {
        kind: string;
        language: string;
        textVersion: string;
        termsHash: string;
        pdfSha256: string;
        actor: string;
        createdAt: string;
      }[];
    const before = await list();
    const started = new Date().toISOString();
    const guide = await staff.fetch(`/api/admin/vehicles/${vehicle!.id}/buyers-guide.pdf?lang=es`);
    const bytes = Buffer.from(await guide.arrayBuffer());
    const after = await list();
    expect(after).toHaveLength(before.length + 1);
    const [latest] = after;
    expect(latest).toMatchObject({ kind: "buyers_guide", language: "es", textVersion: expect.stringMatching(/^ftc-2016/) });
    expect(latest!.actor).toMatch(/@/);
    expect(latest!.termsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(latest!.pdfSha256).toBe((await import("node:crypto")).createHash("sha256").update(bytes).digest("hex"));
    expect(latest!.createdAt >= started).toBe(true);
    expect((await fetch(`${server.url}/api/admin/vehicles/${vehicle!.id}/documents`)).status).toBe(401);
  });
});
