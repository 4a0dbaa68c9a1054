import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { leadStatusSchema } from "~/shared/staff/lead-tracking";
import { uuidField } from "~/shared/validation/fields";
import { dealRevisionSchema } from "./deal-schema";
import { listDealsForStaff, reviseDeal, setDealStatus } from "./deal-sheet.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /api/admin/deals*: the list, a revision and the lead status (decision 070). Mounted by src/app behind the staff guard. */
export function dealSheetStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/deals", async (_req, res) => {
    res.json(await listDealsForStaff(ctx));
  });
  router.post("/admin/deals/:id/revisions", jsonBody(), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const { settings } = await readDealSettings(ctx.db);
    const input = parseOr400(res, dealRevisionSchema(settings.termsMonths), req.body);
    if (!input) return;
    const result = await reviseDeal(ctx, staffOf(res), id, input);
    if (result.kind === "not-found") return sendError(res, 404, "Not found");
    if (result.kind === "replaced") return sendError(res, 409, "This version was already replaced: revise the newest one.");
    if (result.kind === "raised") return sendError(res, 409, result.reason);
    res.status(201).json(result.deal);
  });
  router.patch("/admin/deals/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, leadStatusSchema, req.body);
    if (!input) return;
    const deal = await setDealStatus(ctx, staffOf(res), id, input.status);
    if (!deal) return sendError(res, 404, "Not found");
    res.json(deal);
  });
  return router;
}
