import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { isLeadType } from "~/shared/leads/lead-types";
import { changeLead, inboxQueryInput, inboxQuerySchema, leadChangeSchema, listAssignees, listInboxLeads } from "./leads-inbox.server";

/** The header that carries the next page's `before` when a page is full (the body stays the plain list). */
export const NEXT_PAGE_HEADER = "X-Next-Before";

/** /api/admin/leads* (docs/behaviour.md §17). Mounted by src/app behind the staff guard. */
export function leadsStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/leads", async (req, res) => {
    const filters = parseOr400(res, inboxQuerySchema, inboxQueryInput(req.query), "Invalid inbox filter.");
    if (!filters) return;
    const page = await listInboxLeads(ctx, filters, staffOf(res));
    if (page.next) res.setHeader(NEXT_PAGE_HEADER, page.next);
    res.json(page.leads);
  });
  router.get("/admin/leads/assignees", async (_req, res) => {
    res.json(await listAssignees(ctx));
  });
  router.patch("/admin/leads/:type/:id", jsonBody(), async (req, res) => {
    const type = String(req.params.type);
    const id = String(req.params.id);
    if (!isLeadType(type) || id.length > 100) return sendError(res, 404, "Not found");
    const input = parseOr400(res, leadChangeSchema, req.body);
    if (!input) return;
    const result = await changeLead(ctx, type, id, input, staffOf(res));
    if (result.kind === "not-found") return sendError(res, 404, "Not found");
    if (result.kind === "forbidden") return sendError(res, 403, result.message);
    if (result.kind === "invalid")
      return void res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors });
    res.json(result.lead);
  });
  return router;
}
