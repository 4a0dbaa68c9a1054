import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { staffMessagesFor, useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import type { SessionUser } from "~/shared/staff/staff-roles";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable, type DataColumn } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { useStaffData } from "~/shared/ui/staff/staff-fetch";
import { MAX_REPORT_DAYS, type LeadFigures, type LeadReport } from "./lead-report-types";

type Row = LeadFigures & { key: string; name: string };

/**
 * The Reports tab (docs/decisions/078-lead-source-and-lead-report.md): the lead report for a range of
 * dates as bars and tables, and the same figures as a CSV download. Without dates the server
 * reports the last 30 days.
 */
export function LeadReportTab({ user }: { user: SessionUser }) {
  const m = useStaffMessages().reports;
  const loading = useStaffMessages().staff.common.loading;
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const query = range ? `?${new URLSearchParams(range).toString()}` : "";
  const { data, error, reload } = useStaffData<LeadReport>(`/api/admin/reports/leads${query}`);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const dates = [String(form.get("from") ?? ""), String(form.get("to") ?? "")].sort();
    const [from, to] = dates as [string, string];
    if (!from) return;
    // Dates the wrong way round are taken in order, and a range longer than the server reports is cut to its last days.
    const earliest = new Date(Date.parse(`${to}T00:00:00Z`) - (MAX_REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    setRange({ from: from < earliest ? earliest : from, to });
  }

  if (error) return <LoadFailed onRetry={reload} />;
  const label = (type: string) => m.types[type] ?? type;
  const rows = {
    source: (data?.bySource ?? []).map((r) => ({ ...r, key: r.source, name: r.source })),
    type: (data?.byType ?? []).map((r) => ({ ...r, key: r.type, name: label(r.type) })),
    week: (data?.byWeek ?? []).map((r) => ({ ...r, key: r.week, name: r.week })),
    salesperson: (data?.bySalesperson ?? []).map((r) => ({ ...r, key: r.assigneeId ?? "unassigned", name: r.name })),
  };
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-bold">{m.heading}</h2>
        {data ? <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.intro(data.withinMinutes)}</p> : null}
      </div>
      {data ? (
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" key={`${data.from}-${data.to}`}>
          <label className="flex flex-col text-sm font-medium">
            {m.from}
            <input type="date" name="from" defaultValue={data.from} required className="mt-1 rounded-md border border-gray-300 px-3 py-2" />
          </label>
          <label className="flex flex-col text-sm font-medium">
            {m.to}
            <input type="date" name="to" defaultValue={data.to} required className="mt-1 rounded-md border border-gray-300 px-3 py-2" />
          </label>
          <Button type="submit" variant="dark">
            {m.show}
          </Button>
          <a
            href={`/api/admin/reports/leads.csv?${new URLSearchParams({ from: data.from, to: data.to }).toString()}`}
            download={`leads-${data.from}-to-${data.to}.csv`}
            className={buttonClass()}
            data-testid="lead-report-csv"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {m.downloadCsv}
          </a>
        </form>
      ) : (
        <p className="text-gray-700">{loading}</p>
      )}
      {data ? (
        <>
          <Totals figures={data.total} within={data.withinMinutes} />
          {data.total.leads === 0 ? <p className="py-6 text-center text-gray-700">{m.empty}</p> : null}
          {data.total.leads > 0 ? (
            <>
              <Bars id="report-by-source" title={m.bySource} rows={rows.source} />
              <Bars id="report-by-week" title={m.byWeek} rows={rows.week} />
              <FiguresTable caption={m.bySource} heading={m.source} rows={rows.source} within={data.withinMinutes} />
              <FiguresTable caption={m.byType} heading={m.type} rows={rows.type} within={data.withinMinutes} />
              <FiguresTable caption={m.byWeek} heading={m.week} rows={rows.week} within={data.withinMinutes} sortable={false} />
              <div>
                <FiguresTable caption={m.bySalesperson} heading={m.salesperson} rows={rows.salesperson} within={data.withinMinutes} />
                {user.role === "sales" ? <p className="mt-2 text-sm text-gray-700">{m.ownRowOnly}</p> : null}
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
      <h3 id={id} className="text-lg font-bold">
        {m.chartLabel(title)}
      </h3>
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
      <h3 className="text-lg font-bold">{caption}</h3>
      <DataTable<Row> caption={caption} className="mt-3" rows={rows} rowKey={(r) => r.key} empty={null} columns={columns} />
    </section>
  );
}
