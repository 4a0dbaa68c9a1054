import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { leadStatusSchema } from "~/shared/staff/lead-tracking";
import { uuidField } from "~/shared/validation/fields";
import { deleteMessage, listMessages, setMessageStatus } from "./contact-staff.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /api/admin/contact-submissions* (docs/behaviour.md §7). Mounted by src/app behind the staff guard. */
export function contactStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/contact-submissions", async (_req, res) => {
    res.json(await listMessages(ctx));
  });
  router.patch("/admin/contact-submissions/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, leadStatusSchema, req.body);
    if (!input) return;
    const result = await setMessageStatus(ctx, staffOf(res), id, input.status);
    if (result.outcome === "not-found") return sendError(res, 404, "Not found");
    res.json(result.message);
  });
  router.delete("/admin/contact-submissions/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await deleteMessage(ctx, staffOf(res), id))) return sendError(res, 404, "Not found");
    res.status(204).end();
  });
  return router;
}
