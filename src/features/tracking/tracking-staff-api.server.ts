import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { activeVisitors, dailyVisitorStats, visitorStats } from "./visitor-reports.server";

/** /api/admin/visitor-stats, /active-visitors, /visitor-daily (spec §7, §9). Mounted by src/app behind the staff guard. */
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
  return router;
}
