import { Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import type { VisitorsScreenData } from "./visitors-screen.server";
import { WebVitalsTable } from "./web-vitals-table";

/** docs/behaviour.md §9: the top list has 5 entries. */
const TOP_PAGES = 5;

/**
 * /podium/reports/visitors (docs/behaviour.md §2, §9): active visitors (as the page was read; Refresh
 * reads them again), page views, the top pages, the last 30 days and the Core Web Vitals of real visits.
 */
export function VisitorsScreen({ data }: { data: VisitorsScreenData }) {
  const messages = useStaffMessages();
  const m = messages.staff.visitors;
  const pages = data.pages;
  const total = pages.reduce((sum, p) => sum + p.count, 0);
  const top = [...pages].sort((a, b) => b.count - a.count).slice(0, TOP_PAGES);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{messages.staff.shell.screens.visitors}</h1>
        <Link to="/podium/reports/visitors" preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
          {m.refresh}
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={m.active} hint={m.activeHint} value={data.active} testId="active-visitors" />
        <StatCard label={m.totalViews} value={total} testId="total-views" />
        <StatCard label={m.trackedPages} value={pages.length} testId="tracked-pages" />
      </div>
      {pages.length === 0 ? <p className="py-6 text-center text-gray-700">{m.empty}</p> : null}
      {total > 0 ? <DailyChart days={data.daily} /> : null}
      {pages.length > 0 ? (
        <>
          <section aria-labelledby="top-pages">
            <h2 id="top-pages" className="text-lg font-bold">
              {m.topPages}
            </h2>
            <ol className="mt-3 space-y-2">
              {top.map((p) => (
                <li key={p.page} className="flex items-center gap-3">
                  <span className="w-40 shrink-0 truncate font-mono text-sm sm:w-64" title={p.page}>
                    {p.page}
                  </span>
                  <span
                    className="h-3 rounded bg-red-700"
                    style={{ width: `${Math.max(2, (p.count / (top[0]?.count || 1)) * 60)}%` }}
                    aria-hidden="true"
                  />
                  <span className="text-sm font-medium">{formatNumber(p.count)}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="all-pages">
            <h2 id="all-pages" className="text-lg font-bold">
              {m.allPages}
            </h2>
            <DataTable<{ page: string; count: number }>
              caption={m.allPages}
              className="mt-3"
              rows={pages}
              rowKey={(p) => p.page}
              empty={null}
              columns={[
                { id: "page", header: m.page, cell: (p) => p.page, sortValue: (p) => p.page, cellClassName: "break-all font-mono" },
                { id: "visits", header: m.visits, cell: (p) => formatNumber(p.count), sortValue: (p) => p.count, align: "right" },
              ]}
            />
          </section>
        </>
      ) : null}
      <WebVitalsTable rows={data.vitals} />
    </div>
  );
}

function StatCard({ label, hint, value, testId }: { label: string; hint?: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-1 text-3xl font-bold" data-testid={testId}>
        {formatNumber(value)}
      </p>
      {hint ? <p className="text-xs text-gray-700">{hint}</p> : null}
    </div>
  );
}

/** Daily page views as CSS bars; each bar carries its value for screen readers. */
function DailyChart({ days }: { days: { day: string; count: number }[] }) {
  const m = useStaffMessages().staff.visitors;
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <section aria-labelledby="daily-views">
      <h2 id="daily-views" className="text-lg font-bold">
        {m.daily}
      </h2>
      <ul className="mt-3 flex h-40 items-end gap-[2px] border-b border-gray-300">
        {days.map((d) => (
          <li key={d.day} className="flex h-full flex-1 items-end" title={m.dailyBar(d.day, d.count)}>
            <span className="sr-only">{m.dailyBar(d.day, d.count)}</span>
            <span
              aria-hidden="true"
              className="w-full rounded-t bg-red-700"
              style={{ height: `${(d.count / max) * 100}%`, minHeight: d.count ? 2 : 0 }}
            />
          </li>
        ))}
      </ul>
      <div className="mt-1 flex justify-between text-xs text-gray-700" aria-hidden="true">
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
    </section>
  );
}
