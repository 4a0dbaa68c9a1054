import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { DataTable } from "~/shared/ui/staff/data-table";
import type { WebVitalP75, WebVitalsReportRow } from "./web-vitals-report.server";
import { WEB_VITAL_METRICS, WEB_VITAL_THRESHOLDS, type WebVitalMetric, type WebVitalRating } from "./web-vitals-schema";

/** Google's colours for the three ratings; the rating is also written out, never shown by colour alone. */
const RATING_CLASS: Record<WebVitalRating, string> = {
  good: "bg-green-50 text-green-900",
  "needs-improvement": "bg-amber-50 text-amber-900",
  poor: "bg-red-50 text-red-900",
};

function formatValue(metric: WebVitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  if (metric === "LCP") return `${(value / 1000).toFixed(2)} s`;
  return `${Math.round(value)} ms`;
}

function thresholdHint(metric: WebVitalMetric): string {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  return `≤ ${formatValue(metric, good)} / ≤ ${formatValue(metric, poor)}`;
}

/** The Core Web Vitals report of Visitor Reports: p75 of LCP, INP and CLS per page and device class. */
export function WebVitalsTable({ rows }: { rows: WebVitalsReportRow[] }) {
  const m = useStaffMessages().staff.visitors.webVitals;
  return (
    <section aria-labelledby="web-vitals-heading">
      <h2 id="web-vitals-heading" className="text-lg font-bold">
        {m.heading}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{m.intro}</p>
      <DataTable<WebVitalsReportRow>
        caption={m.heading}
        className="mt-3"
        testId="web-vitals"
        rows={rows}
        rowKey={(row) => `${row.device} ${row.page}`}
        empty={<p className="py-6 text-center text-gray-700">{m.empty}</p>}
        columns={[
          { id: "page", header: m.page, cell: (row) => row.page, sortValue: (row) => row.page, cellClassName: "break-all font-mono" },
          { id: "device", header: m.device, cell: (row) => m[row.device], sortValue: (row) => row.device },
          ...WEB_VITAL_METRICS.map((metric) => ({
            id: metric,
            label: metric,
            header: (
              <>
                {metric}
                <span className="block text-xs font-normal text-gray-700">{thresholdHint(metric)}</span>
              </>
            ),
            align: "right" as const,
            // Worst first is what staff look for: a page without data sorts last.
            sortValue: (row: WebVitalsReportRow) => row[metric]?.p75 ?? -1,
            cellClassName: (row: WebVitalsReportRow) => (row[metric] ? RATING_CLASS[row[metric].rating] : "text-gray-700"),
            cell: (row: WebVitalsReportRow) => <MetricValue metric={metric} value={row[metric]} />,
          })),
          {
            id: "samples",
            header: m.samples,
            align: "right",
            cell: (row) => formatNumber(samplesOf(row)),
            sortValue: samplesOf,
          },
        ]}
      />
    </section>
  );
}

const samplesOf = (row: WebVitalsReportRow) => Math.max(row.LCP?.samples ?? 0, row.INP?.samples ?? 0, row.CLS?.samples ?? 0);

function MetricValue({ metric, value }: { metric: WebVitalMetric; value: WebVitalP75 | null }) {
  const m = useStaffMessages().staff.visitors.webVitals;
  if (!value) return m.noData;
  return (
    <span data-rating={value.rating}>
      <span className="font-semibold">{formatValue(metric, value.p75)}</span>
      <span className="block text-xs">{m.ratings[value.rating]}</span>
    </span>
  );
}
