import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { activeVisitors, dailyVisitorStats, visitorStats } from "./visitor-reports.server";
import { webVitalsReport } from "./web-vitals-report.server";

/**
 * /api/admin/visitor-stats, /active-visitors, /visitor-daily (docs/behaviour.md §7, §9) and /web-vitals (the
 * 28-day p75 of real visits). Mounted by src/app behind the staff guard.
 */
export function trackingStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/visitor-stats", async (_req, res) => {
    res.json(await visitorStats(ctx));
  });
  router.get("/admin/active-visitors", async (_req, res) => {
    res.json(await activeVisitors(ctx));
  });
  router.get("/admin/visitor-daily", async (_req, res) => {
    res.json(await dailyVisitorStats(ctx));
  });
  router.get("/admin/web-vitals", async (_req, res) => {
    res.json(await webVitalsReport(ctx));
  });
  return router;
}
