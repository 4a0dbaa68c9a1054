import type { VehiclePhoto, VehicleStatus } from "~/shared/types/vehicle";

/**
 * What the Vehicles list (/podium/vehicles) and its server glue share: the filters as the address holds
 * them, the sortable columns, a row, and the days-in-stock count (docs/behaviour.md §2 Staff app, §14).
 */

/** The list's query-string names: search, status, only without photos, at least N days in stock, order, page. */
export const VEHICLE_FILTER_NAMES = ["q", "status", "noPhotos", "minDays", "sort", "dir", "page"] as const;
export type VehicleFilterName = (typeof VEHICLE_FILTER_NAMES)[number];
/** The filters as typed in the address (what the GET form shows again and the links keep). */
export type VehicleFilterValues = Partial<Record<VehicleFilterName, string>>;

/**
 * Vehicles a page shows: 25, so that the page answers within the staff pages' 50 ms of server time on
 * PostgreSQL too (decision 139; decision 132 had 50, decision 105 a lot's 100 on one page).
 */
export const VEHICLE_LIST_PAGE = 25;

/** One row of the list: what the table and the phone card show, nothing more. */
export type VehicleRow = {
  id: string;
  name: string;
  trim: string | null;
  vin: string;
  stockNumber: string | null;
  price: number;
  priceReducedBy: number | null;
  mileage: number;
  status: VehicleStatus;
  daysInStock: number;
  photo: VehiclePhoto | null;
  /** "As is" where Massachusetts law requires a written warranty (a row staff must fix). */
  asIsViolation: boolean;
};

/**
 * The columns the list sorts by (the database orders them, decision 128): the name ("2019 Honda Civic")
 * and the stock number as text without regard to case, the price, the mileage, the status (available,
 * pending, sold) and the days in stock as numbers.
 */
export const VEHICLE_SORT_COLUMNS = ["vehicle", "stock", "price", "mileage", "status", "days"] as const;
export type VehicleSortColumn = (typeof VEHICLE_SORT_COLUMNS)[number];

/** Whole days from the date in stock to the dealership's `today` (both yyyy-MM-dd), never negative. */
export function daysInStock(dateInStock: string, today: string): number {
  const start = Date.parse(`${dateInStock}T00:00:00Z`);
  const end = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return 0;
  return Math.max(0, Math.round((end - start) / 86_400_000));
}

/** The list's address with `changes` applied (an empty or null value dropped). */
export function vehicleListQuery(
  filters: VehicleFilterValues,
  changes: Partial<Record<VehicleFilterName | "delete" | "import", string | null>> = {},
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...changes })) if (value) params.set(name, value);
  return params;
}

/**
 * How many shoppers saved each vehicle, by id (GET /api/admin/vehicles/saves's use case, which the
 * route composes in: the alerts feature owns it): device lists holding it, and confirmed addresses
 * getting its alerts. A vehicle nobody saved is absent.
 */
export type VehicleSaves = Record<string, { savedOnDevices: number; alertSubscribers: number }>;
