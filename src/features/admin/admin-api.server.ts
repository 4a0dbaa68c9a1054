import express, { Router, type NextFunction, type Request, type Response } from "express";
import type { AppContext } from "~/server/context.server";
import { insertAuditEntry, listAuditEntries } from "~/server/data/audit-log.server";
import { SlotTakenError } from "~/server/data/bookings.server";
import { deleteContactSubmission } from "~/server/data/contact-submissions.server";
import { listVehicles } from "~/server/data/vehicles.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { MAX_IMAGE_BYTES } from "~/server/images/image-store.server";
import { isValidVin } from "~/shared/lib/vin";
import { uuidField } from "~/shared/validation/fields";
import {
  adminFinancingPdf,
  type FinancingPdfBuilder,
  type FinancingStore,
  DOCUMENT_KINDS,
  financingDocument,
  listFinancingSummaries,
  removeFinancingApplication,
  revealSsn,
  viewFinancingApplication,
  type DocumentKind,
} from "./admin-financing.server";
import {
  activeVisitors,
  changeBookingStatus,
  dailyVisitorStats,
  listMessages,
  upcomingBookings,
  visitorStats,
} from "./admin-reports.server";
import { actorOf, createAdminAuth, sameOriginGuard } from "./admin-session.server";
import {
  changeVehicleStatus,
  createVehicle,
  editVehicle,
  ImageRejectedError,
  removeVehicle,
  storeVehiclePhoto,
  vehiclePriceHistory,
} from "./admin-vehicles.server";
import { createVinDecoder } from "./vin-decoder.server";
import { mapVinDecode } from "./vin-mapping";
import { bookingStatusSchema, loginSchema, vehicleSchema, vehicleStatusSchema } from "./vehicle-schema";

/** Routes reachable without a session. Everything else under /admin needs one. */
export const PUBLIC_ADMIN_ROUTES = new Set(["POST /admin/login", "GET /admin/session"]);

/** Polled automatically (every 30 s): these do not count as staff activity for the idle timeout. */
const BACKGROUND_POLLS = new Set(["GET /admin/active-visitors"]);

const isUuid = (id: string) => uuidField().safeParse(id).success;
const actor = (res: Response) => res.locals.adminActor as string;

/** Express 5 drops async errors into next(); this keeps handlers short. */
type Handler = (req: Request, res: Response) => Promise<void> | void;

/** Every /api/admin/* endpoint (spec §7, DESIGN.md differences 1–4 and 8). */
/** What the admin API needs from other features, wired by src/app/http/api.server.ts. */
export type AdminApiOptions = { financingPdf: FinancingPdfBuilder; financingStore: FinancingStore };

