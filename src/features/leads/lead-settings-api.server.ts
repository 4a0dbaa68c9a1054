import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { leadSettingsSchema } from "~/shared/validation/lead-settings-schema";
import { getLeadSettings, updateLeadSettings } from "./lead-settings.server";

/** GET and PUT /api/admin/lead-settings (owner only: src/server/auth/route-access.server.ts); a change is audited. */
export function leadSettingsApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/lead-settings", async (_req, res) => {
    res.json(await getLeadSettings(ctx));
  });
  router.put("/admin/lead-settings", jsonBody(), async (req, res) => {
    const settings = parseOr400(res, leadSettingsSchema, req.body);
    if (!settings) return;
    res.json(await updateLeadSettings(ctx, staffOf(res), settings));
  });
  return router;
}
