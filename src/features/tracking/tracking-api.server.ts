import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { trackVisitorSchema } from "./track-visitor-schema";
import { trackVisitor } from "./track-visitor.server";

/** POST /api/track-visitor */
export function trackingApi(ctx: AppContext): Router {
  const router = Router();
  router.post("/track-visitor", rateLimit({ limit: 600, windowMs: 60_000, message: "Too many requests" }), jsonBody(), async (req, res) => {
    const input = parseOr400(res, trackVisitorSchema, req.body);
    if (!input) return;
    const outcome = await trackVisitor(ctx, input, { ip: req.ip ?? "", userAgentHeader: req.get("user-agent") });
    res.status(outcome === "recorded" ? 201 : 202).json({ ok: true });
  });
  return router;
}