export function adminApi(ctx: AppContext, options: AdminApiOptions): Router {
  const router = Router();
  const auth = createAdminAuth(ctx);
  const vin = createVinDecoder(ctx.env.vpicCacheDir);

  // Guard: same-origin for state changes, then a live session except for the public pair.
  router.use("/admin", sameOriginGuard, async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    if (PUBLIC_ADMIN_ROUTES.has(`${req.method} /admin${req.path}`)) return next();
    const session = await auth.current(req, { background: BACKGROUND_POLLS.has(`${req.method} /admin${req.path}`) });
    if (!session) return sendError(res, 401, "Sign-in required");
    res.locals.adminActor = actorOf(session);
    next();
  });

  const get = (p: string, h: Handler) => router.get(p, h);
  const del = (p: string, h: Handler) => router.delete(p, h);

  router.post("/admin/login", jsonBody(), async (req, res) => {
    const input = parseOr400(res, loginSchema, req.body);
    if (!input) return;
    const outcome = await auth.login(req, res, input.pin);
    if (outcome === "ok") return void res.json({ ok: true });
    if (outcome === "wrong") return sendError(res, 401, "Invalid PIN. Please try again.");
    res.setHeader("Retry-After", String(Math.ceil(outcome.lockedMs / 1000)));
    sendError(res, 429, "Too many wrong PINs. Sign-in is locked for 15 minutes.");
  });
  router.post("/admin/logout", async (req, res) => {
    await auth.logout(req, res);
    res.json({ ok: true });
  });
  get("/admin/session", async (req, res) => {
    const session = await auth.current(req);
    res.json({ authenticated: Boolean(session), idleTimeoutMs: auth.idleMs });
  });

  // Vehicles
  get("/admin/vehicles", async (_req, res) => {
    res.json(await listVehicles(ctx.db));
  });
  router.post("/admin/vehicles", jsonBody("25mb"), async (req, res) => {
    const input = parseOr400(res, vehicleSchema, req.body);
    if (!input) return;
    try {
      const id = await createVehicle(ctx, actor(res), input);
      res.status(201).json({ id });
    } catch (error) {
      if (error instanceof ImageRejectedError) return sendError(res, 400, error.message);
      throw error;
    }
  });
  router.patch("/admin/vehicles/:id", jsonBody("25mb"), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, vehicleSchema, req.body);
    if (!input) return;
    try {
      if (!(await editVehicle(ctx, actor(res), id, input))) return sendError(res, 404, "Not found");
      res.json({ id });
    } catch (error) {
      if (error instanceof ImageRejectedError) return sendError(res, 400, error.message);
      throw error;
    }
  });
  router.patch("/admin/vehicles/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, vehicleStatusSchema, req.body);
    if (!input) return;
    if (!(await changeVehicleStatus(ctx, actor(res), id, input.status))) return sendError(res, 404, "Not found");
    res.json({ id, status: input.status });
  });
  get("/admin/vehicles/:id/price-history", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    res.json(await vehiclePriceHistory(ctx, id));
  });
  del("/admin/vehicles/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await removeVehicle(ctx, actor(res), id))) return sendError(res, 404, "Not found");
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

  get("/admin/vin/:vin", async (req, res) => {
    const code = String(req.params.vin).toUpperCase();
    if (!isValidVin(code)) return sendError(res, 400, "Invalid VIN: wrong length, characters or check digit");
    const decoded = await vin.decode(code);
    if (!decoded) return sendError(res, 422, "This VIN could not be decoded");
    res.json(mapVinDecode(decoded));
  });

  // Financing applications (DESIGN.md difference 3: every view, download and delete is audited)
  get("/admin/financing", async (_req, res) => {
    res.json(await listFinancingSummaries(ctx));
  });
  get("/admin/financing/:id", async (req, res) => {
    const id = String(req.params.id);
    const details = isUuid(id) ? await viewFinancingApplication(ctx, options.financingStore, actor(res), id) : null;
    if (!details) return sendError(res, 404, "Not found");
    res.json(details);
  });
  get("/admin/financing/:id/ssn/:who", async (req, res) => {
    const id = String(req.params.id);
    const who = req.params.who === "co-applicant" ? "coApplicant" : req.params.who === "applicant" ? "applicant" : null;
    const ssn = isUuid(id) && who ? await revealSsn(ctx, actor(res), id, who) : null;
    if (ssn === null) return sendError(res, 404, "Not found");
    res.json({ ssn });
  });
  get("/admin/financing/:id/documents/:kind", async (req, res) => {
    const id = String(req.params.id);
    const kind = String(req.params.kind) as DocumentKind;
    const doc =
      isUuid(id) && DOCUMENT_KINDS.includes(kind) ? await financingDocument(ctx, options.financingStore, actor(res), id, kind) : null;
    if (!doc) return sendError(res, 404, "Not found");
    res.setHeader("Content-Type", doc.contentType);
    res.setHeader("Content-Disposition", "inline");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(doc.bytes);
  });
  get("/admin/financing/:id/pdf", async (req, res) => {
    const id = String(req.params.id);
    const pdf = isUuid(id) ? await adminFinancingPdf(ctx, actor(res), id, options.financingPdf) : null;
    if (!pdf) return sendError(res, 404, "Not found");
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${pdf.filename}"`);
    res.send(Buffer.from(pdf.bytes));
  });
  del("/admin/financing/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await removeFinancingApplication(ctx, options.financingStore, actor(res), id)))
      return sendError(res, 404, "Not found");
    res.status(204).end();
  });

  // Messages
  get("/admin/contact-submissions", async (_req, res) => {
    res.json(await listMessages(ctx));
  });
  del("/admin/contact-submissions/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id) || !(await deleteContactSubmission(ctx.db, id))) return sendError(res, 404, "Not found");
    res.status(204).end();
  });

  // Bookings (DESIGN.md difference 8)
  get("/admin/bookings", async (_req, res) => {
    res.json(await upcomingBookings(ctx));
  });
  router.patch("/admin/bookings/:id", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, bookingStatusSchema, req.body);
    if (!input) return;
    try {
      const booking = await changeBookingStatus(ctx, id, input.status);
      if (!booking) return sendError(res, 404, "Not found");
      res.json(booking);
    } catch (error) {
      if (error instanceof SlotTakenError) return sendError(res, 409, error.message);
      throw error;
    }
  });

  // Visitor reports
  get("/admin/visitor-stats", async (_req, res) => {
    res.json(await visitorStats(ctx));
  });
  get("/admin/active-visitors", async (_req, res) => {
    res.json(await activeVisitors(ctx));
  });
  get("/admin/visitor-daily", async (_req, res) => {
    res.json(await dailyVisitorStats(ctx));
  });

  get("/admin/audit-log", async (_req, res) => {
    res.json(await listAuditEntries(ctx.db, 100));
  });

  // Unknown admin paths still answer JSON (after the guard, so they are 401 without a session).
  router.all("/admin/{*rest}", (_req, res) => sendError(res, 404, "Not found"));
  return router;
}

/** Method and path of every registered /api/admin route (tests enumerate them). */
export function adminRoutes(router: Router): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const layer of router.stack as unknown as { route?: { path: string; methods: Record<string, boolean> } }[]) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: layer.route.path });
    }
  }
  return out;
}

/**
 * For the financing feature's `GET /api/financing/:id/pdf` (its `authorizeStaff` option):
 * true for a live staff session, recording the download in the audit log. Wire it in
 * src/app/http/api.server.ts: `financingApi(ctx, { authorizeStaff: staffPdfAuthorizer(ctx) })`.
 */
export function staffPdfAuthorizer(ctx: AppContext): (req: Request, applicationId: string) => Promise<boolean> {
  const auth = createAdminAuth(ctx);
  return async (req, applicationId) => {
    const session = await auth.current(req);
    if (!session) return false;
    await insertAuditEntry(ctx.db, {
      actor: actorOf(session),
      action: "download-pdf",
      entity: "financing_application",
      entityId: applicationId,
    });
    return true;
  };
}
