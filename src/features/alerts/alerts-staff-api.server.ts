import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { ALERTS_REPORT_MAX_DAYS, alertsReport, vehicleSaveCounts } from "./alerts-report.server";

const reportQuery = z.object({
  days: z.coerce
    .number({ error: `A whole number of days from 1 to ${ALERTS_REPORT_MAX_DAYS}.` })
    .int(`A whole number of days from 1 to ${ALERTS_REPORT_MAX_DAYS}.`)
    .min(1, `A whole number of days from 1 to ${ALERTS_REPORT_MAX_DAYS}.`)
    .max(ALERTS_REPORT_MAX_DAYS, `A whole number of days from 1 to ${ALERTS_REPORT_MAX_DAYS}.`)
    .default(30),
});

/** /api/admin/reports/alerts and /api/admin/vehicles/saves (docs/behaviour.md §21). Mounted by src/app behind the staff guard. */
export function alertsStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/reports/alerts", async (req, res) => {
    const query = parseOr400(res, reportQuery, {
      days: typeof req.query.days === "string" && req.query.days !== "" ? req.query.days : undefined,
    });
    if (!query) return;
    res.json(await alertsReport(ctx, query.days));
  });
  router.get("/admin/vehicles/saves", async (_req, res) => {
    res.json(await vehicleSaveCounts(ctx));
  });
  return router;
}
