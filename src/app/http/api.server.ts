import { Router } from "express";
import { adminApi } from "~/features/admin/admin-api.server";
import { trackingApi } from "~/features/tracking/tracking-api.server";
import type { AppContext } from "~/server/context.server";

/** Every /api router, one per feature. A path none of them answers gets a JSON 404. */
export function apiRouter(ctx: AppContext): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(trackingApi(ctx));
  api.use(adminApi(ctx));
  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return api;
}
