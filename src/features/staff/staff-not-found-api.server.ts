import { Router } from "express";
import { sendError } from "~/server/http/api-errors.server";

/** Unknown admin paths still answer JSON; mounted last, after the guard, so they are 401 without a session. */
export function staffNotFound(): Router {
  const router = Router();
  router.all("/admin/{*rest}", (_req, res) => sendError(res, 404, "Not found"));
  return router;
}
