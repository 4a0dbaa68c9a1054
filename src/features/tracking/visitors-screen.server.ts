import type { AppContext } from "~/server/context.server";
import { activeVisitors, dailyVisitorStats, visitorStats } from "./visitor-reports.server";
import { webVitalsReport, type WebVitalsReportRow } from "./web-vitals-report.server";

export type VisitorsScreenData = {
  pages: { page: string; count: number }[];
  /** Visitors of the last 5 minutes, as the page was read. */
  active: number;
  daily: { day: string; count: number }[];
  vitals: WebVitalsReportRow[];
};

/**
 * /podium/reports/visitors (owner, sales; docs/behaviour.md §2, §9): page views, active visitors, the
 * last 30 days and the Core Web Vitals of real visits, from the use cases of GET
 * /api/admin/visitor-stats, /active-visitors, /visitor-daily and /web-vitals.
 */
export async function visitorsScreen(ctx: AppContext): Promise<VisitorsScreenData> {
  const [pages, active, daily, vitals] = await Promise.all([
    visitorStats(ctx),
    activeVisitors(ctx),
    dailyVisitorStats(ctx),
    webVitalsReport(ctx),
  ]);
  return { pages, active: active.count, daily, vitals };
}
