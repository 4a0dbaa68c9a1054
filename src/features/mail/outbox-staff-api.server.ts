import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { staffOf } from "~/server/http/staff-request.server";
import { mailIdSchema, mailStatus, notFailedMessage, outboxPage, outboxQuerySchema, retryMail } from "./outbox-staff.server";

/**
 * /api/admin/mail-status (every role: the dashboard's banner) and /api/admin/outbox* (owner:
 * the Outbox tab). The outbox itself is platform code in src/server; this feature is its staff face.
 */
export function outboxStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/mail-status", async (_req, res) => {
    res.json(await mailStatus(ctx));
  });
  router.get("/admin/outbox", async (req, res) => {
    const query = parseOr400(res, outboxQuerySchema, req.query);
    if (!query) return;
    res.json(await outboxPage(ctx, query.status ?? null));
  });
  router.post("/admin/outbox/:id/retry", async (req, res) => {
    const id = mailIdSchema.safeParse(req.params.id);
    const result = id.success ? await retryMail(ctx, staffOf(res), id.data) : { outcome: "not-found" as const };
    if (result.outcome === "not-found") return sendError(res, 404, "Not found");
    if (result.outcome === "not-failed") return sendError(res, 409, notFailedMessage(result.status));
    res.json(result.mail);
  });
  return router;
}
