import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { sendError } from "~/server/http/api-errors.server";
import { uuidField } from "~/shared/validation/fields";
import { deleteMessage, listMessages } from "./contact-staff.server";

/** /api/admin/contact-submissions* (spec §7). Mounted by src/app behind the staff guard. */
export function contactStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/contact-submissions", async (_req, res) => {
    res.json(await listMessages(ctx));
  });
  router.delete("/admin/contact-submissions/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!uuidField().safeParse(id).success || !(await deleteMessage(ctx, id))) return sendError(res, 404, "Not found");
    res.status(204).end();
  });
  return router;
}
