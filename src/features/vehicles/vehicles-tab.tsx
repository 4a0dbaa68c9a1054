import { AlertTriangle, ArrowDown, ArrowUp, Download, FileText, Pencil, Plus, Search, Trash2, Upload } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { canEditVehicles, type SessionUser } from "~/shared/staff/staff-roles";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { asIsViolatesLaw } from "~/shared/lib/massachusetts-warranty";
import { VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from "~/shared/types/vehicle";
import { type ColumnHeading, ColumnHeadings } from "~/shared/ui/staff/column-headings";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ConfirmDialog } from "~/shared/ui/staff/modal-dialog";
import { adminFetch, downloadFile, useAdminData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { VehicleDialog } from "./vehicle-dialog";
import { daysInStock, ImportDialog, VehicleDetailsDialog } from "./vehicle-lot-panels";

/** Case-insensitive match on make, model, year or VIN (docs/behaviour.md §2 Vehicles tab). */
export function matchesVehicleSearch(vehicle: Pick<Vehicle, "make" | "model" | "year" | "vin">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [vehicle.make, vehicle.model, String(vehicle.year), vehicle.vin].some((f) => f.toLowerCase().includes(q));
}

type SortKey = "vehicle" | "stock" | "price" | "mileage" | "status" | "days";
type StatusFilter = "" | VehicleStatus;

const SORTERS: Record<SortKey, (a: Vehicle, b: Vehicle) => number> = {
  vehicle: (a, b) => `${a.year} ${a.make} ${a.model}`.localeCompare(`${b.year} ${b.make} ${b.model}`),
  stock: (a, b) => (a.stockNumber ?? "").localeCompare(b.stockNumber ?? "", undefined, { numeric: true }),
  price: (a, b) => a.price - b.price,
  mileage: (a, b) => a.mileage - b.mileage,
  status: (a, b) => VEHICLE_STATUSES.indexOf(a.status) - VEHICLE_STATUSES.indexOf(b.status),
  days: (a, b) => daysInStock(a.dateInStock) - daysInStock(b.dateInStock),
};

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
  const m = staff.admin;
  const t = staff.lot;
  const { data, error, reload } = useAdminData<Vehicle[]>("/api/admin/vehicles");
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("");
  const [noPhotos, setNoPhotos] = useState(false);
  const [minDays, setMinDays] = useState(0);
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean } | null>(null);
  const [editing, setEditing] = useState<Vehicle | "new" | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [details, setDetails] = useState<Vehicle | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const filterId = useId();
  const shown = useMemo(() => {
    const list = filterVehicles(data ?? [], { query, status, noPhotos, minDays });
    if (!sort) return list;
    const sorter = SORTERS[sort.key];
    return [...list].sort((a, b) => (sort.ascending ? sorter(a, b) : sorter(b, a)));
  }, [data, query, status, noPhotos, minDays, sort]);

  async function confirmDelete(vehicle: Vehicle) {
    setDeleting(null);
    try {
      await adminFetch(`/api/admin/vehicles/${vehicle.id}`, { method: "DELETE" });
      toast({ title: m.vehicles.deleted });
    } catch {
      toast({ title: m.common.error, description: m.vehicles.deleteFailed, variant: "destructive" });
    }
    await reload();
  }

  async function changeStatus(vehicle: Vehicle, next: VehicleStatus) {
    const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
    try {
      await adminFetch(`/api/admin/vehicles/${vehicle.id}/status`, { method: "PATCH", body: { status: next } });
      toast({ title: t.statusChanged(name, t.statuses[next]) });
    } catch {
      toast({ title: m.common.error, description: t.statusFailed, variant: "destructive" });
    }
    await reload();
  }

  async function exportCsv() {
    try {
      await downloadFile("/api/admin/vehicles/export.csv", `vehicles-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      toast({ title: m.common.error, description: t.csv.exportFailed, variant: "destructive" });
    }
  }

  const sortHeading = (key: SortKey, label: string): ColumnHeading => {
    const active = sort?.key === key;
    return {
      sort: active ? (sort.ascending ? "ascending" : "descending") : "none",
      label: (
        <button
          type="button"
          onClick={() => setSort({ key, ascending: active ? !sort.ascending : true })}
          className="inline-flex items-center gap-1 font-semibold hover:underline"
        >
          {label}
          {active ? (
            sort.ascending ? (
              <ArrowUp aria-hidden="true" className="h-3 w-3" />
            ) : (
              <ArrowDown aria-hidden="true" className="h-3 w-3" />
            )
          ) : null}
        </button>
      ),
    };
  };

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
        <button
          type="button"
          onClick={() => setEditing(v)}
          aria-label={m.vehicles.editLabel(name)}
          className="inline-flex items-center justify-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 font-medium hover:bg-gray-50"
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {m.vehicles.edit}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => setDetails(v)}
        aria-label={t.table.detailsLabel(name)}
        className="inline-flex items-center justify-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 font-medium hover:bg-gray-50"
      >
        <FileText aria-hidden="true" className="h-4 w-4" />
        {t.table.details}
      </button>
      {canEdit ? (
        <button
          type="button"
          onClick={() => setDeleting(v)}
          aria-label={m.vehicles.deleteLabel(name)}
          className="inline-flex items-center justify-center rounded-md border border-red-300 px-3 py-1.5 text-red-800 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );

  const warning = (v: Vehicle) =>
    asIsViolatesLaw(v) ? <AlertTriangle aria-label={t.fields.warrantyType} role="img" className="inline h-4 w-4 text-amber-700" /> : null;

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
            <button
              type="button"
              onClick={() => setImporting(true)}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-gray-400 px-4 py-2 font-semibold hover:bg-gray-50"
            >
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t.csv.import}
            </button>
            <button
              type="button"
              onClick={() => void exportCsv()}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-gray-400 px-4 py-2 font-semibold hover:bg-gray-50"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {t.csv.export}
            </button>
            <button
              type="button"
              onClick={() => setEditing("new")}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              {m.vehicles.add}
            </button>
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
      {data !== null && shown.length === 0 ? <p className="mt-10 text-center text-gray-700">{m.vehicles.empty}</p> : null}

      {/* Large screens: a sortable table. */}
      {shown.length > 0 ? (
        <div className="mt-4 hidden overflow-x-auto md:block">
          <table className="w-full text-left text-sm" data-testid="vehicles-table">
            <caption className="sr-only">{t.table.caption}</caption>
            <ColumnHeadings
              className="border-b border-gray-300 bg-gray-50"
              cellClassName="px-3 py-2"
              columns={[
                <span className="sr-only">{t.table.photo}</span>,
                sortHeading("vehicle", t.table.vehicle),
                sortHeading("stock", t.table.stock),
                sortHeading("price", t.table.price),
                sortHeading("mileage", t.table.mileage),
                sortHeading("status", t.table.status),
                sortHeading("days", t.table.daysInStock),
                t.table.actions,
              ]}
            />
            <tbody>
              {shown.map((v) => {
                const name = `${v.year} ${v.make} ${v.model}`;
                const photo = v.photos[0];
                return (
                  <tr key={v.id} className="border-b border-gray-200 align-middle">
                    <td className="px-3 py-2">
                      {photo ? (
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
                        <span className="inline-block rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">
                          {t.table.needsPhotos}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-semibold">{name}</span> {v.trim ? <span className="text-gray-700">{v.trim}</span> : null}{" "}
                      {warning(v)}
                      <div className="font-mono text-xs text-gray-700">{v.vin}</div>
                    </td>
                    <td className="px-3 py-2">{v.stockNumber ?? ""}</td>
                    <td className="px-3 py-2">
                      {formatPrice(v.price)}
                      {v.priceReducedBy ? (
                        <div className="text-xs text-green-800">{t.table.reducedBy(formatPrice(v.priceReducedBy))}</div>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{m.vehicles.miles(formatNumber(v.mileage))}</td>
                    <td className="px-3 py-2">{statusSelect(v, name)}</td>
                    <td className="px-3 py-2">{daysInStock(v.dateInStock)}</td>
                    <td className="px-3 py-2">{actions(v, name)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {/* Small screens: cards. */}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:hidden">
        {shown.map((v) => {
          const name = `${v.year} ${v.make} ${v.model}`;
          const photo = v.photos[0];
          return (
            <li key={v.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
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
            </li>
          );
        })}
      </ul>
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
