import type { AriaAttributes, ReactNode } from "react";

/** A column heading that needs more than its label: a class beyond the table's cell padding (alignment), or its sort order. */
type DescribedHeading = { label: ReactNode; className?: string; sort?: AriaAttributes["aria-sort"] };
/** One column's heading: its label (text, or an element such as a sort button), or a described heading. */
export type ColumnHeading = ReactNode | DescribedHeading;

function isDescribed(column: ColumnHeading): column is DescribedHeading {
  return typeof column === "object" && column !== null && "label" in column;
}

/**
 * The `<thead>` of a dashboard table: one row of `scope="col"` headings, each with the table's cell
 * padding (`cellClassName`). The tabs list different records, but their headings are built the same way.
 */
export function ColumnHeadings({
  columns,
  className,
  cellClassName = "",
}: {
  columns: readonly ColumnHeading[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => {
          const { label, className: extra = "", sort } = isDescribed(column) ? column : { label: column };
          return (
            <th key={index} scope="col" aria-sort={sort} className={`${cellClassName} ${extra}`.trim() || undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
