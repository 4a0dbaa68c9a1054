import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { leadStatusSchema } from "~/shared/staff/lead-tracking";
import { uuidField } from "~/shared/validation/fields";
import { z } from "zod";
import { CREDIT_DECISIONS } from "~/server/data/financing-applications.server";

/** PATCH /api/admin/financing/:id/decision (and the Financing Apps screen's form): the action taken, of which the applicant was told now. */
export const creditDecisionSchema = z.object({
  decision: z.enum(CREDIT_DECISIONS, { error: "Decision must be approved, declined or withdrawn." }),
});
import {
  deleteFinancingApplication,
  DOCUMENT_SLOTS,
  recordCreditDecision,
  financingDocument,
  retainedMessage,
  listFinancingSummaries,
  revealSsn,
  setApplicationStatus,
  staffFinancingPdf,
  viewFinancingApplication,
  type DocumentSlot,
} from "./financing-staff.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;
const NOT_FOUND = "Not found";

/**
 * /api/admin/financing* (docs/behaviour.md §7, §11). Mounted by src/app behind the
 * staff guard, which sets the signed-in person read by staffOf().
 */
export function financingStaffApi(ctx: AppContext): Router {
  const router = Router();

  router.get("/admin/financing", async (_req, res) => {
    res.json(await listFinancingSummaries(ctx));
  });
  router.get("/admin/financing/:id", async (req, res) => {
    const id = String(req.params.id);
    const details = isUuid(id) ? await viewFinancingApplication(ctx, staffOf(res), id) : null;
    if (!details) return sendError(res, 404, NOT_FOUND);
    res.json(details);
  });
  router.get("/admin/financing/:id/ssn/:who", async (req, res) => {
    const id = String(req.params.id);
    const who = req.params.who === "co-applicant" ? "coApplicant" : req.params.who === "applicant" ? "applicant" : null;
    const ssn = isUuid(id) && who ? await revealSsn(ctx, staffOf(res), id, who) : null;
    if (ssn === null) return sendError(res, 404, NOT_FOUND);
    res.json({ ssn });
  });
  router.get("/admin/financing/:id/documents/:kind", async (req, res) => {
    const id = String(req.params.id);
    const slot = String(req.params.kind) as DocumentSlot;
    const doc = isUuid(id) && DOCUMENT_SLOTS.includes(slot) ? await financingDocument(ctx, staffOf(res), id, slot) : null;
    if (!doc) return sendError(res, 404, NOT_FOUND);
    res.setHeader("Content-Type", doc.contentType);
    res.setHeader("Content-Disposition", "inline");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(doc.bytes);
  });
  router.get("/admin/financing/:id/pdf", async (req, res) => {
    const id = String(req.params.id);
    const pdf = isUuid(id) ? await staffFinancingPdf(ctx, staffOf(res), id) : null;
    if (!pdf) return sendError(res, 404, NOT_FOUND);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${pdf.fileName}"`);
    res.send(Buffer.from(pdf.bytes));
  });
  router.patch("/admin/financing/:id/status", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    const input = parseOr400(res, leadStatusSchema, req.body);
    if (!input) return;
    const result = await setApplicationStatus(ctx, staffOf(res), id, input.status);
    if (result.outcome === "not-found") return sendError(res, 404, NOT_FOUND);
    res.json(result.application);
  });
  router.patch("/admin/financing/:id/decision", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, NOT_FOUND);
    const input = parseOr400(res, creditDecisionSchema, req.body);
    if (!input) return;
    const recorded = await recordCreditDecision(ctx, staffOf(res), id, input.decision);
    if (!recorded) return sendError(res, 404, NOT_FOUND);
    res.json(recorded);
  });
  router.delete("/admin/financing/:id", async (req, res) => {
    const id = String(req.params.id);
    const result = isUuid(id) ? await deleteFinancingApplication(ctx, staffOf(res), id) : { outcome: "not-found" as const };
    if (result.outcome === "not-found") return sendError(res, 404, NOT_FOUND);
    if (result.outcome === "retained") {
      return sendError(res, 409, retainedMessage(result.until));
    }
    res.status(204).end();
  });

  return router;
}
