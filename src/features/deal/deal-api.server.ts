import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { sendError, type ApiErrorBody } from "~/server/http/api-errors.server";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { isLocale } from "~/shared/i18n/locales";
import { estimateForVehicle } from "./vehicle-estimate.server";

/**
 * GET /api/vehicles/:id/estimate?downPayment=&tradeInValue=&tradeInPayoff=&creditBand=&termMonths=
 * (optional `locale` for the field messages): the out-the-door estimate in dollars with cents; 400
 * with field messages; 410 for a sold vehicle, as its page; 404 for one not on the site.
 */
export function dealApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/vehicles/:id/estimate", async (req, res) => {
    const locale = isLocale(req.query.locale) ? req.query.locale : "en";
    const result = await estimateForVehicle(ctx, req.params.id, req.query, locale);
    if (result.kind === "sold") return sendError(res, 410, "Vehicle sold");
    if (result.kind === "not-found") return sendError(res, 404, "Vehicle not found");
    if (result.kind === "invalid") {
      res.status(400).json({ error: estimateMessagesFor(locale).invalid, fieldErrors: result.fieldErrors } satisfies ApiErrorBody);
      return;
    }
    res.json(result.estimate);
  });
  return router;
}
