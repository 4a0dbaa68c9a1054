import type { AppContext } from "~/server/context.server";
import { webVitalsSince } from "~/server/data/web-vitals.server";
import { rateWebVital, WEB_VITAL_METRICS, type WebVitalMetric, type WebVitalRating } from "./web-vitals-schema";

/** Google's field data looks at 28 days; so does the report. */
export const WEB_VITALS_REPORT_DAYS = 28;

export type WebVitalP75 = { p75: number; rating: WebVitalRating; samples: number };
export type WebVitalsReportRow = { page: string; device: "phone" | "desktop" } & Record<WebVitalMetric, WebVitalP75 | null>;

/** The 75th percentile of ascending `values` (nearest rank, as CrUX reports it). */
export function percentile75(sorted: number[]): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)]!;
}

/**
 * The 75th percentile of LCP, INP and CLS per route pattern and device class over the last
 * 28 days, each with Google's rating; busiest pages first.
 */
export async function webVitalsReport(ctx: AppContext, now = new Date()): Promise<WebVitalsReportRow[]> {
  const since = new Date(now.getTime() - WEB_VITALS_REPORT_DAYS * 86_400_000);
  const groups = new Map<string, { page: string; device: "phone" | "desktop"; values: Record<WebVitalMetric, number[]> }>();
  for (const sample of await webVitalsSince(ctx.db, since)) {
    const key = `${sample.device} ${sample.page}`;
    let group = groups.get(key);
    if (!group) {
      group = { page: sample.page, device: sample.device, values: { LCP: [], INP: [], CLS: [] } };
      groups.set(key, group);
    }
    // Rows arrive sorted by value within each metric.
    group.values[sample.metric].push(sample.value);
  }
  const rows = [...groups.values()].map(({ page, device, values }) => {
    const row = { page, device } as WebVitalsReportRow;
    for (const metric of WEB_VITAL_METRICS) {
      const list = values[metric];
      if (list.length === 0) {
        row[metric] = null;
        continue;
      }
      const p75 = percentile75(list);
      row[metric] = { p75, rating: rateWebVital(metric, p75), samples: list.length };
    }
    return row;
  });
  const samples = (r: WebVitalsReportRow) => r.LCP?.samples ?? r.CLS?.samples ?? r.INP?.samples ?? 0;
  return rows.sort((a, b) => samples(b) - samples(a) || a.page.localeCompare(b.page) || a.device.localeCompare(b.device));
}
