import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { DataTable } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { useStaffData } from "~/shared/ui/staff/staff-fetch";
import type { WebVitalsReportRow } from "./web-vitals-report.server";
import { WebVitalsTable } from "./web-vitals-table";

/** docs/behaviour.md §9: active visitors are polled every 30 s; the top list has 5 entries. */
export const ACTIVE_POLL_MS = 30_000;
export const TOP_PAGES = 5;

export function VisitorsTab() {
  const m = useStaffMessages().staff.visitors;
  const stats = useStaffData<{ page: string; count: number }[]>("/api/admin/visitor-stats");
  const active = useStaffData<{ count: number }>("/api/admin/active-visitors", ACTIVE_POLL_MS);
  const daily = useStaffData<{ day: string; count: number }[]>("/api/admin/visitor-daily");
  const vitals = useStaffData<WebVitalsReportRow[]>("/api/admin/web-vitals");

  if (stats.error) return <LoadFailed onRetry={stats.reload} />;
  const pages = stats.data ?? [];
  const total = pages.reduce((sum, p) => sum + p.count, 0);
  const top = [...pages].sort((a, b) => b.count - a.count).slice(0, TOP_PAGES);
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={m.active} hint={m.activeHint} value={active.data?.count} testId="active-visitors" />
        <StatCard label={m.totalViews} value={stats.data ? total : undefined} testId="total-views" />
        <StatCard label={m.trackedPages} value={stats.data ? pages.length : undefined} testId="tracked-pages" />
      </div>
      {stats.data && pages.length === 0 ? <p className="py-6 text-center text-gray-700">{m.empty}</p> : null}
      {daily.data && total > 0 ? <DailyChart days={daily.data} /> : null}
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
      {vitals.data ? <WebVitalsTable rows={vitals.data} /> : null}
    </div>
  );
}

function StatCard({ label, hint, value, testId }: { label: string; hint?: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-1 text-3xl font-bold" data-testid={testId}>
        {value === undefined ? "–" : formatNumber(value)}
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
