import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, sortRows, type DataColumn } from "./data-table";

type Row = { name: string; stock: string; price: number };
const rows: Row[] = [
  { name: "Civic", stock: "A10", price: 14_995 },
  { name: "Accord", stock: "A9", price: 21_495 },
  { name: "Camry", stock: "A100", price: 9_995 },
];
const columns: DataColumn<Row>[] = [
  { id: "name", header: "Vehicle", cell: (r) => r.name, sortValue: (r) => r.name },
  { id: "stock", header: "Stock", cell: (r) => r.stock, sortValue: (r) => r.stock },
  { id: "price", header: "Price", cell: (r) => r.price, sortValue: (r) => r.price, align: "right" },
  { id: "actions", header: "Actions", cell: () => null },
];
const names = (list: readonly Row[]) => list.map((r) => r.name);

describe("DataTable", () => {
  it("sorts numbers as numbers and text as people read it, both ways, and leaves rows alone unsorted", () => {
    expect(names(sortRows(rows, columns, null))).toEqual(["Civic", "Accord", "Camry"]);
    expect(names(sortRows(rows, columns, { column: "price", direction: "ascending" }))).toEqual(["Camry", "Civic", "Accord"]);
    expect(names(sortRows(rows, columns, { column: "price", direction: "descending" }))).toEqual(["Accord", "Civic", "Camry"]);
    // "A9" before "A10" before "A100", not the character order "A10", "A100", "A9".
    expect(names(sortRows(rows, columns, { column: "stock", direction: "ascending" }))).toEqual(["Accord", "Civic", "Camry"]);
    expect(names(sortRows(rows, columns, { column: "name", direction: "ascending" }))).toEqual(["Accord", "Camry", "Civic"]);
    // A column without a sort value does not reorder.
    expect(names(sortRows(rows, columns, { column: "actions", direction: "ascending" }))).toEqual(["Civic", "Accord", "Camry"]);
    expect(rows.map((r) => r.name)).toEqual(["Civic", "Accord", "Camry"]);
  });

  it("marks sortable headings for screen readers and renders the initial sort", () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Vehicles"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.stock}
        empty={<p>No vehicles</p>}
        initialSort={{ column: "price", direction: "descending" }}
      />,
    );
    expect(html).toContain('<caption class="sr-only">Vehicles</caption>');
    const sorts = [...html.matchAll(/<th scope="col"( aria-sort="(\w+)")?/g)].map((m) => m[2] ?? null);
    expect(sorts).toEqual(["none", "none", "descending", null]);
    const head = html.match(/<thead[\s\S]*<\/thead>/)![0];
    expect(head.match(/<button type="button"/g)).toHaveLength(3);
    const order = ["Accord", "Civic", "Camry"].map((name) => html.indexOf(`>${name}<`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Each cell carries its column's label for the phone layout.
    expect(html).toContain(">Price</span>");
    // Stacked on a phone, a heading is plain text (its sort button hidden there, out of the tab order).
    expect(head).toContain('<span class="md:hidden">Price</span><button type="button" class="inline-flex');
    expect(head.match(/<button type="button" class="[^"]*max-md:hidden/g)).toHaveLength(3);
  });

  it("offers a phone, where the headings are hidden, the same orders above the rows, the current one marked", () => {
    const sorted = (layout: "stacked" | "table") =>
      renderToStaticMarkup(
        <DataTable
          caption="Vehicles"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.stock}
          empty={null}
          phoneLayout={layout}
          initialSort={{ column: "price", direction: "ascending" }}
        />,
      );
    const group = sorted("stacked").match(/<div role="group" aria-label="Order of Vehicles" class="([^"]*)">([\s\S]*?)<\/div>/)!;
    expect(group[1]).toContain("md:hidden");
    const buttons = [...group[2]!.matchAll(/<button type="button" aria-pressed="(\w+)"[^>]*>(.*?)<\/button>/g)].map((m) => [
      m[1],
      m[2]!.replace(/<[^>]+>/g, ""),
    ]);
    // Each sortable column once; the sorted one pressed and saying its order.
    expect(buttons).toEqual([
      ["false", "Vehicle"],
      ["false", "Stock"],
      ["true", "Price(ascending)"],
    ]);
    // A table kept on a phone shows its own headings.
    expect(sorted("table")).not.toContain('role="group"');
  });

  it("shows the empty state instead of an empty table", () => {
    const html = renderToStaticMarkup(
      <DataTable caption="Vehicles" columns={columns} rows={[]} rowKey={(r) => r.stock} empty={<p>No vehicles yet</p>} />,
    );
    expect(html).toContain("<p>No vehicles yet</p>");
    expect(html).not.toContain("<table");
  });

  it("keeps the table on a phone when asked: headings in sight, no label in a cell, a focusable named box", () => {
    const html = renderToStaticMarkup(
      <DataTable caption="Vehicles" columns={columns} rows={rows} rowKey={(r) => r.stock} empty={null} phoneLayout="table" />,
    );
    expect(html).toContain('<div class="mt-4 overflow-x-auto');
    expect(html).toMatch(/role="region" aria-label="Vehicles" tabindex="0"/);
    expect(html).not.toContain("max-md:");
    expect(html).not.toContain(">Price</span>");
    // A row's text is its cells' text.
    const row = html.match(/<tbody[^>]*><tr[^>]*>(.*?)<\/tr>/)![1]!.replace(/<[^>]+>/g, "");
    expect(row).toBe("CivicA1014995");
  });
});
