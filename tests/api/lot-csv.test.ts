import { parse } from "csv-parse/sync";
import { withCheckDigit } from "~/shared/lib/vin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/shared/types/vehicle";
import { openServerDatabase } from "../support/server-database";
import { staffClient, type StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { vehicleFormBody } from "../support/vehicle-form";

type Report = {
  dryRun: boolean;
  rows: number;
  created: { row: number; vin: string }[];
  updated: { row: number; vin: string; id: string }[];
  unchanged: { row: number; vin: string; id: string }[];
  rejected: { row: number; vin: string | null; problems: { column: string; message: string }[] }[];
  warnings: { row: number; vin: string | null; column: string; message: string }[];
};

let server: TestServer;
let staff: StaffClient;

beforeAll(async () => {
  server = await startTestServer({ seeded: true, env: { PUBLIC_URL: "https://cars.example" } });
  staff = await staffClient(server);
});
afterAll(async () => {
  await server?.stop();
});

const vehicles = async () => (await (await staff.fetch("/api/admin/vehicles")).json()) as Vehicle[];
async function importCsv(body: string | Buffer, dryRun: boolean): Promise<{ status: number; report: Report }> {
  const res = await staff.fetch(`/api/admin/vehicles/import?dryRun=${dryRun}`, { method: "POST", body });
  return { status: res.status, report: (await res.json()) as Report };
}

/** A valid VIN (check digit included), unique per n. */
const vin = (n: number) => withCheckDigit(`1L7${String(n).padStart(14, "0")}`);
const HEADER = "VIN,Stock,Year,Make,Model,Trim,Price,Mileage,Exterior Color,Transmission,Drivetrain,Body Style,Features,Description,Status";
const row = (n: number, overrides: Partial<Record<string, string>> = {}) => {
  const cells = {
    vin: vin(n),
    stock: `L${n}`,
    year: "2019",
    make: "Honda",
    model: "Civic",
    trim: "EX",
    price: "14995",
    mileage: "42000",
    color: "Blue",
    transmission: "Automatic",
    drivetrain: "FWD",
    body: "Sedan",
    features: '"Bluetooth, Backup Camera"',
    description: "Clean car",
    status: "available",
    ...overrides,
  };
  return Object.values(cells).join(",");
};

describe("CSV import", () => {
  it("dry run reports what would happen and changes nothing; the real run applies it and reports the same", async () => {
    const before = await vehicles();
    const csv = [HEADER, row(1), row(2)].join("\n");
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.report).toMatchObject({ dryRun: true, rows: 2, updated: [], rejected: [] });
    expect(dry.report.created).toEqual([
      { row: 2, vin: vin(1) },
      { row: 3, vin: vin(2) },
    ]);
    expect(await vehicles()).toHaveLength(before.length);

    const real = await importCsv(csv, false);
    expect(real.status).toBe(200);
    expect({ ...real.report, dryRun: true }).toEqual(dry.report);
    const after = await vehicles();
    expect(after).toHaveLength(before.length + 2);
    const created = after.find((v) => v.vin === vin(1))!;
    expect(created).toMatchObject({
      stockNumber: "L1",
      trim: "EX",
      price: 14_995,
      features: ["Bluetooth", "Backup Camera"],
      status: "available",
      images: [],
      warrantyType: "dealer",
    });
    // Imports never invent photos: the staff list flags the vehicle, and it is not listed until it has one (decision 054).
    expect(created.photos).toEqual([]);
    expect(((await (await fetch(`${server.url}/api/vehicles`)).json()) as Vehicle[]).some((v) => v.vin === vin(1))).toBe(false);
  });

  it("upserts by VIN: a known VIN updates only the columns present and records the price change", async () => {
    const target = (await vehicles()).find((v) => v.vin === vin(1))!;
    const csv = `vin,PRICE,status\r\n${vin(1)},"$13,995",Pending\r\n`;
    const { report } = await importCsv(csv, false);
    expect(report.updated).toEqual([{ row: 2, vin: vin(1), id: target.id }]);
    const after = (await vehicles()).find((v) => v.id === target.id)!;
    expect(after).toMatchObject({ price: 13_995, status: "pending", make: target.make, stockNumber: "L1", trim: "EX" });
    const history = await (await staff.fetch(`/api/admin/vehicles/${target.id}/price-history`)).json();
    expect(history).toMatchObject([{ oldPrice: 14_995, newPrice: 13_995 }]);
  });

  it("a file with 3 bad rows of 50 reports them with row numbers and reasons and applies the 47 others", async () => {
    const lines = [HEADER];
    for (let n = 100; n < 150; n++) {
      if (n === 110) lines.push(row(n, { price: "cheap" }));
      else if (n === 120) lines.push(row(n, { make: "", vin: "SHORTVIN" }));
      else if (n === 130)
        lines.push(row(n, { stock: "L1" })); // L1 belongs to another vehicle
      else lines.push(row(n));
    }
    const before = (await vehicles()).length;
    const { status, report } = await importCsv(lines.join("\n"), false);
    expect(status).toBe(200);
    expect(report.created).toHaveLength(47);
    expect(report.rejected.map((r) => r.row)).toEqual([12, 22, 32]);
    expect(report.rejected[0]!.problems).toEqual([{ column: "Price", message: expect.any(String) }]);
    expect(report.rejected[1]!.problems.map((p) => p.column).sort()).toEqual(["Make", "VIN"]);
    expect(report.rejected[2]!.problems).toEqual([{ column: "Stock", message: "This stock number belongs to another vehicle" }]);
    const after = await vehicles();
    expect(after).toHaveLength(before + 47);
    for (const bad of [110, 130]) expect(after.some((v) => v.vin === vin(bad))).toBe(false);
  });

  it("reads quoted commas and line breaks, a UTF-8 BOM and Windows line ends", async () => {
    const description = 'Line one, with a comma\r\nLine two "quoted"';
    const csv =
      "\uFEFF" +
      [HEADER, row(200, { description: `"${description.replace(/"/g, '""')}"`, features: '"Heated Seats, Sunroof, Navigation"' })].join(
        "\r\n",
      ) +
      "\r\n";
    const { report } = await importCsv(Buffer.from(csv, "utf8"), false);
    expect(report.rejected).toEqual([]);
    expect(report.created).toEqual([{ row: 2, vin: vin(200) }]);
    const created = (await vehicles()).find((v) => v.vin === vin(200))!;
    expect(created.description).toBe(description);
    expect(created.features).toEqual(["Heated Seats", "Sunroof", "Navigation"]);
    expect(created.make).toBe("Honda");
  });

  it("decodes a file in the charset its Content-Type names; an unknown charset gets 415", async () => {
    const csv = Buffer.from([HEADER, row(300, { description: "Caf\u00e9 owner with one key" })].join("\r\n"), "latin1");
    const res = await staff.fetch("/api/admin/vehicles/import?dryRun=false", {
      method: "POST",
      body: csv,
      contentType: "text/csv; charset=windows-1252",
    });
    expect(res.status).toBe(200);
    expect((await vehicles()).find((v) => v.vin === vin(300))?.description).toBe("Caf\u00e9 owner with one key");
    const unknown = await staff.fetch("/api/admin/vehicles/import?dryRun=true", {
      method: "POST",
      body: csv,
      contentType: "text/csv; charset=x-nonsense",
    });
    expect(unknown.status).toBe(415);
    expect(((await unknown.json()) as { error: string }).error).toBe("Unsupported charset: send the file as UTF-8");
  });

  it("refuses a file without a VIN column or that is not CSV with a clear 400", async () => {
    const noVin = await staff.fetch("/api/admin/vehicles/import?dryRun=true", { method: "POST", body: "Make,Model\nHonda,Civic\n" });
    expect(noVin.status).toBe(400);
    expect(((await noVin.json()) as { error: string }).error).toMatch(/VIN column/);
    const broken = await staff.fetch("/api/admin/vehicles/import?dryRun=true", { method: "POST", body: 'VIN,Make\n"unclosed,Honda\n' });
    expect(broken.status).toBe(400);
    const badFlag = await staff.fetch("/api/admin/vehicles/import?dryRun=maybe", { method: "POST", body: HEADER });
    expect(badFlag.status).toBe(400);
  });
});

