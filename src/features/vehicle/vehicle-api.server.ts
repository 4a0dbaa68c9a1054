import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { sendError } from "~/server/http/api-errors.server";
import { getVehicle } from "./vehicle.server";

/** GET /api/vehicles/:id: a JSON 404 for an unknown or malformed id. */
export function vehicleApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/vehicles/:id", async (req, res) => {
    const vehicle = await getVehicle(ctx, req.params.id);
    if (!vehicle) {
      sendError(res, 404, "Vehicle not found");
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=10, must-revalidate");
    res.json(vehicle);
  });
  return router;
}
