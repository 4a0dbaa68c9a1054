import { Readable } from "node:stream";
import { CsvError, Parser } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntries, insertAuditEntry } from "~/server/data/audit-log.server";
import {
  insertVehicleRows,
  nextChangeTime,
  listVehicles,
  patchVehicleRow,
  vehicleIdsByStockNumber,
  vehicleIdsByVin,
  findVehiclesByIds,
  stockWriteTransaction,
  type VehicleFields,
} from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import { timeSlicer } from "~/server/time-slice.server";
import { absoluteUrl } from "~/shared/lib/seo";
import {
  describeDuration,
  describeSystems,
  parseWarrantyDuration,
  parseWarrantySystems,
  WARRANTY_SYSTEM_NAMES,
} from "~/shared/lib/warranty-terms";
import { FORMULA_START } from "~/shared/lib/spreadsheet-text";
import { isValidVin } from "~/shared/lib/vin";
import { FUEL_TYPE_LABELS, FUEL_TYPES, type Vehicle } from "~/shared/types/vehicle";
import {
  COLORS,
  STANDARD_VIN_FROM_YEAR,
  TRANSMISSIONS,
  vehicleImportSchema,
  vehicleImportUpdateSchema,
  warrantyLawIssues,
  type VehicleImportFields,
} from "./vehicle-schema";
import { readDealSettings } from "~/server/data/deal-settings.server";

/**
 * CSV import and export of the stock: columns by name, case-insensitive and in any
 * order; a column left out leaves that field unchanged; rows are upserted by VIN. Parsed with
 * csv-parse (BOM, CRLF, quoted commas and line breaks), validated with the vehicle form's schema.
 * The import runs in the request's process, so it is bounded and sliced (decision 053): limits
 * refuse a file while it is parsed, and the parse, validation and comparison pause every few
 * milliseconds for the requests waiting behind them.
 */

/** The warranty's terms arrive as three text columns, read into `warrantyTerms` (decision 091). */
type WarrantyColumn = "warrantySystems" | "warrantyDuration" | "warrantyPercent";
type Column = { header: string; field: keyof VehicleImportFields | WarrantyColumn };
type Field = Column["field"];

/** The importable columns (then the lot fields the export also writes). */
export const IMPORT_COLUMNS: Column[] = [
  { header: "VIN", field: "vin" },
  { header: "Stock", field: "stockNumber" },
  { header: "Year", field: "year" },
  { header: "Make", field: "make" },
  { header: "Model", field: "model" },
  { header: "Trim", field: "trim" },
  { header: "Fuel Type", field: "fuelType" },
  { header: "Price", field: "price" },
  { header: "Mileage", field: "mileage" },
  { header: "Exterior Color", field: "exteriorColor" },
  { header: "Transmission", field: "transmission" },
  { header: "Drivetrain", field: "drivetrain" },
  { header: "Body Style", field: "bodyStyle" },
  { header: "Features", field: "features" },
  { header: "Description", field: "description" },
  { header: "Status", field: "status" },
  { header: "Date In Stock", field: "dateInStock" },
  { header: "Warranty Type", field: "warrantyType" },
  { header: "Warranty Systems", field: "warrantySystems" },
  { header: "Warranty Duration", field: "warrantyDuration" },
  { header: "Warranty Labor/Parts %", field: "warrantyPercent" },
  { header: "Description (Spanish)", field: "descriptionEs" },
  { header: "Description (Portuguese)", field: "descriptionPt" },
];

/** Other names a dealer management system may use for a column. */
const ALIASES: Record<string, Field> = {
  "stock number": "stockNumber",
  "stock #": "stockNumber",
  "stock no": "stockNumber",
  color: "exteriorColor",
  "ext color": "exteriorColor",
  odometer: "mileage",
  miles: "mileage",
  "body type": "bodyStyle",
  "description es": "descriptionEs",
  "description pt": "descriptionPt",
};

const normalHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");
const COLUMN_BY_NAME = new Map<string, Field>([
  ...IMPORT_COLUMNS.map((c) => [normalHeader(c.header), c.field] as const),
  ...Object.entries(ALIASES),
]);
const HEADER_OF = new Map(IMPORT_COLUMNS.map((c) => [c.field, c.header]));

