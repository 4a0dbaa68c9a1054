import { AlertTriangle, Download, FileText, Pencil, Plus, Search, Trash2, Upload } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { canEditVehicles, type SessionUser } from "~/shared/staff/staff-roles";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { asIsViolatesLaw } from "~/shared/lib/massachusetts-warranty";
import { VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from "~/shared/types/vehicle";
import { Button } from "~/shared/ui/staff/button";
import { DataTable, type DataColumn } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ConfirmDialog } from "~/shared/ui/staff/modal-dialog";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { staffFetch, downloadFile, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { VehicleDialog } from "./vehicle-dialog";
import { daysInStock, ImportDialog, VehicleDetailsDialog } from "./vehicle-lot-panels";

/** Case-insensitive match on make, model, year or VIN (docs/behaviour.md §2 Vehicles tab). */
export function matchesVehicleSearch(vehicle: Pick<Vehicle, "make" | "model" | "year" | "vin">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [vehicle.make, vehicle.model, String(vehicle.year), vehicle.vin].some((f) => f.toLowerCase().includes(q));
}

type StatusFilter = "" | VehicleStatus;

const vehicleName = (v: Vehicle) => `${v.year} ${v.make} ${v.model}`;

/** The staff list's filters: status, vehicles without photos, at least N days in stock. */
export function filterVehicles(
  vehicles: Vehicle[],
  filters: { query: string; status: StatusFilter; noPhotos: boolean; minDays: number },
  now = new Date(),
): Vehicle[] {
  return vehicles.filter(
    (v) =>
      matchesVehicleSearch(v, filters.query) &&
      (!filters.status || v.status === filters.status) &&
      (!filters.noPhotos || v.images.length === 0) &&
      daysInStock(v.dateInStock, now) >= filters.minDays,
  );
}

/**
 * docs/behaviour.md §2 Vehicles, plus the lot: a sortable, filterable table (cards on small screens), status, CSV, Buyers Guide.
 * Owner and sales edit it; finance sees it read-only, without edit controls (the server refuses their edits too).
 */
export function VehiclesTab({ user }: { user: SessionUser }) {
  const canEdit = canEditVehicles(user.role);
  const staff = useStaffMessages();
  const m = staff.staff;
  const t = staff.lot;
  const { data, error, reload } = useStaffData<Vehicle[]>("/api/admin/vehicles");
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("");
  const [noPhotos, setNoPhotos] = useState(false);
  const [minDays, setMinDays] = useState(0);
  const [editing, setEditing] = useState<Vehicle | "new" | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [details, setDetails] = useState<Vehicle | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const filterId = useId();
  const shown = useMemo(() => filterVehicles(data ?? [], { query, status, noPhotos, minDays }), [data, query, status, noPhotos, minDays]);

  async function confirmDelete(vehicle: Vehicle) {
    setDeleting(null);
    await runWithToast(() => staffFetch(`/api/admin/vehicles/${vehicle.id}`, { method: "DELETE" }), {
      success: { title: m.vehicles.deleted },
      failure: { title: m.common.error, description: m.vehicles.deleteFailed },
    });
    await reload();
  }

  async function changeStatus(vehicle: Vehicle, next: VehicleStatus) {
    await runWithToast(() => staffFetch(`/api/admin/vehicles/${vehicle.id}/status`, { method: "PATCH", body: { status: next } }), {
      success: { title: t.statusChanged(vehicleName(vehicle), t.statuses[next]) },
      failure: { title: m.common.error, description: t.statusFailed },
    });
    await reload();
  }

  async function exportCsv() {
    await runWithToast(() => downloadFile("/api/admin/vehicles/export.csv", `vehicles-${new Date().toISOString().slice(0, 10)}.csv`), {
      failure: { title: m.common.error, description: t.csv.exportFailed },
    });
  }

  const statusSelect = (v: Vehicle, name: string) =>
    canEdit ? (
      <select
        aria-label={t.table.statusOf(name)}
        value={v.status}
        onChange={(e) => void changeStatus(v, e.target.value as VehicleStatus)}
        className="rounded-md border border-gray-400 px-2 py-1 text-sm"
      >
        {VEHICLE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t.statuses[s]}
          </option>
        ))}
      </select>
    ) : (
      t.statuses[v.status]
    );

  const actions = (v: Vehicle, name: string) => (
    <div className="flex flex-wrap gap-2">
      {canEdit ? (
        <Button size="sm" onClick={() => setEditing(v)} aria-label={m.vehicles.editLabel(name)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {m.vehicles.edit}
        </Button>
      ) : null}
      <Button size="sm" onClick={() => setDetails(v)} aria-label={t.table.detailsLabel(name)}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {t.table.details}
      </Button>
      {canEdit ? (
        <Button size="sm" variant="danger" onClick={() => setDeleting(v)} aria-label={m.vehicles.deleteLabel(name)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      ) : null}
    </div>
  );

  const warning = (v: Vehicle) =>
    asIsViolatesLaw(v) ? <AlertTriangle aria-label={t.fields.warrantyType} role="img" className="inline h-4 w-4 text-amber-700" /> : null;

  const columns: DataColumn<Vehicle>[] = [
    {
      id: "photo",
      header: <span className="sr-only">{t.table.photo}</span>,
      label: t.table.photo,
      cell: (v) => {
        const photo = v.photos[0];
        return photo ? (
          <img
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="80px"
            width={80}
            height={60}
            alt=""
            loading="lazy"
            className="h-12 w-16 rounded object-cover"
          />
        ) : (
          // Without a photo the vehicle is not on the website (decision 054).
          <span className="inline-block rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">{t.table.needsPhotos}</span>
        );
      },
    },
    {
      id: "vehicle",
      header: t.table.vehicle,
      sortValue: vehicleName,
      cell: (v) => (
        <>
          <span className="font-semibold">{vehicleName(v)}</span> {v.trim ? <span className="text-gray-700">{v.trim}</span> : null}{" "}
          {warning(v)}
          <span className="block font-mono text-xs text-gray-700">{v.vin}</span>
        </>
      ),
    },
    { id: "stock", header: t.table.stock, sortValue: (v) => v.stockNumber ?? "", cell: (v) => v.stockNumber ?? "" },
    {
      id: "price",
      header: t.table.price,
      sortValue: (v) => v.price,
      cell: (v) => (
        <>
          {formatPrice(v.price)}
          {v.priceReducedBy ? (
            <span className="block text-xs text-green-800">{t.table.reducedBy(formatPrice(v.priceReducedBy))}</span>
          ) : null}
        </>
      ),
    },
    { id: "mileage", header: t.table.mileage, sortValue: (v) => v.mileage, cell: (v) => m.vehicles.miles(formatNumber(v.mileage)) },
    {
      id: "status",
      header: t.table.status,
      sortValue: (v) => VEHICLE_STATUSES.indexOf(v.status),
      cell: (v) => statusSelect(v, vehicleName(v)),
    },
    { id: "days", header: t.table.daysInStock, sortValue: (v) => daysInStock(v.dateInStock), cell: (v) => daysInStock(v.dateInStock) },
    { id: "actions", header: t.table.actions, cell: (v) => actions(v, vehicleName(v)) },
  ];

  // Phones get a card with the cover photo large: what staff check on the lot is the car itself.
  const phoneCard = (v: Vehicle) => {
    const name = vehicleName(v);
    const photo = v.photos[0];
    return (
      <>
        {photo ? (
          <img
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="(min-width: 640px) 50vw, 100vw"
            width={photo.width}
            height={photo.height}
            alt={name}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
        ) : (
          // The same marker as the table's: without a photo the vehicle is not on the website (decision 054).
          <div className="flex aspect-[4/3] items-center justify-center bg-amber-50">
            <span className="rounded bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-900">{t.table.needsPhotos}</span>
          </div>
        )}
        <div className="p-4">
          <h3 className="text-lg font-semibold">
            {name} {warning(v)}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-800">
            <dt className="font-medium">{m.vehicles.vin}</dt>
            <dd className="font-mono">{v.vin}</dd>
            <dt className="font-medium">{t.table.stock}</dt>
            <dd>{v.stockNumber ?? ""}</dd>
            <dt className="font-medium">{m.vehicles.price}</dt>
            <dd>{formatPrice(v.price)}</dd>
            <dt className="font-medium">{m.vehicles.mileage}</dt>
            <dd>{m.vehicles.miles(formatNumber(v.mileage))}</dd>
            <dt className="font-medium">{t.table.daysInStock}</dt>
            <dd>{daysInStock(v.dateInStock)}</dd>
          </dl>
          <div className="mt-3">{statusSelect(v, name)}</div>
          <div className="mt-3">{actions(v, name)}</div>
        </div>
      </>
    );
  };

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-md">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-600" />
          <input
            type="search"
            aria-label={m.vehicles.searchLabel}
            placeholder={m.vehicles.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="w-full rounded-md border border-gray-400 py-2 pl-9 pr-3 focus:outline-2 focus:outline-red-700"
          />
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t.csv.import}
            </Button>
            <Button onClick={() => void exportCsv()}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t.csv.export}
            </Button>
            <Button variant="primary" onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {m.vehicles.add}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${filterId}-status`} className="block text-sm font-medium">
            {t.filters.status}
          </label>
          <select
            id={`${filterId}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            className="mt-1 rounded-md border border-gray-400 px-2 py-2"
          >
            <option value="">{t.filters.allStatuses}</option>
            {VEHICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${filterId}-days`} className="block text-sm font-medium">
            {t.filters.minDays}
          </label>
          <input
            id={`${filterId}-days`}
            type="number"
            min={0}
            value={minDays}
            onChange={(e) => setMinDays(Math.max(0, Number(e.target.value) || 0))}
            className="mt-1 w-28 rounded-md border border-gray-400 px-2 py-2"
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium">
          <input type="checkbox" checked={noPhotos} onChange={(e) => setNoPhotos(e.target.checked)} className="h-4 w-4" />
          {t.filters.noPhotosOnly}
        </label>
      </div>
      {notice ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 font-medium text-amber-900">
          {notice}
        </p>
      ) : null}
      {error ? <LoadFailed onRetry={reload} /> : null}
      {data === null && !error ? <p className="mt-6 text-gray-700">{m.common.loading}</p> : null}
      {data !== null ? (
        <p className="mt-4 text-sm text-gray-700" aria-live="polite">
          {t.filters.showing(shown.length, data.length)}
        </p>
      ) : null}

      {data !== null ? (
        <DataTable<Vehicle>
          caption={t.table.caption}
          testId="vehicles-table"
          rows={shown}
          rowKey={(v) => v.id}
          columns={columns}
          empty={<p className="mt-10 text-center text-gray-700">{m.vehicles.empty}</p>}
          phoneCard={phoneCard}
        />
      ) : null}
      {editing ? (
        <VehicleDialog
          vehicle={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      ) : null}
      {details ? <VehicleDetailsDialog vehicle={details} onClose={() => setDetails(null)} /> : null}
      {importing ? (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={async (created) => {
            setImporting(false);
            // New vehicles arrive without photos: show which still need them.
            if (created > 0) {
              setNoPhotos(true);
              setNotice(t.csv.needPhotos);
            }
            await reload();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={m.common.delete}
          text={m.vehicles.confirmDelete}
          confirmLabel={m.common.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      ) : null}
    </div>
  );
}
