import express, { Router, type Response } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { MAX_IMAGE_BYTES } from "~/server/images/image-store.server";
import { isValidVin } from "~/shared/lib/vin";
import { uuidField } from "~/shared/validation/fields";
import { z } from "zod";
import {
  changeVehicleStatus,
  createVehicle,
  editVehicle,
  ImageRejectedError,
  listVehiclesForStaff,
  removeVehicle,
  StockNumberTakenError,
  storeVehiclePhoto,
  vehicleBuyersGuide,
  vehicleDocuments,
  vehicleMaWarranty,
  vehiclePriceHistory,
  vehicleRightsNotice,
  WarrantyRefusedError,
} from "./vehicle-editing.server";
import { CsvFileError, exportVehiclesCsv, importVehiclesCsv } from "./vehicle-csv.server";
import { vehicleEditSchema, vehicleSchema, vehicleStatusSchema } from "./vehicle-schema";
import { vinDecoderFor } from "./vin-decoder.server";
import { mapVinDecode } from "./vin-mapping";

const isUuid = (id: string) => uuidField().safeParse(id).success;
const NOT_FOUND = "Not found";

/** A 400 with one message per field, in the shape parseOr400 answers. */
function sendFieldErrors(res: Response, fieldErrors: Record<string, string>): void {
  res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors });
}
const sendFieldError = (res: Response, field: string, message: string) => sendFieldErrors(res, { [field]: message });

/**
 * The body as UTF-8 bytes: a charset named in Content-Type (a DMS export in windows-1252) is
 * decoded, as the text body parser did before; null for a charset no decoder knows.
 */
function utf8Body(contentType: string | undefined, body: Buffer): Buffer | null {
  const charset = /;\s*charset="?([^";\s]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  if (!charset || charset === "utf-8" || charset === "utf8") return body;
  try {
    return Buffer.from(new TextDecoder(charset).decode(body), "utf8");
  } catch {
    return null;
  }
}

/**
 * /api/admin/vehicles*, /api/admin/photos, /api/admin/vin/:vin (docs/behaviour.md §7). Mounted by src/app
 * behind the staff guard, which sets the signed-in person read by staffOf().
 */