/**
 * The export's columns: every importable one, then what only staff read (ignored on import). "Manufacturer
 * Warranty Still Applies" is the Buyers Guide's box (decision 060), `yes` or `no`, so a spreadsheet of the
 * lot shows which guides carry it; it is set in the vehicle form, not by import.
 */
export const MANUFACTURER_WARRANTY_HEADER = "Manufacturer Warranty Still Applies";
const EXPORT_HEADERS = [
  ...IMPORT_COLUMNS.map((c) => c.header),
  MANUFACTURER_WARRANTY_HEADER,
  "Sold At",
  "Photos",
  "ID",
  "Created At",
  "Updated At",
];

/**
 * Features are one cell, comma-separated, as in the vehicle form: catalogue features by their English
 * names, which the import turns back into the same keys, custom ones as typed (decision 069).
 */
const FEATURE_SEPARATOR = ", ";

/**
 * Every vehicle (sold ones too) with every field and its photo URLs, as CSV with a BOM for spreadsheets.
 * Recorded in the audit log: the file carries the whole stock out of the dashboard.
 */
export async function exportVehiclesCsv(ctx: AppContext, staff: Staff): Promise<string> {
  const vehicles = await listVehicles(ctx.db);
  await insertAuditEntry(ctx.db, { actor: staff.actor, accountId: staff.id, action: "export-csv", entity: "vehicle", entityId: "all" });
  const rows = vehicles.map((v) => [
    v.vin,
    v.stockNumber ?? "",
    v.year,
    v.make,
    v.model,
    v.trim ?? "",
    v.fuelType ? FUEL_TYPE_LABELS[v.fuelType] : "",
    v.price,
    v.mileage,
    v.exteriorColor,
    v.transmission,
    v.drivetrain,
    v.bodyStyle,
    v.features.join(FEATURE_SEPARATOR),
    v.description ?? "",
    v.status,
    v.dateInStock,
    v.warrantyType,
    v.warrantyTerms ? describeSystems(v.warrantyTerms, "en") : "",
    v.warrantyTerms ? describeDuration(v.warrantyTerms, "en") : "",
    v.warrantyTerms ? `${v.warrantyTerms.laborPercent}/${v.warrantyTerms.partsPercent}` : "",
    v.descriptionEs ?? "",
    v.descriptionPt ?? "",
    v.manufacturerWarrantyApplies ? "yes" : "no",
    v.soldAt ?? "",
    v.images.map((src) => absoluteUrl(ctx.env.publicUrl, src)).join(" "),
    v.id,
    v.createdAt,
    v.updatedAt,
  ]);
  // escape_formulas: a cell a spreadsheet would run (=, +, -, @, tab, CR first) gets a leading ' (OWASP CSV injection).
  return `\uFEFF${stringify([EXPORT_HEADERS, ...rows], { record_delimiter: "windows", escape_formulas: true })}`;
}

export type ImportProblem = { column: string; message: string };
/** Imported as shown, but worth a look before confirming: formula-like cells, VINs that could not be checked. */
export type ImportWarning = { row: number; vin: string | null; column: string; message: string };
export type ImportReport = {
  dryRun: boolean;
  /** Data rows read (the header is row 1, the first vehicle row 2, as a spreadsheet numbers them). */
  rows: number;
  created: { row: number; vin: string }[];
  updated: { row: number; vin: string; id: string }[];
  unchanged: { row: number; vin: string; id: string }[];
  rejected: { row: number; vin: string | null; problems: ImportProblem[] }[];
  warnings: ImportWarning[];
};

/** A file that cannot be imported at all (unreadable CSV, no VIN column, over one of the limits below). */
export class CsvFileError extends Error {}

/**
 * What one file may hold. Each bounds the work a file can cause before it is
 * refused: rows are counted while parsing, so a longer file is never parsed to its end; columns
 * (the import knows 22) and the length of one row (its cells, separators aside; a description holds
 * at most 5,000 characters) are checked cell by cell, so a line of 400,000 empty cells stops at its 65th.
 */
