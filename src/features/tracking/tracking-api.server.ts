import express, { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400 } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { rateLimit } from "~/server/http/rate-limit.server";
import { trackVisitorSchema } from "./track-visitor-schema";
import { trackVisitor } from "./track-visitor.server";
import { recordWebVitals } from "./record-web-vitals.server";
import { webVitalsBeaconSchema } from "./web-vitals-schema";

/** POST /api/track-visitor, POST /api/web-vitals */
export function trackingApi(ctx: AppContext): Router {
  const router = Router();
  router.post("/track-visitor", rateLimit({ limit: 600, windowMs: 60_000, message: "Too many requests" }), jsonBody(), async (req, res) => {
    const input = parseOr400(res, trackVisitorSchema, req.body);
    if (!input) return;
    const outcome = await trackVisitor(ctx, input, { ip: req.ip ?? "", userAgentHeader: req.get("user-agent") });
    res.status(outcome === "recorded" ? 201 : 202).json({ ok: true });
  });
  // navigator.sendBeacon sends a string as text/plain: accept it as JSON. A page load sends one
  // beacon (two if the page is shown again), so 30 a minute per client is plenty; the body is tiny.
  router.post(
    "/web-vitals",
    rateLimit({ limit: 30, windowMs: 60_000, message: "Too many requests" }),
    express.json({ limit: "4kb", strict: true, type: ["application/json", "text/plain"] }),
    async (req, res) => {
      // Beacons come from our own pages; a cross-site form post is junk, not a measurement.
      if (req.get("sec-fetch-site") === "cross-site") return void res.status(403).json({ error: "Forbidden" });
      const input = parseOr400(res, webVitalsBeaconSchema, req.body);
      if (!input) return;
      const outcome = await recordWebVitals(ctx, input, req.get("user-agent"));
      res.status(outcome === "recorded" ? 201 : 202).json({ ok: true });
    },
  );
  return router;
}