export function vehiclesStaffApi(ctx: AppContext): Router {
  const router = Router();
  const vin = vinDecoderFor(ctx.env.vpicCacheDir);

  router.get("/admin/vehicles", async (_req, res) => {
    res.json(await listVehiclesForStaff(ctx));
  });
  router.post("/admin/vehicles", jsonBody("25mb"), async (req, res) => {
    const input = parseOr400(res, vehicleSchema, req.body);
    if (!input) return;
    try {
      const id = await createVehicle(ctx, staffOf(res), input);
      res.status(201).json({ id });
    } catch (error) {
      if (error instanceof ImageRejectedError) return sendError(res, 400, error.message);
      if (error instanceof StockNumberTakenError) return sendFieldError(res, "stockNumber", error.message);
      if (error instanceof WarrantyRefusedError) return sendFieldErrors(res, error.fieldErrors);
      throw error;
    }
  });
  router.patch("/admin/vehicles/:id", jsonBody("25mb"), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    const input = parseOr400(res, vehicleEditSchema, req.body);
    if (!input) return;
    try {
      if (!(await editVehicle(ctx, staffOf(res), id, input))) return sendError(res, 404, NOT_FOUND);
      res.json({ id });
    } catch (error) {
      if (error instanceof ImageRejectedError) return sendError(res, 400, error.message);
      if (error instanceof StockNumberTakenError) return sendFieldError(res, "stockNumber", error.message);
      if (error instanceof WarrantyRefusedError) return sendFieldErrors(res, error.fieldErrors);
      throw error;
    }
  });
  router.patch("/admin/vehicles/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    const input = parseOr400(res, vehicleStatusSchema, req.body);
    if (!input) return;
    if (!(await changeVehicleStatus(ctx, staffOf(res), id, input.status))) return sendError(res, 404, NOT_FOUND);
    res.json({ id, status: input.status });
  });
  router.get("/admin/vehicles/:id/price-history", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    res.json(await vehiclePriceHistory(ctx, id));
  });
  // CSV: every vehicle out; a dry run or a real import in (upsert by VIN).
  router.get("/admin/vehicles/export.csv", async (_req, res) => {
    const csv = await exportVehiclesCsv(ctx, staffOf(res));
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="vehicles-${new Date().toISOString().slice(0, 10)}.csv"`);
    res.send(csv);
  });
  // The body stays bytes: the parser reads them a chunk at a time (decision 053).
  router.post("/admin/vehicles/import", express.raw({ type: () => true, limit: "10mb" }), async (req, res) => {
    const dryRun = z.enum(["true", "false"]).safeParse(req.query.dryRun ?? "true");
    if (!dryRun.success) return sendError(res, 400, "dryRun must be true or false");
    const body = utf8Body(req.get("content-type"), Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    if (!body) return sendError(res, 415, "Unsupported charset: send the file as UTF-8");
    try {
      res.json(await importVehiclesCsv(ctx, staffOf(res), body, { dryRun: dryRun.data === "true" }));
    } catch (error) {
      if (error instanceof CsvFileError) return sendError(res, 400, error.message);
      throw error;
    }
  });
  router.get("/admin/vehicles/:id/buyers-guide.pdf", async (req, res) => {
    const id = String(req.params.id);
    const lang = z.enum(["en", "es"]).safeParse(req.query.lang ?? "en");
    if (!lang.success) return sendError(res, 400, "lang must be en or es");
    const pdf = isUuid(id) ? await vehicleBuyersGuide(ctx, staffOf(res), id, lang.data) : null;
    if (!pdf) return sendError(res, 404, NOT_FOUND);
    if (pdf === "terms-missing")
      return sendError(res, 409, "This vehicle's dealer warranty has no terms yet: choose its systems and days in the vehicle form first.");
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${pdf.filename}"`);
    res.send(Buffer.from(pdf.bytes));
  });
  // The Massachusetts written warranty (decision 060); 409 where the statute requires none.
  router.get("/admin/vehicles/:id/ma-warranty.pdf", async (req, res) => {
    const id = String(req.params.id);
    const lang = z.enum(["en", "es"]).safeParse(req.query.lang ?? "en");
    if (!lang.success) return sendError(res, 400, "lang must be en or es");
    const pdf = isUuid(id) ? await vehicleMaWarranty(ctx, staffOf(res), id, lang.data) : null;
    if (!pdf) return sendError(res, 404, NOT_FOUND);
    if (pdf === "not-covered") {
      return sendError(
        res,
        409,
        "Massachusetts law requires no written warranty on this vehicle: $700 or more (with the documentation fee) and under 125,000 miles only. Print its rights notice instead.",
      );
    }
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${pdf.filename}"`);
    res.send(Buffer.from(pdf.bytes));
  });
  // The notice of a Massachusetts buyer's rights, for every vehicle (decision 091).
  router.get("/admin/vehicles/:id/rights-notice.pdf", async (req, res) => {
    const id = String(req.params.id);
    const lang = z.enum(["en", "es"]).safeParse(req.query.lang ?? "en");
    if (!lang.success) return sendError(res, 400, "lang must be en or es");
    const pdf = isUuid(id) ? await vehicleRightsNotice(ctx, staffOf(res), id, lang.data) : null;
    if (!pdf) return sendError(res, 404, NOT_FOUND);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${pdf.filename}"`);
    res.send(Buffer.from(pdf.bytes));
  });
  router.get("/admin/vehicles/:id/documents", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    res.json(await vehicleDocuments(ctx, id));
  });
  router.delete("/admin/vehicles/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await removeVehicle(ctx, staffOf(res), id))) return sendError(res, 404, NOT_FOUND);
    res.status(204).end();
  });

  // One photo per request, as raw bytes (the browser has already resized it).
  router.post("/admin/photos", express.raw({ type: () => true, limit: MAX_IMAGE_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      res.status(201).json(await storeVehiclePhoto(ctx, body));
    } catch (error) {
      if (error instanceof ImageRejectedError) return sendError(res, 415, error.message);
      throw error;
    }
  });

  router.get("/admin/vin/:vin", async (req, res) => {
    const code = String(req.params.vin).toUpperCase();
    if (!isValidVin(code)) return sendError(res, 400, "Invalid VIN: wrong length, characters or check digit");
    const decoded = await vin.decode(code);
    if (!decoded) return sendError(res, 422, "This VIN could not be decoded");
    res.json(mapVinDecode(decoded));
  });

  return router;
}
