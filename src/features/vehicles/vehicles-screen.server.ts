import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import type { FormLimits } from "~/server/http/form-post.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import type { Staff } from "~/server/http/staff-request.server";
import { FIX_FIELDS, formFields, parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { asIsViolatesLaw } from "~/shared/lib/massachusetts-warranty";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { canEditVehicles } from "~/shared/staff/staff-roles";
import { VEHICLE_STATUSES, type Vehicle } from "~/shared/types/vehicle";
import type { SortState } from "~/shared/ui/staff/data-table";
import { uuidField } from "~/shared/validation/fields";
import { CsvFileError, importVehiclesCsv, type ImportReport } from "./vehicle-csv.server";
import { changeVehicleStatus, findVehicleForStaff, listVehiclePageForStaff, removeVehicle } from "./vehicle-editing.server";
import { vehicleStatusSchema } from "./vehicle-schema";
import {
  daysInStock,
  VEHICLE_FILTER_NAMES,
  VEHICLE_LIST_PAGE,
  VEHICLE_SORT_COLUMNS,
  vehicleListQuery,
  type VehicleFilterValues,
  type VehicleRow,
} from "./vehicles-screen-form";

const MB = 1024 * 1024;
/** The most a CSV file may be (the API's import takes the same: docs/behaviour.md §9). */
export const CSV_FILE_MAX_BYTES = 10 * MB;
/**
 * A post to the list: a CSV file for the dry run (multipart), or the same file again as base64 in the
 * confirming form (4/3 of it), plus a few short fields.
 */
export const VEHICLES_FORM_MAX_BYTES = 15 * MB;
export const VEHICLES_FORM_LIMITS: FormLimits = {
  maxBytes: VEHICLES_FORM_MAX_BYTES,
  maxFields: 20,
  // The confirming form's file, as base64.
  maxFieldBytes: Math.ceil((CSV_FILE_MAX_BYTES * 4) / 3) + 4,
  maxFiles: 1,
  maxFileBytes: CSV_FILE_MAX_BYTES,
};

const isUuid = (id: string) => uuidField().safeParse(id).success;
const t = () => staffMessagesFor().lot;

/** The list's query string (docs/behaviour.md §2): every filter optional, an empty value as absent. */
function listQuerySchema() {
  const e = t().filters.errors;
  return z.object({
    q: z.string({ error: e.q }).trim().max(100, e.q).optional(),
    status: z.enum(VEHICLE_STATUSES, { error: e.status }).optional(),
    noPhotos: z.literal("1", { error: e.noPhotos }).optional(),
    minDays: z
      .string({ error: e.minDays })
      .regex(/^\d{1,6}$/, e.minDays)
      .transform(Number)
      .optional(),
    sort: z.enum(VEHICLE_SORT_COLUMNS, { error: e.sort }).optional(),
    dir: z.enum(["asc", "desc"], { error: e.dir }).optional(),
    page: z
      .string({ error: e.page })
      .regex(/^[1-9]\d{0,5}$/, e.page)
      .transform(Number)
      .optional(),
  });
}

export type VehiclesScreenData = {
  filters: VehicleFilterValues;
  /** The filters' field messages (an address typed by hand); the list is then empty. */
  filterErrors: Record<string, string> | null;
  rows: VehicleRow[];
  /** Vehicles that match the filters, and in the whole lot. */
  matching: number;
  total: number;
  page: number;
  pages: number;
  sort: SortState | null;
  canEdit: boolean;
  /** The vehicle `?delete=` asks about, for the confirmation step. */
  confirmDelete: { id: string; name: string } | null;
  /** `?import=1`: the CSV import's panel is open. */
  importOpen: boolean;
};

/** A vehicle as one row of the list, its days in stock counted to the dealership's `today`. */
export function vehicleRow(v: Vehicle, today: string): VehicleRow {
  return {
    id: v.id,
    name: staffVehicleName(v),
    trim: v.trim,
    vin: v.vin,
    stockNumber: v.stockNumber,
    price: v.price,
    priceReducedBy: v.priceReducedBy,
    mileage: v.mileage,
    status: v.status,
    daysInStock: daysInStock(v.dateInStock, today),
    photo: v.photos[0] ?? null,
    asIsViolation: asIsViolatesLaw(v),
  };
}

/**
 * /podium/vehicles (docs/behaviour.md §2 Staff app): the lot (GET /api/admin/vehicles's use case)
 * filtered, sorted and paged as the address says, so Back, reload and a shared link show the same list.
 */
export async function vehiclesScreen(ctx: AppContext, staff: Staff, url: URL, now = new Date()): Promise<VehiclesScreenData> {
  const params = url.searchParams;
  const filters: VehicleFilterValues = {};
  for (const name of VEHICLE_FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value.slice(0, 200);
  }
  const parsed = listQuerySchema().safeParse(filters);
  const today = dealerToday(now);
  const query = parsed.success ? parsed.data : null;
  const sort: SortState | null = query?.sort ? { column: query.sort, direction: query.dir === "desc" ? "descending" : "ascending" } : null;
  // The database filters, counts, orders and pages (decision 128): a request reads one page of the lot.
  const list = await listVehiclePageForStaff(ctx, {
    filter: query
      ? {
          q: query.q,
          status: query.status,
          noPhotos: query.noPhotos === "1",
          inStockOnOrBefore: query.minDays ? addDays(today, -query.minDays) : undefined,
        }
      : null,
    order: query?.sort ? { by: query.sort, direction: query.dir === "desc" ? "desc" : "asc" } : null,
    page: query?.page ?? 1,
    pageSize: VEHICLE_LIST_PAGE,
    today,
  });
  const canEdit = canEditVehicles(staff.role);
  const deleting = params.get("delete") ?? "";
  const asked = canEdit && isUuid(deleting) ? await findVehicleForStaff(ctx, deleting) : null;
  return {
    filters,
    filterErrors: parsed.success ? null : fieldErrorsOf(parsed.error),
    rows: list.vehicles.map((v) => vehicleRow(v, today)),
    matching: list.matching,
    total: list.total,
    page: list.page,
    pages: Math.max(1, Math.ceil(list.matching / VEHICLE_LIST_PAGE)),
    sort,
    canEdit,
    confirmDelete: asked ? { id: asked.id, name: staffVehicleName(asked) } : null,
    importOpen: params.get("import") === "1",
  };
}

/** The dry run's answer: the report, and the file (base64) the confirming form posts back. */
export type VehicleImportPreview = { ok: true; intent: "import"; report: ImportReport; csv: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The posted file's bytes (the "csv" file input), or null when none was chosen. */
async function postedFile(form: FormData, name: string): Promise<Buffer | null> {
  const file = form.get(name);
  if (!file || typeof file === "string" || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

/** The list's address without its confirmation step (`?delete=`) or import panel (`?import=1`). */
function listAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("delete");
  params.delete("index");
  params.delete("import");
  const query = params.toString();
  // React Router's post (with JavaScript) goes to /podium/vehicles.data: the page is /podium/vehicles.
  return `${url.pathname.replace(/\.data$/, "")}${query ? `?${query}` : ""}`;
}

export const VEHICLES_INTENTS = ["status", "delete", "import-preview", "import"] as const;

/**
 * The list's posts, each through its JSON API twin's schema and use case: a row's status (PATCH
 * /api/admin/vehicles/{id}/status), delete after the confirmation step (DELETE /api/admin/vehicles/{id}),
 * and the CSV import: the dry run of a chosen file, then the import of the same bytes (POST
 * /api/admin/vehicles/import?dryRun=…). Owners and sales only, as the API (finance reads the lot).
 */
export async function vehiclesScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const m = staffMessagesFor();
  const lot = m.lot;
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  const id = fields.id ?? "";
  if (!canEditVehicles(staff.role)) return staffFormFailure(403, lot.forbidden);
  const url = new URL(request.url);
  switch (intent) {
    case "status": {
      const key = `status:${id}`;
      const parsed = parseStaffForm(vehicleStatusSchema, { status: fields.status }, key);
      if (!parsed.ok) return parsed.failure;
      const vehicle = isUuid(id) ? await findVehicleForStaff(ctx, id) : null;
      if (!vehicle || !(await changeVehicleStatus(ctx, staff, id, parsed.data.status)))
        return staffFormFailure(404, "Not found", { intent: key });
      return staffFormSuccess(ctx, request, {
        intent: key,
        toast: lot.statusChanged(staffVehicleName(vehicle), lot.statuses[parsed.data.status]),
      });
    }
    case "delete": {
      if (!isUuid(id) || !(await removeVehicle(ctx, staff, id))) return staffFormFailure(404, "Not found", { intent: "delete" });
      return staffFormSuccess(ctx, request, { intent: "delete", toast: m.staff.vehicles.deleted, moveTo: listAddress(url) });
    }
    case "import-preview": {
      const bytes = await postedFile(form, "csv");
      if (!bytes) return staffFormFailure(400, FIX_FIELDS, { intent: "import", fieldErrors: { csv: lot.csv.chooseFile } });
      try {
        const report = await importVehiclesCsv(ctx, staff, bytes, { dryRun: true });
        return { ok: true, intent: "import", report, csv: bytes.toString("base64") } satisfies VehicleImportPreview;
      } catch (error) {
        if (error instanceof CsvFileError)
          return staffFormFailure(400, error.message, { intent: "import", fieldErrors: { csv: error.message } });
        throw error;
      }
    }
    case "import": {
      const data = fields.csvData ?? "";
      if (!data || !BASE64.test(data)) return staffFormFailure(400, lot.csv.notFromPreview, { intent: "import" });
      let report: ImportReport;
      try {
        report = await importVehiclesCsv(ctx, staff, Buffer.from(data, "base64"), { dryRun: false });
      } catch (error) {
        if (error instanceof CsvFileError) return staffFormFailure(400, error.message, { intent: "import" });
        throw error;
      }
      const created = report.created.length;
      // New vehicles arrive without photos: the list then shows which still need them.
      return staffFormSuccess(ctx, request, {
        intent: "import",
        toast: created > 0 ? lot.csv.doneNeedPhotos(created, report.updated.length) : lot.csv.done(created, report.updated.length),
        redirectTo: created > 0 ? `/podium/vehicles?${vehicleListQuery({}, { noPhotos: "1" })}` : listAddress(url),
      });
    }
    default:
      return staffFormFailure(400, FIX_FIELDS, { intent });
  }
}
