import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { dealSettingsSchema } from "~/shared/validation/deal-settings-schema";
import { getDealSettings, updateDealSettings } from "./deal-settings.server";

/** Settings added after the first Settings tab: a PUT that leaves one out keeps the stored value. */
const KEPT_UNLESS_SENT = ["dealValidDays", "complaintsContact", "buyersGuideSignatureLine", "priceDropMinDays"] as const;

/** GET and PUT /api/admin/deal-settings (owner only: src/server/auth/route-access.server.ts); a change is audited. */
export function dealStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/deal-settings", async (_req, res) => {
    res.json(await getDealSettings(ctx));
  });
  router.put("/admin/deal-settings", jsonBody(), async (req, res) => {
    const settings = parseOr400(res, dealSettingsSchema, req.body);
    if (!settings) return;
    // A client that predates a setting sends none of it: the stored value stays.
    const sent = (key: string) => typeof req.body === "object" && req.body !== null && key in req.body;
    const stored = (await getDealSettings(ctx)).settings;
    const kept = Object.fromEntries(KEPT_UNLESS_SENT.filter((key) => !sent(key)).map((key) => [key, stored[key]]));
    res.json(await updateDealSettings(ctx, staffOf(res), { ...settings, ...kept }));
  });
  return router;
}
