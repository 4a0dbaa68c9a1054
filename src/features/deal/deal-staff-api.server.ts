import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { dealSettingsSchema } from "~/shared/validation/deal-settings-schema";
import { getDealSettings, updateDealSettings } from "./deal-settings.server";

/** GET and PUT /api/admin/deal-settings (owner only: src/server/auth/route-access.server.ts); a change is audited. */
export function dealStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/deal-settings", async (_req, res) => {
    res.json(await getDealSettings(ctx));
  });
  router.put("/admin/deal-settings", jsonBody(), async (req, res) => {
    const settings = parseOr400(res, dealSettingsSchema, req.body);
    if (!settings) return;
    // A client that predates the deal sheet's validity sends none: the stored value stays.
    const sentValidity = typeof req.body === "object" && req.body !== null && "dealValidDays" in req.body;
    const dealValidDays = sentValidity ? settings.dealValidDays : (await getDealSettings(ctx)).settings.dealValidDays;
    res.json(await updateDealSettings(ctx, staffOf(res), { ...settings, dealValidDays }));
  });
  return router;
}
