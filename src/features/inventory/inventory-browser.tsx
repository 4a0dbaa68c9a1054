import { ChevronDown, Search, SlidersHorizontal, X } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { carriedEstimateQuery } from "~/shared/lib/estimate-query";
import { optionLabel } from "~/shared/i18n/option-label";
import {
  activeFilterCount,
  distinctOptions,
  emptyFilters,
  filterVehicles,
  filtersFromSearchParams,
  filtersToSearchParams,
  FILTER_KEYS,
  PANEL_PARAM,
  panelOpenFromSearchParams,
  SHOWN_PARAM,
  shownFromSearchParams,
  type InventoryFilters,
} from "~/shared/lib/inventory-filters";
import { VEHICLE_GRID_CLASS, VehicleCard } from "./vehicle-card";
import type { VehicleSummary } from "./vehicle-summary";

/** Cards rendered at first and added per 'Show more': the page never renders 2,000 cards at once. */
export const INVENTORY_PAGE_SIZE = 24;
/** The first card a 'Show more' sent as a form added: the next document scrolls to it. */
const MORE_ANCHOR = "more-vehicles";
/** Cards whose images load eagerly (the first row on a large screen). */
const EAGER_CARDS = 3;

const PANEL_KEYS: (keyof InventoryFilters)[] = [
  "make",
  "bodyStyle",
  "transmission",
  "minYear",
  "maxYear",
  "minPrice",
  "maxPrice",
  "minMileage",
  "maxMileage",
];

const controlClass =
  "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-600 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700";

/** The first `limit` vehicles the URL's filters keep; used by the page for its ItemList too. */
export function visibleVehicles(vehicles: readonly VehicleSummary[], filters: InventoryFilters, limit = INVENTORY_PAGE_SIZE) {
  return filterVehicles(vehicles, filters).slice(0, limit);
}

/**
 * Search, filter panel, result line and the card grid (docs/behaviour.md §2 Inventory, §5). Filters
 * live in the URL (docs/behaviour.md §2 Inventory): the server renders a filtered URL filtered,
 * and in the browser typing filters at once while the URL follows (replace, no reload). The
 * estimate's fields in the URL (a trade-in offer's value) stay in it and go on to every card's link.
 *
 * Before hydration and without JavaScript (decision 125) the bar is a GET form to this page: Enter in
 * the search box, the panel's toggle (which also applies the panel's fields), the panel's 'Apply
 * Filters' and 'Show more' submit it, and 'Clear Filters' is a link. A document of this page never
 * hydrates it (decision 154): that is how every shopper who lands on it filters. Reached by a client
 * navigation from a page that hydrates whole, the same controls work in place and the URL follows.
 */
