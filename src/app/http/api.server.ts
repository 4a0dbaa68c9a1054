import { Router } from "express";
import { bookingApi } from "~/features/booking/booking-api.server";
import { financingApi } from "~/features/financing/financing-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { inventoryApi } from "~/features/inventory/inventory-api.server";
import { trackingApi } from "~/features/tracking/tracking-api.server";
import { vehicleApi } from "~/features/vehicle/vehicle-api.server";
import type { AppContext } from "~/server/context.server";

/** Every /api router, one per feature. A path none of them answers gets a JSON 404. */
export function apiRouter(ctx: AppContext): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(trackingApi(ctx));
  api.use(bookingApi(ctx));
  api.use(financingApi(ctx));
  api.use(inventoryApi(ctx));
  api.use(vehicleApi(ctx));
  api.use(contactApi(ctx));
  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return api;
}
