import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { alertsReport, alertsReportQuery, alertsReportQueryInput, vehicleSaveCounts } from "./alerts-report.server";

/** /api/admin/reports/alerts and /api/admin/vehicles/saves (docs/behaviour.md §21). Mounted by src/app behind the staff guard. */
export function alertsStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/reports/alerts", async (req, res) => {
    const query = parseOr400(res, alertsReportQuery, alertsReportQueryInput(req.query.days));
    if (!query) return;
    res.json(await alertsReport(ctx, query.days));
  });
  router.get("/admin/vehicles/saves", async (_req, res) => {
    res.json(await vehicleSaveCounts(ctx));
  });
  return router;
}
