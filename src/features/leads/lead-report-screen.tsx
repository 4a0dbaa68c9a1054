import { Download } from "lucide-react";
import { Form } from "react-router";
import { staffMessagesFor, useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable, type DataColumn } from "~/shared/ui/staff/data-table";
import { FormError, TextField } from "~/shared/ui/staff/staff-field";
import type { LeadFigures } from "./lead-report-types";
import type { LeadReportScreenData } from "./lead-report-screen.server";

type Row = LeadFigures & { key: string; name: string };

/**
 * /podium/reports/leads (docs/decisions/078-lead-source-and-lead-report.md): the lead report for the
 * dates in the address (a GET form; without dates the last 30 days) as bars and tables, and the same
 * figures as a CSV download whose link carries the same dates. A salesperson sees their own row only.
 */
export function LeadReportScreen({ data }: { data: LeadReportScreenData }) {
  const messages = useStaffMessages();
  const m = messages.reports;
  const report = data.report;
  const label = (type: string) => m.types[type] ?? type;
  const errors = data.fieldErrors ?? {};
  const rows = {
    source: (report?.bySource ?? []).map((r) => ({ ...r, key: r.source, name: r.source })),
    type: (report?.byType ?? []).map((r) => ({ ...r, key: r.type, name: label(r.type) })),
    week: (report?.byWeek ?? []).map((r) => ({ ...r, key: r.week, name: r.week })),
    salesperson: (report?.bySalesperson ?? []).map((r) => ({ ...r, key: r.assigneeId ?? "unassigned", name: r.name })),
  };
  const range = report ? new URLSearchParams({ from: report.from, to: report.to }).toString() : "";
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{messages.staff.shell.screens.reports}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.intro(data.withinMinutes)}</p>
      </div>
      <div className="space-y-2">
        <Form method="get" aria-label={m.dates} className="flex flex-wrap items-end gap-3">
          <TextField name="from" type="date" label={m.from} required error={errors.from} defaultValue={report?.from ?? data.asked.from} />
          <TextField name="to" type="date" label={m.to} required error={errors.to} defaultValue={report?.to ?? data.asked.to} />
          <Button type="submit" variant="dark" className="min-h-11">
            {m.show}
          </Button>
          {report ? (
            <a
              href={`/api/admin/reports/leads.csv?${range}`}
              download={`leads-${report.from}-to-${report.to}.csv`}
              className={buttonClass("secondary", "md", "min-h-11")}
              data-testid="lead-report-csv"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {m.downloadCsv}
            </a>
          ) : null}
        </Form>
        <FormError>{data.error}</FormError>
      </div>
      {report ? (
        <>
          <Totals figures={report.total} within={report.withinMinutes} />
          {report.total.leads === 0 ? <p className="py-6 text-center text-gray-700">{m.empty}</p> : null}
          {report.total.leads > 0 ? (
            <>
              <Bars id="report-by-source" title={m.bySource} rows={rows.source} />
              <Bars id="report-by-week" title={m.byWeek} rows={rows.week} />
              <FiguresTable caption={m.bySource} heading={m.source} rows={rows.source} within={report.withinMinutes} />
              <FiguresTable caption={m.byType} heading={m.type} rows={rows.type} within={report.withinMinutes} />
              <FiguresTable caption={m.byWeek} heading={m.week} rows={rows.week} within={report.withinMinutes} sortable={false} />
              <div>
                <FiguresTable caption={m.bySalesperson} heading={m.salesperson} rows={rows.salesperson} within={report.withinMinutes} />
                {data.role === "sales" ? <p className="mt-2 text-sm text-gray-700">{m.ownRowOnly}</p> : null}
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Totals({ figures, within }: { figures: LeadFigures; within: number }) {
  const m = useStaffMessages().reports;
  const cards = [
    { label: m.leads, value: formatNumber(figures.leads), id: "leads" },
    { label: m.answered, value: formatNumber(figures.answered), id: "answered" },
    { label: m.median, value: minutes(figures.medianFirstResponseMinutes), id: "median" },
    { label: m.within(within), value: share(figures.answeredWithinShare), id: "within" },
  ];
  return (
    <section aria-label={m.totals} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <p className="text-sm font-medium text-gray-700">{card.label}</p>
          <p className="mt-1 text-3xl font-bold" data-testid={`lead-report-${card.id}`}>
            {card.value}
          </p>
        </div>
      ))}
    </section>
  );
}

function minutes(value: number | null): string {
  const m = staffMessagesFor().reports;
  return value === null ? m.none : m.minutes(value);
}

function share(value: number | null): string {
  const m = staffMessagesFor().reports;
  return value === null ? m.none : m.percent(value);
}

/** Leads per group as CSS bars; each bar's text names its group and count for screen readers and on screen. */
function Bars({ id, title, rows }: { id: string; title: string; rows: Row[] }) {
  const m = useStaffMessages().reports;
  const max = Math.max(1, ...rows.map((r) => r.leads));
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {m.chartLabel(title)}
      </h2>
      <ul className="mt-3 space-y-2">
        {rows.map((r) => (
          <li key={r.key} className="flex items-center gap-3">
            <span className="w-28 shrink-0 truncate text-sm sm:w-48" title={r.name}>
              {r.name}
            </span>
            <span className="sr-only">{m.barLabel(r.name, r.leads)}</span>
            <span
              aria-hidden="true"
              className="h-3 rounded bg-red-700"
              style={{ width: `${(r.leads / max) * 60}%`, minWidth: r.leads ? 4 : 0 }}
            />
            <span aria-hidden="true" className="text-sm font-medium">
              {formatNumber(r.leads)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FiguresTable({
  caption,
  heading,
  rows,
  within,
  sortable = true,
}: {
  caption: string;
  heading: string;
  rows: Row[];
  within: number;
  sortable?: boolean;
}) {
  const m = useStaffMessages().reports;
  const sort = <T,>(value: (r: Row) => T) => (sortable ? value : undefined);
  const columns: DataColumn<Row>[] = [
    { id: "name", header: heading, cell: (r) => r.name, sortValue: sort((r) => r.name), cellClassName: "break-all" },
    { id: "leads", header: m.leads, cell: (r) => formatNumber(r.leads), sortValue: sort((r) => r.leads), align: "right" },
    { id: "answered", header: m.answered, cell: (r) => formatNumber(r.answered), sortValue: sort((r) => r.answered), align: "right" },
    {
      id: "median",
      header: m.median,
      cell: (r) => minutes(r.medianFirstResponseMinutes),
      sortValue: sort((r) => r.medianFirstResponseMinutes ?? Number.MAX_SAFE_INTEGER),
      align: "right",
    },
    {
      id: "within",
      header: m.within(within),
      cell: (r) => share(r.answeredWithinShare),
      sortValue: sort((r) => r.answeredWithinShare ?? -1),
      align: "right",
    },
  ];
  return (
    <section>
      <h2 className="text-lg font-bold">{caption}</h2>
      <DataTable<Row> caption={caption} className="mt-3" rows={rows} rowKey={(r) => r.key} empty={null} columns={columns} />
    </section>
  );
}
