import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import type { Vehicle } from "~/shared/types/vehicle";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ConfirmDialog } from "~/shared/ui/staff/modal-dialog";
import { adminFetch, useAdminData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { VehicleDialog } from "./vehicle-dialog";

/** Case-insensitive match on make, model, year or VIN (spec §2 Vehicles tab). */
export function matchesVehicleSearch(vehicle: Pick<Vehicle, "make" | "model" | "year" | "vin">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [vehicle.make, vehicle.model, String(vehicle.year), vehicle.vin].some((f) => f.toLowerCase().includes(q));
}

/** Spec §2 Vehicles: search, add, edit and delete vehicles. */
export function VehiclesTab() {
  const m = useStaffMessages().admin;
  const { data, error, reload } = useAdminData<Vehicle[]>("/api/admin/vehicles");
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<Vehicle | "new" | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const shown = useMemo(() => (data ?? []).filter((v) => matchesVehicleSearch(v, query)), [data, query]);

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
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {m.vehicles.add}
        </button>
      </div>
      {error ? <LoadFailed onRetry={reload} /> : null}
      {data === null && !error ? <p className="mt-6 text-gray-700">{m.common.loading}</p> : null}
      {data !== null && shown.length === 0 ? <p className="mt-10 text-center text-gray-700">{m.vehicles.empty}</p> : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((v) => {
          const name = `${v.year} ${v.make} ${v.model}`;
          const photo = v.photos[0];
          return (
            <li key={v.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
              {photo ? (
                <img
                  src={photo.src}
                  srcSet={photo.srcSet}
                  sizes="(min-width: 1024px) 400px, 100vw"
                  width={photo.width}
                  height={photo.height}
                  alt={name}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : (
                <div className="flex aspect-[4/3] items-center justify-center bg-gray-100 text-gray-700">{m.vehicles.noPhoto}</div>
              )}
              <div className="p-4">
                <h3 className="text-lg font-semibold">{name}</h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-800">
                  <dt className="font-medium">{m.vehicles.vin}</dt>
                  <dd className="font-mono">{v.vin}</dd>
                  <dt className="font-medium">{m.vehicles.price}</dt>
                  <dd>{formatPrice(v.price)}</dd>
                  <dt className="font-medium">{m.vehicles.mileage}</dt>
                  <dd>{m.vehicles.miles(formatNumber(v.mileage))}</dd>
                </dl>
                <div className="mt-4 flex gap-2">
                  <button
                    type="button"
                    onClick={() => setEditing(v)}
                    aria-label={m.vehicles.editLabel(name)}
                    className="inline-flex flex-1 items-center justify-center gap-2 rounded-md border border-gray-300 px-3 py-2 font-medium hover:bg-gray-50"
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {m.vehicles.edit}
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(v)}
                    aria-label={m.vehicles.deleteLabel(name)}
                    className="inline-flex items-center justify-center rounded-md border border-red-300 px-3 py-2 text-red-800 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                </div>
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
