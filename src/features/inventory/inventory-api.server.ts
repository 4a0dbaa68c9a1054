import crypto from "node:crypto";
import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { preferredEncoding } from "~/server/http/precompressed.server";
import { listInventory } from "./inventory.server";

/** Browsers and proxies may reuse the list briefly; after that they revalidate with the ETag. */
export const VEHICLE_LIST_CACHE_CONTROL = "public, max-age=10, must-revalidate";

/** ETag of the vehicle list, derived from the vehicles' version (count and latest change). */
export function vehicleListEtag(version: string): string {
  return `W/"vehicles-${crypto.createHash("sha256").update(version).digest("base64url").slice(0, 16)}"`;
}

/** GET /api/vehicles */
export function inventoryApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/vehicles", async (req, res) => {
    const { version, json } = await listInventory(ctx);
    const etag = vehicleListEtag(version);
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", VEHICLE_LIST_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding");
    const ifNoneMatch = req.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
      res.status(304).end();
      return;
    }
    // Served pre-compressed (see listInventory); the compression middleware leaves encoded bodies alone.
    const encoding = preferredEncoding(req.get("accept-encoding"));
    res.type("application/json");
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.send(json[encoding]);
  });
  return router;
}
