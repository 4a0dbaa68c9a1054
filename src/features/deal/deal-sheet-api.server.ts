import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { sendError, type ApiErrorBody } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { dealSheetMessagesFor } from "~/shared/i18n/deal-sheet-messages";
import { localeFromBody } from "~/shared/i18n/locales";
import { submitDeal } from "./deal-sheet.server";

/** Requests per client and window, as the contact form's: a shopper sends one or two, a bot is stopped early. */
export const DEAL_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
/** The deal form's fields are a few short values. */
export const DEAL_FORM_MAX_BYTES = 16 * 1024;

/**
 * POST /api/deals: "Send me this deal" (decision 070). 201 `{ id, url }` with the sheet's page; 400
 * with a message per field in `locale`; 410 for a sold vehicle; 404 for one not on the site.
 */
export function dealSheetApi(ctx: AppContext): Router {
  const router = Router();
  router.post(
    "/deals",
    rateLimit({ ...DEAL_RATE_LIMIT, message: (locale) => dealSheetMessagesFor(locale).form.tooMany }),
    jsonBody(),
    async (req, res) => {
      const locale = localeFromBody(req.body);
      const result = await submitDeal(ctx, req.body, locale, new Date(), leadSourceFromCookieHeader(req.headers.cookie), req.ip ?? null);
      if (result.kind === "invalid") {
        res
          .status(400)
          .json({ error: dealSheetMessagesFor(locale).form.fixFields, fieldErrors: result.fieldErrors } satisfies ApiErrorBody);
        return;
      }
      if (result.kind === "sold") return sendError(res, 410, "Vehicle sold");
      if (result.kind === "not-found") return sendError(res, 404, "Vehicle not found");
      res.status(201).json({ id: result.id, url: result.url });
    },
  );
  return router;
}
