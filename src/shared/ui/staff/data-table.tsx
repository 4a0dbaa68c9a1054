import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, useState, type HTMLAttributes, type ReactNode } from "react";
import { Link } from "react-router";
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
 * header when it is text), so a phone never scrolls sideways; `phoneCard` replaces that with a card of the
 * screen's own (a list item per row, e.g. with a large photo). `phoneLayout="table"` keeps the table itself
 * on a phone, for a table of a few short columns that fits one (a dialog's documents, a short report): its
 * headings stay visible above the cells, its rows' text is only their cells' text, and if it is ever wider
 * than the screen it scrolls sideways in its own labelled, focusable box, as reflow allows a data table.
 * `rowProps` adds attributes to a row (a test id, data-status); `cellClassName` on a column adds classes to
 * its cells (font-mono, break-all).
 * `sortLinks` moves sorting to the server for a list it pages (the order is in the address, so it works
 * without JavaScript and survives Back and reload): the rows come sorted, `sortLinks.current` says by what,
 * and each sortable heading is a link to `sortLinks.href(column, direction)`.
 * On a phone the headings are not in sight (cards, or stacked cells), so a sortable list shows its orders
 * above the rows instead: "Sort by" and a link (or button) per sortable column, the same as its heading's.
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

/** Sorting done by the server, chosen by links (see DataTable). */
export type SortLinks = { current: SortState | null; href: (column: string, direction: SortState["direction"]) => string };

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
  phoneCard,
  phoneLayout = "stacked",
  sortLinks,
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
  /** A row's own card on a phone, instead of its cells stacked with their labels. */
  phoneCard?: (row: T) => ReactNode;
  /** On a phone: each row a card of labelled cells ("stacked"), or the table as it is ("table"). */
  phoneLayout?: "stacked" | "table";
  /** The server sorts (the rows arrive in order); the headings link to the other orders. */
  sortLinks?: SortLinks;
}) {
  const common = useStaffMessages().staff.common;
  const [clientSort, setSort] = useState<SortState | null>(initialSort);
  const sort = sortLinks ? sortLinks.current : clientSort;
  const shown = useMemo(() => (sortLinks ? rows : sortRows(rows, columns, clientSort)), [rows, columns, clientSort, sortLinks]);
  if (rows.length === 0) return <div className={className}>{empty}</div>;

  const toggle = (column: string) =>
    setSort((current) => ({
      column,
      direction: current?.column === column && current.direction === "ascending" ? "descending" : "ascending",
    }));
  // Class lists per layout: the stacked one turns the table into cards below md, the table one never does.
  const stacked = phoneLayout === "stacked";
  // The cells become labelled lines on a phone only when the table is what a phone shows (no cards of its own).
  // Their classes are components in app.css: a list repeats them in every cell of every row (decision 130).
  const stackedCells = stacked && !phoneCard;
  const align = (column: DataColumn<T>) => (column.align !== "right" ? "" : stacked ? "md:text-right" : "text-right");
  const box = stacked
    ? "md:overflow-x-auto md:rounded-lg md:border md:border-gray-200 md:bg-white"
    : "overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-red-700";

  // The phone's order controls: the headings' sort, for a layout that hides the headings.
  const sortable = columns.filter((column) => column.sortValue && (column.label ?? typeof column.header === "string"));
  const phoneSort =
    (stacked || phoneCard) && sortable.length > 0 ? (
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
          const content = (
            <>
              {name}
              {sorted === "ascending" ? (
                <ArrowUp aria-hidden="true" className="h-3 w-3" />
              ) : sorted === "descending" ? (
                <ArrowDown aria-hidden="true" className="h-3 w-3" />
              ) : null}
              {sorted ? <span className="sr-only">{sorted === "ascending" ? common.sortedAscending : common.sortedDescending}</span> : null}
            </>
          );
          return sortLinks ? (
            <Link
              key={column.id}
              to={sortLinks.href(column.id, sorted === "ascending" ? "descending" : "ascending")}
              preventScrollReset
              aria-current={sorted ? "true" : undefined}
              className={phoneClass}
            >
              {content}
            </Link>
          ) : (
            <button key={column.id} type="button" aria-pressed={Boolean(sorted)} onClick={() => toggle(column.id)} className={phoneClass}>
              {content}
            </button>
          );
        })}
      </div>
    ) : null;

  const table = (
    <div
      className={`${className} ${box} ${phoneCard ? "max-md:hidden" : ""}`}
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
              const phoneHides = stacked && !phoneCard && Boolean(column.sortValue);
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
                  {column.sortValue && sortLinks ? (
                    <Link
                      to={sortLinks.href(column.id, sorted === "ascending" ? "descending" : "ascending")}
                      preventScrollReset
                      className={sortClass}
                    >
                      {headingText}
                    </Link>
                  ) : column.sortValue ? (
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
        <tbody className={stackedCells ? "staff-stacked-body" : "divide-y divide-gray-200"}>
          {shown.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)} className={stackedCells ? "staff-stacked-row" : undefined}>
              {columns.map((column) => {
                const label = stackedCells ? (column.label ?? (typeof column.header === "string" ? column.header : null)) : null;
                const own = typeof column.cellClassName === "function" ? column.cellClassName(row) : (column.cellClassName ?? "");
                // A list with its own phone cards hides the table on a phone: its cells need no phone layout.
                const layout = stackedCells ? "staff-stacked-cell" : phoneCard ? "px-3 py-2" : "px-3 py-2 align-top";
                return (
                  <td key={column.id} className={[layout, align(column), own].filter(Boolean).join(" ")}>
                    {label ? <span className="staff-cell-label">{label}</span> : null}
                    <div className={stackedCells ? "staff-cell-value" : undefined}>{column.cell(row)}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!phoneCard)
    return phoneSort ? (
      <>
        {phoneSort}
        {table}
      </>
    ) : (
      table
    );
  return (
    <>
      {phoneSort}
      {table}
      {/* Named as the table is, so the phone's list of cards says what it lists. */}
      <ul aria-label={caption} className={`${className} grid gap-4 sm:grid-cols-2 md:hidden`}>
        {shown.map((row) => (
          <li key={rowKey(row)} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
            {phoneCard(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
