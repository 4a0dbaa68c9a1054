import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { staffPush } from "~/shared/i18n/en/staff-push";
import {
  changeQuietHours,
  listMyDevices,
  pushPublicKey,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  quietHoursSchema,
  subscribeDevice,
  unsubscribeDevice,
} from "./push-subscriptions.server";

/**
 * /api/admin/push-* (decision 111): the VAPID public key, this person's devices (subscribe, list,
 * remove) and their quiet hours. Behind the staff guard; every signed-in person manages their own.
 */
export function pushStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/push-public-key", (_req, res) => {
    res.json({ publicKey: pushPublicKey(ctx) });
  });
  router.get("/admin/push-subscriptions", async (_req, res) => {
    res.json(await listMyDevices(ctx, staffOf(res)));
  });
  router.post("/admin/push-subscriptions", jsonBody(), async (req, res) => {
    const input = parseOr400(res, pushSubscriptionSchema, req.body);
    if (!input) return;
    const result = await subscribeDevice(ctx, staffOf(res), input, req.get("user-agent") ?? null);
    if (result.kind === "bad-endpoint") {
      res.status(400).json({ error: staffPush.api.badEndpoint, fieldErrors: { endpoint: staffPush.api.badEndpoint } });
      return;
    }
    res.status(201).json({ id: result.id });
  });
  router.delete("/admin/push-subscriptions", jsonBody(), async (req, res) => {
    const input = parseOr400(res, pushUnsubscribeSchema, req.body);
    if (!input) return;
    if (!(await unsubscribeDevice(ctx, staffOf(res), { endpoint: input.endpoint }))) return sendError(res, 404, staffPush.api.notFound);
    res.status(204).end();
  });
  router.put("/admin/push-quiet-hours", jsonBody(), async (req, res) => {
    const input = parseOr400(res, quietHoursSchema, req.body);
    if (!input) return;
    await changeQuietHours(ctx, staffOf(res), input);
    res.json({ ok: true });
  });
  return router;
}