export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_COLUMNS = 64;
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;
/** How much of the file the parser takes at a time: the largest step between two pauses of the parse. */
const PARSE_CHUNK_BYTES = 16 * 1024;
/** Vehicles read or inserted per statement of an import: ~1 MB of a 10 MB file, a few milliseconds of work. */
const WRITE_BATCH = 250;

/**
 * A "Fuel Type" cell: the export's label ("Plug-in Hybrid", "Flex Fuel") or the API's value
 * ("plug-in-hybrid"), in any case; "Flex" alone too. Anything else goes to the schema as it is and
 * is reported there; an empty cell clears the field.
 */
function fuelTypeOfCell(value: string): unknown {
  const key = value
    .toLowerCase()
    .replace(/[\s_]+/g, " ")
    .trim();
  if (key === "") return null;
  if (key === "flex") return "flex";
  return FUEL_TYPES.find((f) => f === key.replace(/ /g, "-") || FUEL_TYPE_LABELS[f].toLowerCase() === key) ?? value;
}

/** Cells that spreadsheets and DMS exports write differently from the form: "$12,695", "automatic", "As Is". */
function cleanCell(field: keyof VehicleImportFields, raw: string): unknown {
  const value = raw.trim();
  switch (field) {
    case "year":
    case "price":
    case "mileage":
      return value.replace(/[$,\s]/g, "");
    case "transmission":
      return TRANSMISSIONS.find((t) => t.toLowerCase() === value.toLowerCase()) ?? value;
    case "exteriorColor":
      return COLORS.find((c) => c.toLowerCase() === value.toLowerCase()) ?? value;
    case "fuelType":
      return fuelTypeOfCell(value);
    case "status":
      return value.toLowerCase();
    case "warrantyType":
      return value.toLowerCase().replace(/[\s-]+/g, "_");
    case "dateInStock":
      return value === "" ? undefined : value;
    default:
      return value;
  }
}

type ParsedRow = {
  row: number;
  vin: string | null;
  fields: Partial<VehicleImportFields> | null;
  problems: ImportProblem[];
  warnings: ImportWarning[];
};

/**
 * A cell as the import takes it: our own export's escape (a ' before a formula character) is taken
 * off, so an exported file imports back unchanged; a formula-like cell from elsewhere is kept as text
 * and named in a warning, since staff may have meant neither.
 */
function formulaSafeCell(raw: string): { cell: string; formula: string | null } {
  if (raw.startsWith("'") && FORMULA_START.test(raw.slice(1))) return { cell: raw.slice(1), formula: null };
  return { cell: raw, formula: FORMULA_START.test(raw) ? raw[0]! : null };
}

const FORMULA_NAMES: Record<string, string> = { "\t": "a tab", "\r": "a carriage return" };

/** The column a problem's field path names: the warranty's terms read from three columns. */
function columnOf(path: PropertyKey[]): string {
  const field = path[0] as Field | undefined;
  if (field === "warrantyTerms") {
    const part = path[1];
    return HEADER_OF.get(
      part === "systems" ? "warrantySystems" : part === "laborPercent" || part === "partsPercent" ? "warrantyPercent" : "warrantyDuration",
    )!;
  }
  return (field && HEADER_OF.get(field)) ?? String(field ?? "");
}

function problemsOf(error: z.ZodError): ImportProblem[] {
  return error.issues.map((issue) => ({ column: columnOf(issue.path), message: issue.message }));
}

type CsvTable = { columns: (Field | null)[]; body: string[][] };

/** Thrown by the parser's per-row hook at the row after MAX_IMPORT_ROWS vehicles. */
class TooManyRowsError extends Error {}

/** Thrown by the parser's per-cell hook at the first cell past MAX_IMPORT_COLUMNS. */
class TooManyColumnsError extends Error {
  constructor(readonly row: number) {
    super(`Row ${row} has more than ${MAX_IMPORT_COLUMNS} columns`);
  }
}

const count = (n: number) => n.toLocaleString("en-US");

