import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { uuidField } from "~/shared/validation/fields";
import { saveServiceTexts, staffServices } from "./booking-services-staff.server";
import { changeBookingStatus, upcomingBookings } from "./booking-staff.server";
import { serviceTextsSchema } from "./service-texts-schema";

/** PATCH /api/admin/bookings/:id */
export const bookingStatusSchema = z.object({ status: z.enum(["confirmed", "cancelled", "pending"]) });

/** /api/admin/bookings* (docs/behaviour.md §2 Staff dashboard) and /api/admin/services*. Mounted by src/app behind the staff guard. */
export function bookingStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/bookings", async (_req, res) => {
    res.json(await upcomingBookings(ctx));
  });
  router.patch("/admin/bookings/:id", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!uuidField().safeParse(id).success) return sendError(res, 404, "Not found");
    const input = parseOr400(res, bookingStatusSchema, req.body);
    if (!input) return;
    const result = await changeBookingStatus(ctx, staffOf(res), id, input.status);
    if (result.outcome === "not-found") return sendError(res, 404, "Not found");
    if (result.outcome === "slot-taken") return sendError(res, 409, result.message);
    res.json(result.booking);
  });
  router.get("/admin/services", async (_req, res) => {
    res.json(await staffServices(ctx));
  });
  router.put("/admin/services/:id", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!uuidField().safeParse(id).success) return sendError(res, 404, "Not found");
    const m = staffMessagesFor().services.validation;
    const input = parseOr400(res, serviceTextsSchema(m), req.body, m.fixFields);
    if (!input) return;
    const saved = await saveServiceTexts(ctx, staffOf(res), id, input);
    if (!saved) return sendError(res, 404, "Not found");
    res.json(saved);
  });
  return router;
}
