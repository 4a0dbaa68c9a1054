import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { sendError } from "~/server/http/api-errors.server";
import { findPublicVehicle } from "./vehicle.server";

/**
 * GET /api/vehicles/:id: a listed vehicle in its public shape; 410 for a sold one, as its page answers
 * (gone for good, and no sale time for anyone to read); a JSON 404 for an unknown or malformed id and
 * for a vehicle not listed yet.
 */
export function vehicleApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/vehicles/:id", async (req, res) => {
    const found = await findPublicVehicle(ctx, req.params.id);
    if (found.kind === "sold") return sendError(res, 410, "Vehicle sold");
    if (found.kind === "not-found") return sendError(res, 404, "Vehicle not found");
    res.setHeader("Cache-Control", "public, max-age=10, must-revalidate");
    res.json(found.vehicle);
  });
  return router;
}
