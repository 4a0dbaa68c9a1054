import { Router, type Request, type Response } from "express";
import type { AppContext } from "~/server/context.server";
import type { ApiErrorBody } from "~/server/http/api-errors.server";
import { staffOf } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { leadReport, leadReportCsv, leadReportRange } from "./lead-report.server";
import type { LeadReport } from "./lead-report-types";

/**
 * GET /api/admin/reports/leads?from=&to= (JSON) and /api/admin/reports/leads.csv?from=&to= (a
 * spreadsheet), for the owner and sales (src/server/auth/route-access.server.ts). Dates are the
 * dealership's, both included; without them, the last 30 days.
 */
export function leadReportStaffApi(ctx: AppContext): Router {
  const router = Router();
  const report = async (req: Request, res: Response): Promise<LeadReport | null> => {
    const range = leadReportRange(req.query);
    if (range.ok) return leadReport(ctx, staffOf(res), range.range);
    res.status(400).json({ error: staffMessagesFor().reports.errors.checkDates, fieldErrors: range.fieldErrors } satisfies ApiErrorBody);
    return null;
  };
  router.get("/admin/reports/leads", async (req, res) => {
    const answer = await report(req, res);
    if (answer) res.json(answer);
  });
  router.get("/admin/reports/leads.csv", async (req, res) => {
    const answer = await report(req, res);
    if (!answer) return;
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="leads-${answer.from}-to-${answer.to}.csv"`);
    res.send(leadReportCsv(answer));
  });
  return router;
}