/** What staff read when the parser stops: each limit names itself. */
function fileErrorOf(error: unknown): unknown {
  if (error instanceof TooManyRowsError) {
    return new CsvFileError(`At most ${count(MAX_IMPORT_ROWS)} vehicles per file: split the file and import each part.`);
  }
  if (error instanceof TooManyColumnsError) {
    return new CsvFileError(
      `Row ${count(error.row)} has more than ${MAX_IMPORT_COLUMNS} columns: a file may have at most ${MAX_IMPORT_COLUMNS}.`,
    );
  }
  if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") {
    // The error carries the parser's position: `records` is the number of rows read before this one.
    const row = ((error as CsvError & { records?: number }).records ?? 0) + 1;
    return new CsvFileError(
      `Row ${count(row)} is longer than ${MAX_IMPORT_ROW_BYTES / 1024} KB: a row may hold at most ${MAX_IMPORT_ROW_BYTES / 1024} KB.`,
    );
  }
  if (error instanceof CsvError) return new CsvFileError(`The file is not valid CSV: ${error.message}`);
  return error;
}

function* chunksOf(body: Buffer): Generator<Buffer> {
  for (let start = 0; start < body.length; start += PARSE_CHUNK_BYTES) yield body.subarray(start, start + PARSE_CHUNK_BYTES);
}

/**
 * Parses the file chunk by chunk, pausing when the time slice is spent, and maps its header to
 * fields. Stops at the first row over a limit: the rest of the file is never parsed.
 */
async function readTable(body: Buffer, slice: () => Promise<void>): Promise<CsvTable> {
  const parser = new Parser({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_IMPORT_ROW_BYTES,
    // The only hook csv-parse calls before a row is complete, once per cell: a row with too many
    // cells is refused at its first extra one instead of being built whole and walked.
    cast: (value, context) => {
      if (context.index >= MAX_IMPORT_COLUMNS) throw new TooManyColumnsError(context.records + 1);
      return value;
    },
    // Rows are counted here, as the parser completes each one (the header is the first), not where
    // they are taken from the stream: the parser runs a few rows ahead of that, and must not reach
    // the row after the limit, nor report a fault in it.
    on_record: (record, context) => {
      if (context.records > MAX_IMPORT_ROWS + 1) throw new TooManyRowsError();
      return record;
    },
  });
  const source = Readable.from(chunksOf(body)).pipe(parser);
  const records: string[][] = [];
  try {
    for await (const record of source as AsyncIterable<string[]>) {
      records.push(record);
      await slice();
    }
  } catch (error) {
    throw fileErrorOf(error);
  } finally {
    parser.destroy();
  }
  const [header, ...rows] = records;
  if (!header) throw new CsvFileError("The file is empty.");
  const columns = header.map((h) => COLUMN_BY_NAME.get(normalHeader(h)) ?? null);
  if (!columns.includes("vin")) throw new CsvFileError("The file needs a VIN column: rows are matched to vehicles by VIN.");
  return { columns, body: rows };
}

/**
 * The warranty's three text columns into the row's `warrantyTerms` (decision 091): both the systems
 * and the duration empty mean the statute's terms (null); otherwise the systems must name the list's
 * (by name in English or Spanish, or by key) and the duration read as "90 days or 3,750 miles" or
 * "30 days"; the share of labor and parts is "100/100" (the default when the column is left out).
 * Columns left out of the file leave the terms as they are. Returns the problems, by column.
 */
function readWarrantyColumns(warranty: Partial<Record<WarrantyColumn, string>>, input: Record<string, unknown>): ImportProblem[] {
  if (warranty.warrantySystems === undefined && warranty.warrantyDuration === undefined) return [];
  const systemsText = warranty.warrantySystems ?? "";
  const durationText = warranty.warrantyDuration ?? "";
  if (systemsText === "" && durationText === "") {
    input.warrantyTerms = null;
    return [];
  }
  const problems: ImportProblem[] = [];
  const systems = parseWarrantySystems(systemsText);
  const duration = parseWarrantyDuration(durationText);
  const percent = /^(\d{1,3})\s*\/\s*(\d{1,3})$/.exec(warranty.warrantyPercent || "100/100");
  if (!systems)
    problems.push({
      column: HEADER_OF.get("warrantySystems")!,
      message: `Name the systems covered from the list, separated by ";": ${WARRANTY_SYSTEM_NAMES.en.engine}; ${WARRANTY_SYSTEM_NAMES.en.brakes}; …`,
    });
  if (!duration)
    problems.push({ column: HEADER_OF.get("warrantyDuration")!, message: 'Write the duration as "90 days or 3,750 miles" or "30 days".' });
  if (!percent)
    problems.push({ column: HEADER_OF.get("warrantyPercent")!, message: 'Write the dealer\'s share of labor and parts as "100/100".' });
  if (systems && duration && percent)
    input.warrantyTerms = { systems, ...duration, laborPercent: Number(percent[1]), partsPercent: Number(percent[2]) };
  return problems;
}