describe("CSV import limits", () => {
  async function post(body: string, dryRun = true): Promise<{ status: number; error?: string; ms: number }> {
    const started = performance.now();
    const res = await staff.fetch(`/api/admin/vehicles/import?dryRun=${dryRun}`, { method: "POST", body });
    const answer = (await res.json()) as { error?: string };
    return { status: res.status, error: answer.error, ms: performance.now() - started };
  }

  it("refuses a 400,000-column file within a second, naming the 64-column limit", async () => {
    // 0.41 MB: a header of 400,000 empty columns, then 1,000 short rows. Walking every header
    // column for every row blocked the server for 19 s.
    const rows = Array.from({ length: 1_000 }, (_, i) => `${vin(9_000 + i)},`);
    const csv = [`VIN${",".repeat(400_000)}`, ...rows].join("\n");
    const { status, error, ms } = await post(csv);
    expect(status).toBe(400);
    expect(error).toBe("Row 1 has more than 64 columns: a file may have at most 64.");
    expect(ms).toBeLessThan(1_000);
    // At the limit, a file is read: 64 columns, the unknown ones ignored.
    const wide = await post([`VIN,Make${",Extra".repeat(62)}`, `${vin(9_999)},Honda${",x".repeat(62)}`].join("\n"));
    expect(wide.status).toBe(200);
    const wider = await post([`VIN,Make${",Extra".repeat(62)}`, `${vin(9_999)},Honda${",x".repeat(63)}`].join("\n"));
    expect(wider).toMatchObject({ status: 400, error: "Row 2 has more than 64 columns: a file may have at most 64." });
  });

  it("refuses a file of more than 5,000 rows at row 5,001, without parsing the rest, and stores nothing", async () => {
    const before = (await vehicles()).length;
    const lines = [HEADER];
    for (let n = 0; n < 5_001; n++) lines.push(row(20_000 + n));
    // After the 5,001st vehicle: a quote never closed and a row over every limit. Parsed, either
    // would be the answer; the row cap must answer first.
    lines.push(`${vin(30_000)},"never closed`, "x,".repeat(40_000));
    const { status, error } = await post(lines.join("\n"), false);
    expect(status).toBe(400);
    expect(error).toBe("At most 5,000 vehicles per file: split the file and import each part.");
    expect(await vehicles()).toHaveLength(before);
  });

  it("refuses a row over 64 KB, naming its row; a long row under the limit is only a rejected row", async () => {
    const long = (chars: number) => [HEADER, row(40_000), row(40_001, { description: "d".repeat(chars) })].join("\n");
    const over = await post(long(66 * 1024), false);
    expect(over).toMatchObject({ status: 400, error: "Row 3 is longer than 64 KB: a row may hold at most 64 KB." });
    expect((await vehicles()).some((v) => v.vin === vin(40_000))).toBe(false);
    const under = await staff.fetch("/api/admin/vehicles/import?dryRun=true", { method: "POST", body: long(60 * 1024) });
    expect(under.status).toBe(200);
    const report = (await under.json()) as Report;
    expect(report.created).toEqual([{ row: 2, vin: vin(40_000) }]);
    expect(report.rejected).toEqual([{ row: 3, vin: vin(40_001), problems: [{ column: "Description", message: expect.any(String) }] }]);
  });
});

