import { AlertTriangle, ArrowDown, ArrowUp, Download, FileUp, Plus, Search, Trash2, Upload } from "lucide-react";
import { Form, Link, useActionData, useSubmit } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { VEHICLE_STATUSES } from "~/shared/types/vehicle";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { ConfirmStep } from "~/shared/ui/staff/confirm-step";
import { DataTable, type SortState } from "~/shared/ui/staff/data-table";
import { FormError, NumberField, SelectField, TextField } from "~/shared/ui/staff/staff-field";
import { StaffIcon } from "~/shared/ui/staff/staff-icons";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { ImportReport } from "./vehicle-csv.server";
import {
  VEHICLE_LIST_PAGE,
  VEHICLE_SORT_COLUMNS,
  vehicleListQuery,
  type VehicleRow,
  type VehicleSaves,
  type VehicleSortColumn,
} from "./vehicles-screen-form";
import "./lot-list.css";
import type { VehicleImportPreview, VehiclesScreenData } from "./vehicles-screen.server";

/** A vehicle's own page: its form, photos, price history and documents. */
export const vehiclePagePath = (id: string) => `/podium/vehicles/${encodeURIComponent(id)}`;

/**
 * /podium/vehicles (docs/behaviour.md §2 Staff app, §14): the lot, filtered, sorted and paged by the
 * address (GET forms and links: Back, reload and a shared link show the same list), a row's status
 * changed through the route's action, delete after a confirmation that lives in the address
 * (`?delete=`), and the CSV import as a preview then a confirmation (`?import=1`). Finance sees it read-only.
 */