/** Validates each row: a new VIN needs every required field; a known VIN only what its columns hold. */
async function validateRows({ columns, body }: CsvTable, existing: Map<string, string>, slice: () => Promise<void>): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = [];
  for (const [index, cells] of body.entries()) {
    const row = index + 2;
    const input: Record<string, unknown> = {};
    const formulas: { field: Field; start: string }[] = [];
    const warranty: Partial<Record<WarrantyColumn, string>> = {};
    columns.forEach((field, i) => {
      if (!field || input[field] !== undefined || warranty[field as WarrantyColumn] !== undefined) return;
      const { cell, formula } = formulaSafeCell(cells[i] ?? "");
      if (formula) formulas.push({ field, start: formula });
      if (field === "warrantySystems" || field === "warrantyDuration" || field === "warrantyPercent") warranty[field] = cell.trim();
      else input[field] = cleanCell(field, cell);
    });
    const termProblems = readWarrantyColumns(warranty, input);
    const vin = typeof input.vin === "string" && input.vin ? input.vin.toUpperCase() : null;
    const warnings: ImportWarning[] = formulas.map(({ field, start }) => ({
      row,
      vin,
      column: HEADER_OF.get(field) ?? field,
      message: `Begins with ${FORMULA_NAMES[start] ?? `"${start}"`}, which a spreadsheet may run as a formula: it is stored as text, and exported with a leading '.`,
    }));
    const result = (vin && existing.has(vin) ? vehicleImportUpdateSchema : vehicleImportSchema).safeParse(input);
    if (result.success && result.data.year !== undefined && result.data.year < STANDARD_VIN_FROM_YEAR && !isValidVin(result.data.vin)) {
      warnings.push({
        row,
        vin,
        column: "VIN",
        message: `Not checked: before ${STANDARD_VIN_FROM_YEAR} each maker numbered its vehicles its own way.`,
      });
    }
    const problems = [...termProblems, ...(result.success ? [] : problemsOf(result.error))];
    rows.push(
      result.success && problems.length === 0
        ? { row, vin: result.data.vin, fields: result.data as Partial<VehicleImportFields>, problems: [], warnings }
        : { row, vin, fields: null, problems, warnings },
    );
    await slice();
  }
  return rows;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Imports a CSV: the dry run only reports; the real run applies every valid row in one
 * transaction (a rejected row is never partly applied) and reports the same way.
 */