describe("CSV cells that a spreadsheet would run (OWASP CSV injection)", () => {
  const FORMULA = '=HYPERLINK("http://evil.example","Click me")';
  const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

  it("imports formula-like cells as text with a warning, exports them with a leading ', and takes them back unchanged", async () => {
    const csv = [HEADER, row(500, { description: csvCell(FORMULA), trim: "@SUM(1+1)" }), row(501)].join("\n");
    const dry = await importCsv(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.report.rejected).toEqual([]);
    expect(dry.report.created).toHaveLength(2);
    expect(dry.report.warnings).toEqual([
      {
        row: 2,
        vin: vin(500),
        column: "Trim",
        message: expect.stringMatching(/^Begins with "@", which a spreadsheet may run as a formula/),
      },
      { row: 2, vin: vin(500), column: "Description", message: expect.stringMatching(/^Begins with "=", which/) },
    ]);
    await importCsv(csv, false);
    const stored = (await vehicles()).find((v) => v.vin === vin(500))!;
    expect(stored).toMatchObject({ description: FORMULA, trim: "@SUM(1+1)" });

    const text = await (await staff.fetch("/api/admin/vehicles/export.csv")).text();
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    const exported = rows.find((r) => r[0] === vin(500))!;
    expect(exported[header!.indexOf("Description")]).toBe(`'${FORMULA}`);
    expect(exported[header!.indexOf("Trim")]).toBe("'@SUM(1+1)");
    expect(rows.every((r) => r.every((cell) => !/^[=+@\t\r]/.test(cell)))).toBe(true);

    const back = await importCsv(text, true);
    expect(back.report.warnings).toEqual([]);
    expect(back.report.unchanged.map((u) => u.vin)).toContain(vin(500));
    expect(back.report.updated).toEqual([]);
  });

  it("says a VIN from before 1981 was not checked", async () => {
    const { report } = await importCsv([HEADER, row(502, { vin: "OLDSERIAL12345678", year: "1975" })].join("\n"), true);
    expect(report.rejected).toEqual([]);
    expect(report.warnings).toEqual([
      { row: 2, vin: "OLDSERIAL12345678", column: "VIN", message: expect.stringMatching(/^Not checked: before 1981/) },
    ]);
  });

  it("neutralises a formula in the Meta catalogue feed too", async () => {
    const listed = (await vehicles()).find((v) => v.images.length > 0 && v.status === "available")!;
    const res = await staff.fetch(`/api/admin/vehicles/${listed.id}`, {
      method: "PATCH",
      body: vehicleFormBody(listed, { description: FORMULA }),
    });
    expect(res.status).toBe(200);
    const feed = parse(await (await fetch(`${server.url}/feeds/meta-vehicles.csv`)).text(), { columns: true }) as Record<string, string>[];
    const entry = feed.find((r) => r.vehicle_id === listed.id || r.vin === listed.vin)!;
    expect(entry.description).toBe(`'${FORMULA}`);
  });
});

