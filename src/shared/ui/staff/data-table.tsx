import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useState, type HTMLAttributes, type ReactNode } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";

/**
 * The dashboard's list table: column headings, optional sorting, an empty state and a phone layout.
 *   <DataTable caption="Outgoing mail" rows={mails} rowKey={(m) => m.id} empty={<p>No mail yet.</p>}
 *     columns={[
 *       { id: "to", header: "Recipient", cell: (m) => m.to },
 *       { id: "attempts", header: "Attempts", cell: (m) => m.attempts, sortValue: (m) => m.attempts, align: "right" },
 *     ]} />
 * A column with `sortValue` gets a sort button in its heading (ascending first, then descending; aria-sort
 * says which); `initialSort` sorts before anyone clicks. Without rows the table is replaced by `empty`.
 * Below the md breakpoint each row becomes a card whose cells carry their column's label (`label`, or the
 * header when it is text), so a phone never scrolls sideways. `phoneLayout="table"` keeps the table itself
 * on a phone, for a table of a few short columns that fits one (a dialog's documents, a short report): its
 * headings stay visible above the cells, its rows' text is only their cells' text, and if it is ever wider
 * than the screen it scrolls sideways in its own labelled, focusable box, as reflow allows a data table.
 * `rowProps` adds attributes to a row (a test id, data-status); `cellClassName` on a column adds classes to
 * its cells (font-mono, break-all).
 * On a phone the headings of stacked cells are not in sight, so a sortable list shows its orders above the
 * rows instead: "Sort by" and a button per sortable column, the same as its heading's. A list the server
 * sorts and pages (the order in the address) draws its own order links, as the lot does (decision 132).
 */
export type DataColumn<T> = {
  id: string;
  header: ReactNode;
  /** The cell's label on a phone when `header` is not plain text. */
  label?: string;
  cell: (row: T) => ReactNode;
  sortValue?: (row: T) => string | number;
  align?: "right";
  /** Classes of this column's cells; a function styles each row's cell by its value. */
  cellClassName?: string | ((row: T) => string);
};

export type SortState = { column: string; direction: "ascending" | "descending" };

/** Rows in the order of `sort`: numbers numerically, text as people read it ("A10" after "A9"). Stable. */
export function sortRows<T>(rows: readonly T[], columns: readonly DataColumn<T>[], sort: SortState | null): readonly T[] {
  const value = sort ? columns.find((c) => c.id === sort.column)?.sortValue : undefined;
  if (!sort || !value) return rows;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "en-US", { numeric: true });
    return sign * order;
  });
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  initialSort = null,
  rowProps,
  testId,
  className = "mt-4",
  phoneLayout = "stacked",
}: {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  initialSort?: SortState | null;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  testId?: string;
  className?: string;
  /** On a phone: each row a card of labelled cells ("stacked"), or the table as it is ("table"). */
  phoneLayout?: "stacked" | "table";
}) {
  const common = useStaffMessages().staff.common;
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const shown = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  if (rows.length === 0) return <div className={className}>{empty}</div>;

  const toggle = (column: string) =>
    setSort((current) => ({
      column,
      direction: current?.column === column && current.direction === "ascending" ? "descending" : "ascending",
    }));
  // Class lists per layout: the stacked one turns the table into cards of labelled lines below md, the table
  // one never does. The stacked classes are components in app.css: a list repeats them in every cell of every
  // row (decision 130).
  const stacked = phoneLayout === "stacked";
  const align = (column: DataColumn<T>) => (column.align !== "right" ? "" : stacked ? "md:text-right" : "text-right");
  const box = stacked
    ? "md:overflow-x-auto md:rounded-lg md:border md:border-gray-200 md:bg-white"
    : "overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-red-700";

  // The phone's order controls: the headings' sort, for the layout that hides the headings.
  const sortable = columns.filter((column) => column.sortValue && (column.label ?? typeof column.header === "string"));
  const phoneSort =
    stacked && sortable.length > 0 ? (
      <div
        role="group"
        aria-label={common.sortOrderOf(caption)}
        className={`${className} flex flex-wrap items-center gap-2 text-sm md:hidden`}
      >
        <span className="font-medium text-gray-800">{common.sortBy}</span>
        {sortable.map((column) => {
          const sorted = sort?.column === column.id ? sort.direction : undefined;
          const name = column.label ?? String(column.header);
          const phoneClass = `inline-flex min-h-11 items-center gap-1 rounded-md border px-3 focus-visible:outline-2 focus-visible:outline-red-700 ${
            sorted ? "border-gray-900 bg-gray-900 font-semibold text-white" : "border-gray-500 bg-white text-gray-900"
          }`;
          return (
            <button key={column.id} type="button" aria-pressed={Boolean(sorted)} onClick={() => toggle(column.id)} className={phoneClass}>
              {name}
              {sorted === "ascending" ? (
                <ArrowUp aria-hidden="true" className="h-3 w-3" />
              ) : sorted === "descending" ? (
                <ArrowDown aria-hidden="true" className="h-3 w-3" />
              ) : null}
              {sorted ? <span className="sr-only">{sorted === "ascending" ? common.sortedAscending : common.sortedDescending}</span> : null}
            </button>
          );
        })}
      </div>
    ) : null;

  const table = (
    <div
      className={`${className} ${box}`}
      // A box that can scroll must be reachable by keyboard and say what it holds.
      {...(stacked ? {} : { role: "region", "aria-label": caption, tabIndex: 0 })}
    >
      <table className={`w-full text-left text-sm ${stacked ? "max-md:block" : ""}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-gray-50 ${stacked ? "max-md:sr-only" : ""}`}>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.id ? sort.direction : undefined;
              const headingText = (
                <>
                  {column.header}
                  {sorted === "ascending" ? (
                    <ArrowUp aria-hidden="true" className="h-3 w-3" />
                  ) : sorted === "descending" ? (
                    <ArrowDown aria-hidden="true" className="h-3 w-3" />
                  ) : (
                    <ArrowUpDown aria-hidden="true" className="h-3 w-3 text-gray-500" />
                  )}
                </>
              );
              // Stacked on a phone the headings are read, not seen: their sort controls leave the tab order
              // there (a focused control would be invisible) and the phone's "Sort by" does their job.
              const phoneHides = stacked && Boolean(column.sortValue);
              const sortClass = `inline-flex items-center gap-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-red-700 ${
                phoneHides ? "max-md:hidden" : ""
              }`;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortValue ? (sorted ?? "none") : undefined}
                  className={`px-3 py-2 font-semibold ${align(column)}`}
                >
                  {phoneHides ? <span className="md:hidden">{column.header}</span> : null}
                  {column.sortValue ? (
                    <button type="button" onClick={() => toggle(column.id)} className={sortClass}>
                      {headingText}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={stacked ? "staff-stacked-body" : "divide-y divide-gray-200"}>
          {shown.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)} className={stacked ? "staff-stacked-row" : undefined}>
              {columns.map((column) => {
                const label = stacked ? (column.label ?? (typeof column.header === "string" ? column.header : null)) : null;
                const own = typeof column.cellClassName === "function" ? column.cellClassName(row) : (column.cellClassName ?? "");
                const layout = stacked ? "staff-stacked-cell" : "px-3 py-2 align-top";
                return (
                  <td key={column.id} className={[layout, align(column), own].filter(Boolean).join(" ")}>
                    {label ? <span className="staff-cell-label">{label}</span> : null}
                    <div className={stacked ? "staff-cell-value" : undefined}>{column.cell(row)}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return phoneSort ? (
    <>
      {phoneSort}
      {table}
    </>
  ) : (
    table
  );
}