export async function importVehiclesCsv(ctx: AppContext, staff: Staff, body: Buffer, options: { dryRun: boolean }): Promise<ImportReport> {
  const slice = timeSlicer();
  const table = await readTable(body, slice);
  // Which rows are updates decides how they are validated: look their VINs up first.
  const vinColumn = table.columns.indexOf("vin");
  const vins = table.body.map((cells) => (cells[vinColumn] ?? "").trim().toUpperCase()).filter((vin) => vin.length === 17);
  const existing = await vehicleIdsByVin(ctx.db, [...new Set(vins)]);
  const rows = await validateRows(table, existing, slice);
  const { docFee } = (await readDealSettings(ctx.db)).settings;
  const report: ImportReport = {
    dryRun: options.dryRun,
    rows: rows.length,
    created: [],
    updated: [],
    unchanged: [],
    rejected: [],
    // A rejected row's warnings would only repeat what its problems say.
    warnings: rows.flatMap((r) => (r.fields ? r.warnings : [])),
  };

  // Stock numbers must stay unique: against other vehicles and against earlier rows of the file.
  const stockNumbers = rows.flatMap((r) => (r.fields?.stockNumber ? [r.fields.stockNumber] : []));
  const stockOwners = await vehicleIdsByStockNumber(ctx.db, [...new Set(stockNumbers)]);
  const current = new Map<string, Vehicle>();
  const ids = [...existing.values()];
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    for (const vehicle of await findVehiclesByIds(ctx.db, ids.slice(i, i + WRITE_BATCH))) current.set(vehicle.id, vehicle);
    await slice();
  }
  const seenVins = new Map<string, number>();
  const seenStock = new Map<string, string>();
  const toCreate: { row: number; fields: VehicleFields }[] = [];
  const toUpdate: { row: number; id: string; fields: Partial<VehicleFields> }[] = [];

  for (const parsed of rows) {
    await slice();
    const problems = [...parsed.problems];
    const vin = parsed.vin;
    if (vin && seenVins.has(vin)) problems.push({ column: "VIN", message: `This VIN is also on row ${seenVins.get(vin)}` });
    const stock = parsed.fields?.stockNumber;
    if (stock && vin) {
      const owner = stockOwners.get(stock);
      const ownerVin = seenStock.get(stock);
      if ((owner && owner !== existing.get(vin)) || (ownerVin && ownerVin !== vin)) {
        problems.push({ column: "Stock", message: "This stock number belongs to another vehicle" });
      }
    }
    // The warranty law again, at the price the buyer pays (with the doc fee) and on what the row leaves as it is.
    const fields = parsed.fields;
    if (fields && vin && (fields.warrantyType !== undefined || fields.warrantyTerms !== undefined)) {
      const stored = existing.has(vin) ? current.get(existing.get(vin)!) : undefined;
      const issues = warrantyLawIssues(
        {
          warrantyType: fields.warrantyType ?? stored?.warrantyType ?? "dealer",
          price: fields.price ?? stored?.price,
          mileage: fields.mileage ?? stored?.mileage,
          warrantyTerms: fields.warrantyTerms !== undefined ? fields.warrantyTerms : (stored?.warrantyTerms ?? null),
        },
        docFee,
      );
      for (const issue of issues) problems.push({ column: columnOf(issue.path), message: issue.message });
    }
    if (problems.length > 0 || !parsed.fields || !vin) {
      report.rejected.push({ row: parsed.row, vin, problems });
      continue;
    }
    seenVins.set(vin, parsed.row);
    if (stock) seenStock.set(stock, vin);
    const id = existing.get(vin);
    if (!id) {
      toCreate.push({ row: parsed.row, fields: parsed.fields as VehicleFields });
      report.created.push({ row: parsed.row, vin });
      continue;
    }
    const before = current.get(id)!;
    const changes = Object.fromEntries(
      Object.entries(parsed.fields).filter(([key, value]) => !same(value, before[key as keyof Vehicle])),
    ) as Partial<VehicleFields>;
    if (Object.keys(changes).length === 0) {
      report.unchanged.push({ row: parsed.row, vin, id });
    } else {
      toUpdate.push({ row: parsed.row, id, fields: changes });
      report.updated.push({ row: parsed.row, vin, id });
    }
  }

  if (!options.dryRun && (toCreate.length > 0 || toUpdate.length > 0)) {
    const now = new Date();
    const by = { actor: staff.actor, accountId: staff.id, entity: "vehicle" };
    // One transaction (a rejected row is never partly applied, the valid ones all or none), paused
    // between statements like the steps above: cached pages are served meanwhile.
    await stockWriteTransaction(ctx.db, async (trx) => {
      const created: string[] = [];
      for (let i = 0; i < toCreate.length; i += WRITE_BATCH) {
        const batch = toCreate.slice(i, i + WRITE_BATCH).map((c) => c.fields);
        created.push(...(await insertVehicleRows(trx, batch, now)));
        await slice();
      }
      const changeTime = await nextChangeTime(trx, now);
      for (const { id, fields } of toUpdate) {
        await patchVehicleRow(trx, id, fields, now, changeTime);
        await slice();
      }
      await insertAuditEntries(
        trx,
        [
          ...created.map((id) => ({ ...by, action: "import-create", entityId: id })),
          ...toUpdate.map(({ id }) => ({ ...by, action: "import-update", entityId: id })),
        ],
        now,
      );
    });
  }
  return report;
}