describe("CSV export", () => {
  it("lists every vehicle with every field and photo URLs, and importing it back changes nothing", async () => {
    const ticked = (await vehicles()).find((v) => v.status !== "sold" && !v.manufacturerWarrantyApplies)!;
    const tick = await staff.fetch(`/api/admin/vehicles/${ticked.id}`, {
      method: "PATCH",
      body: vehicleFormBody(ticked, { manufacturerWarrantyApplies: true }),
    });
    expect(tick.status).toBe(200);
    const res = await staff.fetch("/api/admin/vehicles/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="vehicles-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    const all = await vehicles();
    expect(rows).toHaveLength(all.length);
    // The import's columns first, Fuel Type after Trim; its labels import back unchanged below.
    const [vin, stock, year, make, model, trim, ...rest] = HEADER.split(",");
    expect(header!.slice(0, 16)).toEqual([vin, stock, year, make, model, trim, "Fuel Type", ...rest]);
    expect(header).toEqual(expect.arrayContaining(["Date In Stock", "Warranty Type", "Sold At", "Photos", "ID"]));
    const withPhotos = all.find((v) => v.images.length > 1)!;
    const exported = rows.find((r) => r[header!.indexOf("ID")] === withPhotos.id)!;
    expect(exported[header!.indexOf("Photos")]!.split(" ")).toEqual(withPhotos.images.map((src) => `https://cars.example${src}`));
    // The Buyers Guide's manufacturer's-warranty box, yes or no, for every vehicle (one was ticked above).
    const warrantyColumn = header!.indexOf("Manufacturer Warranty Still Applies");
    expect(warrantyColumn).toBeGreaterThan(header!.indexOf("Warranty Duration"));
    for (const v of all) {
      expect(rows.find((r) => r[header!.indexOf("ID")] === v.id)![warrantyColumn]).toBe(v.manufacturerWarrantyApplies ? "yes" : "no");
    }
    expect(all.some((v) => v.manufacturerWarrantyApplies)).toBe(true);

    const { report } = await importCsv(text, false);
    expect(report.rejected).toEqual([]);
    expect(report.created).toEqual([]);
    expect(report.updated).toEqual([]);
    expect(report.unchanged).toHaveLength(all.length);
    expect(await vehicles()).toEqual(all);
  });

  it("is for staff only", async () => {
    expect((await fetch(`${server.url}/api/admin/vehicles/export.csv`)).status).toBe(401);
  });
});

describe("Buyers Guide and stock numbers", () => {
  it("serves the guide as a PDF in English and Spanish, staff only", async () => {
    const [vehicle] = await vehicles();
    for (const lang of ["en", "es"]) {
      const res = await staff.fetch(`/api/admin/vehicles/${vehicle!.id}/buyers-guide.pdf?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toMatch(new RegExp(`buyers-guide-[A-Za-z0-9-]+-${lang}\\.pdf`));
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    expect((await staff.fetch(`/api/admin/vehicles/${vehicle!.id}/buyers-guide.pdf?lang=fr`)).status).toBe(400);
    expect((await staff.fetch("/api/admin/vehicles/00000000-0000-4000-8000-000000000000/buyers-guide.pdf")).status).toBe(404);
    expect((await fetch(`${server.url}/api/admin/vehicles/${vehicle!.id}/buyers-guide.pdf`)).status).toBe(401);
  });

  it("refuses another vehicle's stock number in the edit form with a field message", async () => {
    const all = await vehicles();
    const owner = all.find((v) => v.stockNumber === "L2")!;
    const other = all.find((v) => v.id !== owner.id && v.images.length > 0)!;
    const body = vehicleFormBody(other);
    const res = await staff.fetch(`/api/admin/vehicles/${other.id}`, { method: "PATCH", body: { ...body, stockNumber: "L2" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      stockNumber: "This stock number belongs to another vehicle",
    });
    // An edit without the lot fields keeps them.
    const kept = await staff.fetch(`/api/admin/vehicles/${owner.id}`, {
      method: "PATCH",
      body: { ...body, vin: owner.vin, features: owner.features, price: owner.price },
    });
    expect(kept.status).toBe(200);
    expect((await vehicles()).find((v) => v.id === owner.id)).toMatchObject({ stockNumber: "L2", trim: "EX" });
  });
});

describe("feature keys and descriptions in the CSV (decision 069)", () => {
  const KEYED = vin(900);
  /** The features as the vehicles table holds them: catalogue keys and custom text. */
  async function storedFeatures(vinOf: string): Promise<string[]> {
    const { db } = openServerDatabase(server);
    try {
      const row = await db.selectFrom("vehicles").select("features").where("vin", "=", vinOf).executeTakeFirstOrThrow();
      return JSON.parse(row.features) as string[];
    } finally {
      await db.destroy();
    }
  }

  it("imports English names (any case) as keys and the rest as custom; export then import gives the same keys, custom staying custom", async () => {
    const header = `${HEADER},Description (Spanish),Description (Portuguese)`;
    const csv = [
      header,
      `${row(900, { features: '"heated seats, Apple CarPlay, Winter tires on steel rims, Third-Row Seating"' })},Auto limpio,Carro conservado`,
    ].join("\n");
    const { report } = await importCsv(csv, false);
    expect(report.created).toEqual([{ row: 2, vin: KEYED }]);
    const keys = ["heated-seats", "apple-carplay", "Winter tires on steel rims", "third-row-seating"];
    expect(await storedFeatures(KEYED)).toEqual(keys);
    const imported = (await vehicles()).find((v) => v.vin === KEYED)!;
    expect(imported).toMatchObject({
      features: ["Heated Seats", "Apple CarPlay", "Winter tires on steel rims", "Third-Row Seating"],
      descriptionEs: "Auto limpio",
      descriptionPt: "Carro conservado",
    });

    const exported = await (await staff.fetch("/api/admin/vehicles/export.csv")).text();
    const [exportHeader, ...rows] = parse(exported, { bom: true }) as string[][];
    const cells = rows.find((r) => r[0] === KEYED)!;
    const cell = (name: string) => cells[exportHeader!.indexOf(name)];
    expect(cell("Features")).toBe("Heated Seats, Apple CarPlay, Winter tires on steel rims, Third-Row Seating");
    expect([cell("Description (Spanish)"), cell("Description (Portuguese)")]).toEqual(["Auto limpio", "Carro conservado"]);

    // The export imported back changes nothing; the keys are the same keys.
    const back = await importCsv(exported, false);
    expect(back.report.updated).toEqual([]);
    expect(back.report.unchanged.map((u) => u.vin)).toContain(KEYED);
    expect(await storedFeatures(KEYED)).toEqual(keys);
  });

  it("a file without the Spanish and Portuguese columns leaves those descriptions as they are; an empty cell clears one", async () => {
    await importCsv(
      [HEADER, row(900, { features: '"Heated Seats, Apple CarPlay, Winter tires on steel rims, Third-Row Seating"', price: "14495" })].join(
        "\n",
      ),
      false,
    );
    expect((await vehicles()).find((v) => v.vin === KEYED)).toMatchObject({
      price: 14_495,
      descriptionEs: "Auto limpio",
      descriptionPt: "Carro conservado",
    });
    await importCsv(["VIN,Description (Spanish)", `${KEYED},`].join("\n"), false);
    expect((await vehicles()).find((v) => v.vin === KEYED)).toMatchObject({ descriptionEs: null, descriptionPt: "Carro conservado" });
  });
});
