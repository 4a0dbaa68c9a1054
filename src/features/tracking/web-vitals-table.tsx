import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber } from "~/shared/lib/format";
import { ColumnHeadings } from "~/shared/ui/staff/column-headings";
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
  const m = useStaffMessages().admin.visitors.webVitals;
  return (
    <section aria-labelledby="web-vitals-heading">
      <h2 id="web-vitals-heading" className="text-lg font-bold">
        {m.heading}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{m.intro}</p>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-gray-700">{m.empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-gray-200">
          <table className="w-full text-left text-sm" data-testid="web-vitals">
            <ColumnHeadings
              className="bg-gray-50"
              cellClassName="px-4 py-2"
              columns={[
                m.page,
                m.device,
                ...WEB_VITAL_METRICS.map((metric) => ({
                  label: (
                    <>
                      {metric}
                      <span className="block text-xs font-normal text-gray-700">{thresholdHint(metric)}</span>
                    </>
                  ),
                  className: "text-right",
                })),
                { label: m.samples, className: "text-right" },
              ]}
            />
            <tbody className="divide-y divide-gray-200">
              {rows.map((row) => (
                <tr key={`${row.device} ${row.page}`}>
                  <td className="break-all px-4 py-2 font-mono">{row.page}</td>
                  <td className="px-4 py-2">{m[row.device]}</td>
                  {WEB_VITAL_METRICS.map((metric) => (
                    <MetricCell key={metric} metric={metric} value={row[metric]} />
                  ))}
                  <td className="px-4 py-2 text-right">
                    {formatNumber(Math.max(row.LCP?.samples ?? 0, row.INP?.samples ?? 0, row.CLS?.samples ?? 0))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MetricCell({ metric, value }: { metric: WebVitalMetric; value: WebVitalP75 | null }) {
  const m = useStaffMessages().admin.visitors.webVitals;
  if (!value) return <td className="px-4 py-2 text-right text-gray-700">{m.noData}</td>;
  return (
    <td className={`px-4 py-2 text-right ${RATING_CLASS[value.rating]}`} data-rating={value.rating}>
      <span className="font-semibold">{formatValue(metric, value.p75)}</span>
      <span className="block text-xs">{m.ratings[value.rating]}</span>
    </td>
  );
}