export function VehiclesScreen({ data, saves }: { data: VehiclesScreenData; saves: VehicleSaves }) {
  const messages = useStaffMessages();
  const m = messages.staff;
  const t = messages.lot;
  const submit = useSubmit();
  const err = data.filterErrors ?? {};
  const href = (changes: Parameters<typeof vehicleListQuery>[1]) => {
    const query = vehicleListQuery(data.filters, changes).toString();
    return query ? `?${query}` : "?";
  };
  const from = data.matching === 0 ? 0 : (data.page - 1) * VEHICLE_LIST_PAGE + 1;
  const to = (data.page - 1) * VEHICLE_LIST_PAGE + data.rows.length;

  const a = messages.alerts;
  const saved = (v: VehicleRow) => {
    const count = saves[v.id];
    return count ? a.savesCell(count.savedOnDevices, count.alertSubscribers) : "0";
  };

  /**
   * One list item a vehicle (decision 132): on a phone a card with the cover photo large (what staff check
   * on the lot is the car itself), on a large screen a row of the same facts with a thumbnail. Each vehicle's
   * markup once, styled by lot-list.css.
   */
  const vehicleItem = (v: VehicleRow) => (
    <li key={v.id} className="lot-item" data-status={v.status}>
      {v.photo ? (
        <img
          src={v.photo.src}
          srcSet={v.photo.srcSet}
          sizes="(min-width: 768px) 96px, (min-width: 640px) 50vw, 100vw"
          width={v.photo.width}
          height={v.photo.height}
          alt={v.name}
          loading="lazy"
          className="lot-photo"
        />
      ) : (
        <div className="lot-photo">
          <span className="lot-needs-photos">{t.table.needsPhotos}</span>
        </div>
      )}
      <div className="lot-body">
        <h3>
          <Link to={vehiclePagePath(v.id)}>{v.name}</Link>
          {v.trim ? <span className="lot-trim"> {v.trim}</span> : null}
          {v.asIsViolation ? (
            <>
              {" "}
              <AlertTriangle aria-label={t.fields.warrantyType} role="img" className="inline h-4 w-4 text-amber-700" />
            </>
          ) : null}
        </h3>
        <dl>
          <dt>{m.vehicles.vin}</dt>
          <dd className="lot-vin">{v.vin}</dd>
          <dt>{t.table.stock}</dt>
          <dd>{v.stockNumber ?? ""}</dd>
          <dt>{m.vehicles.price}</dt>
          <dd>
            {formatPrice(v.price)}
            {v.priceReducedBy ? <span className="lot-reduced"> {t.table.reducedBy(formatPrice(v.priceReducedBy))}</span> : null}
          </dd>
          <dt>{m.vehicles.mileage}</dt>
          <dd>{m.vehicles.miles(formatNumber(v.mileage))}</dd>
          <dt>{t.table.daysInStock}</dt>
          <dd>{v.daysInStock}</dd>
          <dt>{a.savesColumn}</dt>
          <dd data-testid="vehicle-saves">{saved(v)}</dd>
          {data.canEdit ? null : (
            <>
              <dt>{t.table.status}</dt>
              <dd>{t.statuses[v.status]}</dd>
            </>
          )}
        </dl>
        <div className="lot-controls">
          {data.canEdit ? <StatusForm vehicle={v} /> : null}
          <Link to={vehiclePagePath(v.id)} className={buttonClass("secondary", "sm", "min-h-11")} aria-label={m.vehicles.editLabel(v.name)}>
            <StaffIcon name="pencil" className="h-4 w-4" />
            {data.canEdit ? m.vehicles.edit : t.table.details}
          </Link>
          {data.canEdit ? (
            <Link
              to={href({ delete: v.id })}
              preventScrollReset
              className={buttonClass("danger", "sm", "min-h-11")}
              aria-label={m.vehicles.deleteLabel(v.name)}
            >
              <StaffIcon name="trash" className="h-4 w-4" />
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.shell.screens.vehicles}</h1>
        {data.canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Link to={href({ import: "1" })} preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t.csv.import}
            </Link>
            <a href="/api/admin/vehicles/export.csv" download className={buttonClass("secondary", "md", "min-h-11")}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t.csv.export}
            </a>
            <Link to="/podium/vehicles/new" className={buttonClass("primary", "md", "min-h-11")}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {m.vehicles.add}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-gray-700">{t.readOnly}</p>
        )}
      </div>
      {data.canEdit && data.importOpen ? <ImportPanel cancel={href({ import: null })} /> : null}
      <Form
        // Drawn again for each address, so the fields show the filters it holds after Back or a redirect.
        key={vehicleListQuery(data.filters).toString()}
        method="get"
        aria-label={t.filters.label}
        className="space-y-3 rounded-lg border border-gray-200 bg-white p-3"
        // With JavaScript a changed list or box filters at once; the text fields wait for the button.
        onChange={(e) => {
          if (e.target instanceof HTMLSelectElement || (e.target instanceof HTMLInputElement && e.target.type === "checkbox"))
            void submit(e.currentTarget, { replace: true, preventScrollReset: true });
        }}
      >
        {data.filters.sort ? <input type="hidden" name="sort" value={data.filters.sort} /> : null}
        {data.filters.dir ? <input type="hidden" name="dir" value={data.filters.dir} /> : null}
        <div className="flex items-end gap-2">
          <div className="relative min-w-0 flex-1">
            <TextField
              name="q"
              type="search"
              label={m.vehicles.searchLabel}
              placeholder={m.vehicles.searchPlaceholder}
              maxLength={100}
              defaultValue={data.filters.q ?? ""}
              error={err.q}
            />
            <Search aria-hidden="true" className="pointer-events-none absolute right-3 top-9 h-4 w-4 text-gray-600" />
          </div>
          <Button type="submit" variant="primary" className="min-h-11">
            {t.filters.apply}
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <SelectField
            name="status"
            label={t.filters.status}
            defaultValue={data.filters.status ?? ""}
            error={err.status}
            options={[["", t.filters.allStatuses], ...VEHICLE_STATUSES.map((s) => [s, t.statuses[s]] as const)]}
          />
          <NumberField
            name="minDays"
            label={t.filters.minDays}
            inputMode="numeric"
            defaultValue={data.filters.minDays ?? ""}
            error={err.minDays}
            className="w-40"
          />
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="noPhotos" value="1" defaultChecked={data.filters.noPhotos === "1"} className="h-6 w-6" />
            {t.filters.noPhotosOnly}
          </label>
        </div>
        {err.sort || err.dir || err.page || err.noPhotos ? (
          <p className="text-sm font-medium text-red-800">{err.sort ?? err.dir ?? err.page ?? err.noPhotos}</p>
        ) : null}
      </Form>
      <p className="text-sm text-gray-700" role="status">
        {data.pages > 1 ? t.filters.showingPage(from, to, data.matching, data.total) : t.filters.showing(data.matching, data.total)}
      </p>
      <LotOrder sort={data.sort} caption={t.table.caption} href={(column, dir) => href({ sort: column, dir, page: null })} />
      {data.rows.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">{m.vehicles.empty}</p>
      ) : (
        <ul aria-label={t.table.caption} className="lot-list" data-testid="vehicles-list">
          {data.rows.map(vehicleItem)}
        </ul>
      )}
      {data.pages > 1 ? (
        <nav aria-label={t.filters.pages} className="flex flex-wrap gap-3">
          {data.page > 1 ? (
            <Link to={href({ page: String(data.page - 1) })} className={buttonClass("secondary", "md", "min-h-11")}>
              {t.filters.previous}
            </Link>
          ) : null}
          {data.page < data.pages ? (
            <Link to={href({ page: String(data.page + 1) })} className={buttonClass("secondary", "md", "min-h-11")}>
              {t.filters.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {data.confirmDelete ? <DeleteStep vehicle={data.confirmDelete} cancel={vehicleListQuery(data.filters)} /> : null}
    </div>
  );
}

/**
 * The list's orders (the database sorts, decision 128): "Sort by" and a link per sortable column to the
 * list in that order, the current one marked and saying its direction; the address holds it, so it works
 * without JavaScript and survives Back and reload. The same on a phone and a large screen (decision 132).
 */
function LotOrder({
  sort,
  caption,
  href,
}: {
  sort: SortState | null;
  caption: string;
  href: (column: VehicleSortColumn, dir: "asc" | "desc") => string;
}) {
  const messages = useStaffMessages();
  const common = messages.staff.common;
  const table = messages.lot.table;
  const names: Record<VehicleSortColumn, string> = {
    vehicle: table.vehicle,
    stock: table.stock,
    price: table.price,
    mileage: table.mileage,
    status: table.status,
    days: table.daysInStock,
  };
  return (
    <div role="group" aria-label={common.sortOrderOf(caption)} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-gray-800">{common.sortBy}</span>
      {VEHICLE_SORT_COLUMNS.map((column) => {
        const sorted = sort?.column === column ? sort.direction : undefined;
        return (
          <Link
            key={column}
            to={href(column, sorted === "ascending" ? "desc" : "asc")}
            preventScrollReset
            aria-current={sorted ? "true" : undefined}
            className={`inline-flex min-h-11 items-center gap-1 rounded-md border px-3 focus-visible:outline-2 focus-visible:outline-red-700 ${
              sorted ? "border-gray-900 bg-gray-900 font-semibold text-white" : "border-gray-500 bg-white text-gray-900"
            }`}
          >
            {names[column]}
            {sorted === "ascending" ? <ArrowUp aria-hidden="true" className="h-3 w-3" /> : null}
            {sorted === "descending" ? <ArrowDown aria-hidden="true" className="h-3 w-3" /> : null}
            {sorted ? <span className="sr-only">{sorted === "ascending" ? common.sortedAscending : common.sortedDescending}</span> : null}
          </Link>
        );
      })}
    </div>
  );
}

/** A row's status: posted at once with JavaScript, with a Save button without it. */
function StatusForm({ vehicle }: { vehicle: VehicleRow }) {
  const messages = useStaffMessages();
  const t = messages.lot;
  const form = useStaffForm(`status:${vehicle.id}`, { resetOnSuccess: false });
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <StaffForm form={form} preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={vehicle.id} />
      <select
        name="status"
        aria-label={t.table.statusOf(vehicle.name)}
        key={vehicle.status}
        defaultValue={vehicle.status}
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
        className="lot-status"
      >
        {VEHICLE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t.statuses[s]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" size="sm">
          {messages.staff.shell.saveNoScript}
        </Button>
      )}
      {form.error ? <p className="w-full text-sm font-medium text-red-800">{form.error}</p> : null}
    </StaffForm>
  );
}

function DeleteStep({ vehicle, cancel }: { vehicle: { id: string; name: string }; cancel: URLSearchParams }) {
  const m = useStaffMessages().staff;
  const form = useStaffForm("delete", { resetOnSuccess: false });
  const params = new URLSearchParams(cancel);
  params.delete("delete");
  return (
    <ConfirmStep
      title={m.vehicles.deleteLabel(vehicle.name)}
      text={m.vehicles.confirmDelete}
      cancel={{ pathname: "/podium/vehicles", params }}
    >
      <StaffForm form={form} preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={vehicle.id} />
        <Button type="submit" variant="danger" disabled={form.busy}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {m.common.delete}
        </Button>
        <FormError>{form.error}</FormError>
      </StaffForm>
    </ConfirmStep>
  );
}

/**
 * The CSV import: choose the file and Preview (with JavaScript the preview comes as soon as it is chosen);
 * the dry run's report; then Import, which posts the same bytes back (nothing is imported before).
 */
function ImportPanel({ cancel }: { cancel: string }) {
  const messages = useStaffMessages();
  const c = messages.lot.csv;
  const preview = useStaffForm("import-preview", { resetOnSuccess: false });
  const confirm = useStaffForm("import", { resetOnSuccess: false });
  const answer = useActionData() as
    VehicleImportPreview | { ok: false; intent?: string; error: string; fieldErrors?: Record<string, string> } | undefined;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const report = answer?.ok && answer.intent === "import" && "report" in answer ? answer : null;
  const refused = answer && !answer.ok && answer.intent === "import" ? answer : null;
  const applicable = report ? report.report.created.length + report.report.updated.length : 0;
  return (
    <section aria-labelledby="vehicle-import" className="rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="vehicle-import" className="text-lg font-semibold">
        {c.title}
      </h2>
      <p className="mt-1 text-sm text-gray-800">{c.help}</p>
      <StaffForm form={preview} encType="multipart/form-data" className="mt-3 space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="import-preview" />
        <label htmlFor="vehicle-import-file" className="block text-sm font-medium">
          {c.file}
        </label>
        <input
          id="vehicle-import-file"
          type="file"
          name="csv"
          accept=".csv,text/csv"
          aria-invalid={refused?.fieldErrors?.csv ? true : undefined}
          aria-describedby={refused?.fieldErrors?.csv ? "vehicle-import-file-error" : "vehicle-import-file-hint"}
          onChange={(e) => {
            if (e.currentTarget.files?.length) void submit(e.currentTarget.form, { preventScrollReset: true });
          }}
          className="block w-full text-sm"
        />
        {refused?.fieldErrors?.csv ? (
          <p id="vehicle-import-file-error" className="text-sm font-medium text-red-800">
            {refused.fieldErrors.csv}
          </p>
        ) : (
          <p id="vehicle-import-file-hint" className="text-sm text-gray-700">
            {c.previewNoScript}
          </p>
        )}
        {hydrated ? null : <Button type="submit">{c.preview}</Button>}
        {preview.busy ? <p aria-live="polite">{c.previewing}</p> : null}
      </StaffForm>
      {refused && !refused.fieldErrors ? <p className="mt-2 font-medium text-red-800">{refused.error}</p> : null}
      {report ? <ImportReportView report={report.report} /> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Link to={cancel} preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
          {messages.staff.common.cancel}
        </Link>
        {report ? (
          <StaffForm form={confirm} preventScrollReset>
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="csvData" value={report.csv} />
            <Button type="submit" variant="primary" disabled={applicable === 0 || confirm.busy} className="min-h-11">
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {confirm.busy ? c.importing : c.confirm(applicable)}
            </Button>
          </StaffForm>
        ) : null}
      </div>
    </section>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const c = useStaffMessages().lot.csv;
  return (
    <div data-testid="import-preview" className="mt-4">
      <p className="font-semibold">
        {c.summary(report.created.length, report.updated.length, report.unchanged.length, report.rejected.length)}
      </p>
      {report.rejected.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">{c.rejectedTitle}</h3>
          <DataTable<ImportReport["rejected"][number]>
            caption={c.rejectedTitle}
            phoneLayout="table"
            className="mt-1"
            rows={report.rejected}
            rowKey={(r) => r.row}
            empty={null}
            columns={[
              { id: "row", header: c.row, cell: (r) => r.row },
              { id: "vin", header: "VIN", cell: (r) => r.vin ?? "", cellClassName: "font-mono" },
              {
                id: "problems",
                header: c.problems,
                cell: (r) => r.problems.map((p) => `${p.column}: ${p.message}`).join("; "),
                cellClassName: "min-w-48",
              },
            ]}
          />
        </>
      ) : null}
      {report.warnings.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">{c.warningsTitle}</h3>
          <DataTable<ImportReport["warnings"][number]>
            caption={c.warningsTitle}
            phoneLayout="table"
            className="mt-1"
            rows={report.warnings}
            rowKey={(w) => `${w.row}-${w.column}`}
            empty={null}
            columns={[
              { id: "row", header: c.row, cell: (w) => w.row },
              { id: "vin", header: "VIN", cell: (w) => w.vin ?? "", cellClassName: "font-mono" },
              { id: "column", header: c.column, cell: (w) => w.column },
              { id: "warning", header: c.warning, cell: (w) => w.message, cellClassName: "min-w-48" },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
