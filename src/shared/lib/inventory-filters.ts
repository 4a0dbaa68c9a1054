import type { Vehicle } from "~/shared/types/vehicle";

/** Inventory filter state (docs/behaviour.md §3): all text, empty by default. */
export type InventoryFilters = {
  search: string;
  make: string;
  bodyStyle: string;
  transmission: string;
  minYear: string;
  maxYear: string;
  minPrice: string;
  maxPrice: string;
  minMileage: string;
  maxMileage: string;
};

export const FILTER_KEYS = [
  "search",
  "make",
  "bodyStyle",
  "transmission",
  "minYear",
  "maxYear",
  "minPrice",
  "maxPrice",
  "minMileage",
  "maxMileage",
] as const satisfies readonly (keyof InventoryFilters)[];

export const emptyFilters: InventoryFilters = {
  search: "",
  make: "",
  bodyStyle: "",
  transmission: "",
  minYear: "",
  maxYear: "",
  minPrice: "",
  maxPrice: "",
  minMileage: "",
  maxMileage: "",
};

/** The fields filtering reads. */
export type FilterableVehicle = Pick<Vehicle, "year" | "make" | "model" | "price" | "mileage" | "bodyStyle" | "transmission">;

/** A bound as an integer, or null when empty or not a number (then it does not restrict). */
function bound(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? null : n;
}

/** A range's test, its bounds read once. */
function withinBounds(min: string, max: string): (value: number) => boolean {
  const lo = bound(min) ?? -Infinity;
  const hi = bound(max) ?? Infinity;
  return (value) => value >= lo && value <= hi;
}

/**
 * The filters as one test, every bound and the search text read once (docs/behaviour.md §5 Inventory
 * filtering): what the alerts run against each new vehicle for thousands of saved searches.
 */
export function filterPredicate(filters: InventoryFilters): (vehicle: FilterableVehicle) => boolean {
  const needle = filters.search.toLowerCase();
  const years = withinBounds(filters.minYear, filters.maxYear);
  const prices = withinBounds(filters.minPrice, filters.maxPrice);
  const miles = withinBounds(filters.minMileage, filters.maxMileage);
  return (vehicle) => {
    if (needle) {
      const hit =
        vehicle.make.toLowerCase().includes(needle) ||
        vehicle.model.toLowerCase().includes(needle) ||
        String(vehicle.year).includes(needle);
      if (!hit) return false;
    }
    if (filters.make && vehicle.make !== filters.make) return false;
    if (filters.bodyStyle && vehicle.bodyStyle !== filters.bodyStyle) return false;
    if (filters.transmission && vehicle.transmission !== filters.transmission) return false;
    return years(vehicle.year) && prices(vehicle.price) && miles(vehicle.mileage);
  };
}

/** Whether one vehicle passes every active filter (docs/behaviour.md §5 Inventory filtering). */
export function matchesFilters(vehicle: FilterableVehicle, filters: InventoryFilters): boolean {
  return filterPredicate(filters)(vehicle);
}

/** The vehicles passing every active filter, in their original order. */
export function filterVehicles<V extends FilterableVehicle>(vehicles: readonly V[], filters: InventoryFilters): V[] {
  if (activeFilterCount(filters) === 0) return [...vehicles];
  return vehicles.filter(filterPredicate(filters));
}

/** How many filters are active; year, price and mileage count once each whatever bounds are set. */
export function activeFilterCount(filters: InventoryFilters): number {
  const set = (...values: string[]) => values.some((v) => v !== "");
  return [
    set(filters.search),
    set(filters.make),
    set(filters.bodyStyle),
    set(filters.transmission),
    set(filters.minYear, filters.maxYear),
    set(filters.minPrice, filters.maxPrice),
    set(filters.minMileage, filters.maxMileage),
  ].filter(Boolean).length;
}

/**
 * Alphabetical, ignoring case. Not `localeCompare`: a page's first one builds an ICU collator, 14 ms of
 * main thread at hydration on the machine we measure (56 ms on a 4× slower phone), for a list of
 * makes and body styles written in plain letters.
 */
const alphabetical = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** The distinct values of one field across the loaded vehicles, sorted alphabetically. */
export function distinctOptions<K extends "make" | "bodyStyle" | "transmission">(vehicles: readonly Pick<Vehicle, K>[], key: K): string[] {
  return [...new Set(vehicles.map((v) => v[key] as string))].sort(alphabetical);
}

/** Filter state read from a URL's search params (docs/behaviour.md §2 Inventory); unknown params are ignored. */
export function filtersFromSearchParams(params: URLSearchParams): InventoryFilters {
  const filters = { ...emptyFilters };
  for (const key of FILTER_KEYS) filters[key] = (params.get(key) ?? "").slice(0, 100);
  return filters;
}

/**
 * The filter bar is a GET form (decision 125): before the page hydrates and with JavaScript off, the
 * filter panel's toggle and 'Show more' are its buttons, and the server renders what they ask for.
 * `panel=open|closed` says whether the panel shows; `shown` how many cards (a multiple of the page size).
 */
export const PANEL_PARAM = "panel";
export const SHOWN_PARAM = "shown";
/** The most cards a `shown` asks for: the grid never renders more at once than a shopper could page to. */
const MAX_SHOWN = 10_000;

/** How many cards the URL asks for: a multiple of `pageSize`, at least one page. */
export function shownFromSearchParams(params: URLSearchParams, pageSize: number): number {
  const asked = Number.parseInt(params.get(SHOWN_PARAM) ?? "", 10);
  if (!Number.isFinite(asked) || asked <= pageSize) return pageSize;
  return Math.min(Math.ceil(asked / pageSize) * pageSize, MAX_SHOWN);
}

/** Whether the filter panel starts open: asked for by the URL, else when a panel filter is set. */
export function panelOpenFromSearchParams(params: URLSearchParams, panelKeys: readonly (keyof InventoryFilters)[]): boolean {
  const asked = params.get(PANEL_PARAM);
  if (asked === "open" || asked === "closed") return asked === "open";
  const filters = filtersFromSearchParams(params);
  return panelKeys.some((k) => filters[k] !== "");
}

/** Search params holding only the active filter fields, in a stable order. */
export function filtersToSearchParams(filters: InventoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== "") params.set(key, filters[key]);
  return params;
}
