import { Router } from "express";
import { alertsApi } from "~/features/alerts/alerts-api.server";
import { bookingApi } from "~/features/booking/booking-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { dealApi } from "~/features/deal/deal-api.server";
import { dealSheetApi } from "~/features/deal/deal-sheet-api.server";
import { financingApi } from "~/features/financing/financing-api.server";
import { staffAccess } from "~/features/staff/staff-accounts-api.server";
import { inventoryApi } from "~/features/inventory/inventory-api.server";
import { trackingApi } from "~/features/tracking/tracking-api.server";
import { tradeInApi } from "~/features/trade-in/trade-in-api.server";
import { vehicleApi } from "~/features/vehicle/vehicle-api.server";
import type { AppContext } from "~/server/context.server";
import { staffRouter } from "./staff-router.server";
import { serviceVinDecode, tradeInVinDecode } from "./service-vin-decoder.server";

/**
 * Every /api router, one per feature, then the staff API (src/app/http/staff-router.server.ts).
 * Features never import each other. A path none of them answers gets a JSON 404.
 */
export function apiRouter(ctx: AppContext): Router {
  const api = Router();
  const access = staffAccess(ctx);
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(trackingApi(ctx));
  api.use(inventoryApi(ctx));
  api.use(vehicleApi(ctx));
  api.use(dealApi(ctx));
  api.use(dealSheetApi(ctx));
  api.use(contactApi(ctx));
  api.use(bookingApi(ctx, serviceVinDecode(ctx.env.vpicCacheDir)));
  api.use(tradeInApi(ctx, tradeInVinDecode(ctx.env.vpicCacheDir)));
  api.use(alertsApi(ctx));
  // Staff may download any application's PDF here too (docs/behaviour.md §11): identify them.
  api.get("/financing/:id/pdf", access.identify);
  api.use(financingApi(ctx));
  api.use(staffRouter(ctx, access));
  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return api;
}
