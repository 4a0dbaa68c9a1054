import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { leadStatusSchema } from "~/shared/staff/lead-tracking";
import { uuidField } from "~/shared/validation/fields";
import { tradeInOfferSchema } from "./trade-in-schema";
import { deleteTradeIn, listTradeInsForStaff, sendTradeInOffer, setTradeInStatus, tradeInPhotoFile } from "./trade-in.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /api/admin/trade-ins*: the list, the photos, the offer, the lead status and deletion. Mounted by src/app behind the staff guard. */
export function tradeInStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/trade-ins", async (_req, res) => {
    res.json(await listTradeInsForStaff(ctx));
  });
  // A shopper's photo of their car: signed-in staff only, never stored by a shared cache (decision 085).
  router.get("/admin/trade-ins/:id/photos/:file", async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    const photo = isUuid(id) ? await tradeInPhotoFile(ctx, id, String(req.params.file)) : null;
    if (!photo) return sendError(res, 404, "Not found");
    res.setHeader("Cache-Control", "private, no-store");
    res.type(photo.contentType).send(photo.bytes);
  });
  router.post("/admin/trade-ins/:id/offer", jsonBody(), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, tradeInOfferSchema, req.body);
    if (!input) return;
    const sent = await sendTradeInOffer(ctx, staffOf(res), id, input);
    if (!sent) return sendError(res, 404, "Not found");
    res.json({ id, ...sent });
  });
  router.patch("/admin/trade-ins/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, leadStatusSchema, req.body);
    if (!input) return;
    const tradeIn = await setTradeInStatus(ctx, staffOf(res), id, input.status);
    if (!tradeIn) return sendError(res, 404, "Not found");
    res.json(tradeIn);
  });
  router.delete("/admin/trade-ins/:id", async (req, res) => {
    const id = String(req.params.id).toLowerCase();
    if (!isUuid(id) || !(await deleteTradeIn(ctx, staffOf(res), id))) return sendError(res, 404, "Not found");
    res.status(204).end();
  });
  return router;
}