export function InventoryBrowser({ vehicles }: { vehicles: VehicleSummary[] }) {
  const m = useMessages().inventory;
  const optionNames = useMessages().options;
  const path = useLocalizedPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlFilters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const carried = useMemo(() => carriedEstimateQuery(searchParams), [searchParams]);
  const [filters, setFilters] = useState<InventoryFilters>(urlFilters);
  const [panelOpen, setPanelOpen] = useState(() => panelOpenFromSearchParams(searchParams, PANEL_KEYS));
  const [limit, setLimit] = useState(() => shownFromSearchParams(searchParams, INVENTORY_PAGE_SIZE));
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Query strings this page wrote itself, oldest first: their navigations land asynchronously
  // and must not overwrite newer typing when they do.
  const pendingWrites = useRef<string[]>([]);
  const current = useRef(filters);
  current.current = filters;
  const ids = useId();

  // The URL changed from outside (Back/Forward, a link): adopt it.
  useEffect(() => {
    const fromUrl = filtersToSearchParams(urlFilters).toString();
    const own = pendingWrites.current.indexOf(fromUrl);
    if (own >= 0) {
      pendingWrites.current.splice(0, own + 1);
      return;
    }
    if (fromUrl !== filtersToSearchParams(current.current).toString()) setFilters(urlFilters);
  }, [urlFilters]);

  const update = (next: InventoryFilters) => {
    current.current = next;
    setFilters(next);
    setLimit(INVENTORY_PAGE_SIZE);
    const params = filtersToSearchParams(next);
    pendingWrites.current.push(params.toString());
    for (const [field, value] of new URLSearchParams(carried)) params.set(field, value);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  const set = (key: keyof InventoryFilters) => (value: string) => update({ ...current.current, [key]: value });
  const clear = () => update(emptyFilters);

  // Hydrated: what was typed or chosen before the code arrived filters now.
  useEffect(() => {
    setHydrated(true);
    if (!form.current) return;
    const sent = new FormData(form.current);
    const typed = { ...current.current };
    for (const key of FILTER_KEYS) {
      const value = sent.get(key);
      if (typeof value === "string") typed[key] = value;
    }
    if (filtersToSearchParams(typed).toString() !== filtersToSearchParams(current.current).toString()) update(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for what the shopper did before hydration

  // Typing stays responsive: the grid re-filters at a lower priority than the input.
  const deferred = useDeferredValue(filters);
  const results = useMemo(() => filterVehicles(vehicles, deferred), [vehicles, deferred]);
  const options = useMemo(
    () => ({
      make: distinctOptions(vehicles, "make"),
      bodyStyle: distinctOptions(vehicles, "bodyStyle"),
      transmission: distinctOptions(vehicles, "transmission"),
    }),
    [vehicles],
  );
  const count = activeFilterCount(filters);
  const shown = results.slice(0, limit);

  if (vehicles.length === 0) {
    return (
      <div className="rounded-xl border border-gray-200 p-10 text-center">
        <h2 className="text-xl font-bold">{m.noVehicles}</h2>
        <p className="mt-2 text-gray-700">{m.noVehiclesHint}</p>
      </div>
    );
  }

  const formId = `${ids}-form`;
  const clearLabel = m.clearFilters(count);
  const clearClass =
    "inline-flex items-center gap-2 rounded-md bg-gray-800 px-4 py-2 font-semibold text-white hover:bg-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";
  // Before hydration, 'Clear' is a link to the page with no filter (the estimate's fields kept).
  const clearHref = path("/inventory") + (carried ? `?${carried}` : "");
  return (
    <div>
      <form ref={form} id={formId} method="get" action={path("/inventory")} role="search" onSubmit={(e) => e.preventDefault()}>
        {/* Enter in the search box submits with this, the form's first button, before hydration. */}
        <button
          type="submit"
          className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:rounded-md focus:border focus:border-gray-400 focus:px-4 focus:py-2"
        >
          {m.searchLabel}
        </button>
        {[...new URLSearchParams(carried)].map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <label htmlFor={`${ids}-search`} className="sr-only">
              {m.searchLabel}
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-600" />
            <input
              id={`${ids}-search`}
              type="search"
              name="search"
              value={filters.search}
              onChange={(e) => set("search")(e.target.value)}
              placeholder={m.searchPlaceholder}
              autoComplete="off"
              className={`${controlClass} pl-10`}
            />
          </div>
          <div className="flex gap-3">
            <button
              type="submit"
              name={PANEL_PARAM}
              value={panelOpen ? "closed" : "open"}
              aria-expanded={panelOpen}
              aria-controls={`${ids}-panel`}
              onClick={(e) => {
                e.preventDefault();
                setPanelOpen((open) => !open);
              }}
              className="button-secondary button-md"
            >
              <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
              {m.filters}
              <ChevronDown aria-hidden="true" className={`h-4 w-4 transition ${panelOpen ? "rotate-180" : ""}`} />
            </button>
            {count > 0 && hydrated ? (
              <button type="button" onClick={clear} className={clearClass}>
                <X aria-hidden="true" className="h-4 w-4" />
                {clearLabel}
              </button>
            ) : count > 0 ? (
              <a href={clearHref} className={clearClass}>
                <X aria-hidden="true" className="h-4 w-4" />
                {clearLabel}
              </a>
            ) : null}
          </div>
        </div>

        <div
          id={`${ids}-panel`}
          hidden={!panelOpen}
          role="region"
          aria-label={m.filtersPanel}
          className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-4"
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Select
              id={`${ids}-make`}
              name="make"
              label={m.make}
              all={m.allMakes}
              options={options.make}
              value={filters.make}
              onChange={set("make")}
            />
            <Select
              id={`${ids}-body`}
              name="bodyStyle"
              label={m.bodyStyle}
              all={m.allStyles}
              options={options.bodyStyle}
              names={optionNames.bodyStyle}
              value={filters.bodyStyle}
              onChange={set("bodyStyle")}
            />
            <Select
              id={`${ids}-trans`}
              name="transmission"
              label={m.transmission}
              all={m.allTypes}
              options={options.transmission}
              names={optionNames.transmission}
              value={filters.transmission}
              onChange={set("transmission")}
            />
            <Range
              legend={m.yearRange}
              min={["minYear", filters.minYear, set("minYear"), m.min]}
              max={["maxYear", filters.maxYear, set("maxYear"), m.max]}
            />
            <Range
              legend={m.priceRange}
              min={["minPrice", filters.minPrice, set("minPrice"), m.minPrice]}
              max={["maxPrice", filters.maxPrice, set("maxPrice"), m.maxPrice]}
            />
            <Range
              legend={m.mileageRange}
              min={["minMileage", filters.minMileage, set("minMileage"), m.min]}
              max={["maxMileage", filters.maxMileage, set("maxMileage"), m.max]}
            />
          </div>
          {/* In place the panel filters as it changes; as a form its choices are sent by this button
              (a change of a field never submits by itself: WCAG 3.2.2). */}
          {hydrated ? null : (
            <button type="submit" className="button-primary button-md mt-4">
              {m.applyFilters}
            </button>
          )}
        </div>
      </form>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-gray-700" role="status" data-testid="result-count">
          {m.showing(results.length)}
          {results.length < vehicles.length ? ` ${m.filteredFrom(vehicles.length)}` : null}
        </p>
        {count > 0 ? <SaveSearch filters={deferred} /> : null}
      </div>

      {results.length === 0 ? (
        <div className="mt-6 rounded-xl border border-gray-200 p-10 text-center">
          <h2 className="text-xl font-bold">{m.noMatch}</h2>
          {hydrated ? (
            <button type="button" onClick={clear} className="button-primary button-md mt-4">
              {m.clearAllFilters}
            </button>
          ) : (
            <a href={clearHref} className="button-primary button-md mt-4">
              {m.clearAllFilters}
            </a>
          )}
        </div>
      ) : (
        <>
          <h2 className="sr-only">{m.results}</h2>
          <ul className={`mt-4 ${VEHICLE_GRID_CLASS}`}>
            {shown.map((v, i) => (
              <li
                key={v.id}
                id={i > 0 && i === limit - INVENTORY_PAGE_SIZE ? MORE_ANCHOR : undefined}
                className={i < EAGER_CARDS ? undefined : "below-fold-card"}
              >
                <VehicleCard vehicle={v} eager={i < EAGER_CARDS} priority={i === 0} query={carried} />
              </li>
            ))}
          </ul>
          {results.length > shown.length ? (
            <div className="mt-8 text-center">
              <button
                type="submit"
                form={formId}
                name={SHOWN_PARAM}
                value={limit + INVENTORY_PAGE_SIZE}
                // As a form, the next document opens at the first card it adds, not at the top.
                formAction={`${path("/inventory")}#${MORE_ANCHOR}`}
                onClick={(e) => {
                  e.preventDefault();
                  setLimit((n) => n + INVENTORY_PAGE_SIZE);
                }}
                className="button-secondary button-lg"
              >
                {m.showMore(shown.length, results.length)}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * "Save this search" (docs/behaviour.md §21): the filters as the URL has them, kept on this device. A
 * form posting them to /saved before JavaScript; with it, saved in place, with a link to the list.
 */
function SaveSearch({ filters }: { filters: InventoryFilters }) {
  const m = useMessages().inventory.save;
  const path = useLocalizedPath();
  const query = filtersToSearchParams(filters).toString();
  const [saved, setSaved] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  // The search as the `saved` cookie holds it: one of its pairs, `s=<query, escaped>` (saved-on-device.ts).
  useEffect(() => {
    const pair = `&${new URLSearchParams({ s: query })}&`;
    setSaved(document.cookie.split(/;\s*/).some((c) => c.startsWith("saved=") && `&${c.slice(6)}&`.includes(pair)) ? query : null);
  }, [query]);
  if (saved === query)
    return (
      <p role="status" className="text-sm font-semibold text-gray-900">
        {m.searchSaved} ·{" "}
        <Link to={path("/saved")} className="text-red-800 underline hover:text-red-900">
          {m.seeSaved}
        </Link>
      </p>
    );
  return (
    <form
      method="post"
      action={path("/saved")}
      onSubmit={(event) => {
        event.preventDefault();
        // The code that writes the list loads on the first press, not with the page (decision 016).
        void import("~/shared/lib/saved-on-device").then(({ saveOnThisDevice }) => {
          const done = saveOnThisDevice("searches", query, true);
          setFull(!done);
          if (done) setSaved(query);
        });
      }}
    >
      <input type="hidden" name="intent" value="save-search" />
      <input type="hidden" name="search" value={query} />
      <button type="submit" className="button-secondary button-sm">
        {m.saveSearch}
      </button>
      <span role="status" className="ml-2 text-sm text-red-800 empty:hidden">
        {full ? m.full : ""}
      </span>
    </form>
  );
}

function Select(props: {
  id: string;
  name: keyof InventoryFilters;
  label: string;
  all: string;
  options: string[];
  /** Display names of the values (the values in the URL stay the stored English words). */
  names?: Record<string, string>;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-gray-800">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={`mt-1 ${controlClass}`}
      >
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.names ? optionLabel(props.names, o) : o}
          </option>
        ))}
      </select>
    </div>
  );
}

type Bound = [name: keyof InventoryFilters, value: string, onChange: (v: string) => void, placeholder: string];

function Range({ legend, min, max }: { legend: string; min: Bound; max: Bound }) {
  const m = useMessages().inventory;
  const input = ([name, value, onChange, placeholder]: Bound, label: string): ReactNode => (
    <input
      type="number"
      name={name}
      inputMode="numeric"
      min={0}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className={controlClass}
    />
  );
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {input(min, m.minLabel(legend))}
        {input(max, m.maxLabel(legend))}
      </div>
    </fieldset>
  );
}
