import { Router, type Response } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { uuidField } from "~/shared/validation/fields";
import {
  addNote,
  customerRecord,
  findCustomers,
  logCall,
  mergeCustomers,
  replyToCustomer,
  type ActionResult,
} from "./customer-record.server";
import { callSchema, contactPreferencesSchema, mergeSchema, noteSchema, replySchema, taskSchema } from "./customer-record-schema";
import { setContactPreferences } from "./contact-preferences.server";
import { addTask } from "./tasks.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** Answers a use case's result: 404, 400 with field messages, 409 with the reason, or `status` with `body`. */
function answer<T extends object>(res: Response, result: ActionResult<T>, status: number, body: (done: T) => unknown): void {
  if (result.outcome === "not-found") return sendError(res, 404, "Not found");
  if (result.outcome === "invalid") {
    res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors });
    return;
  }
  if (result.outcome === "conflict") return sendError(res, 409, result.error);
  res.status(status).json(body(result));
}

/** /api/admin/customers* (docs/behaviour.md §19). Mounted by src/app behind the staff guard. */
export function customersStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/customers", async (req, res) => {
    const q = typeof req.query.q === "string" ? req.query.q.slice(0, 200) : "";
    res.json(await findCustomers(ctx, q));
  });
  router.get("/admin/customers/:id", async (req, res) => {
    const id = String(req.params.id);
    const record = isUuid(id) ? await customerRecord(ctx, id, staffOf(res).id) : null;
    if (!record) return sendError(res, 404, "Not found");
    res.json(record);
  });
  router.post("/admin/customers/:id/merge", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, mergeSchema, req.body);
    if (!input) return;
    answer(res, await mergeCustomers(ctx, staffOf(res), id, input.otherId), 200, (r) => ({ customer: r.customer }));
  });
  router.post("/admin/customers/:id/reply", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, replySchema, req.body);
    if (!input) return;
    answer(res, await replyToCustomer(ctx, staffOf(res), id, input), 201, (r) => ({ id: r.eventId }));
  });
  router.put("/admin/customers/:id/contact-preferences", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, contactPreferencesSchema, req.body);
    if (!input) return;
    const doNotContact = await setContactPreferences(ctx, staffOf(res), id, input);
    if (!doNotContact) return sendError(res, 404, "Not found");
    res.json({ doNotContact });
  });
  router.post("/admin/customers/:id/calls", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, callSchema, req.body);
    if (!input) return;
    answer(res, await logCall(ctx, staffOf(res), id, input), 201, (r) => ({ id: r.eventId }));
  });
  router.post("/admin/customers/:id/notes", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, noteSchema, req.body);
    if (!input) return;
    answer(res, await addNote(ctx, staffOf(res), id, input), 201, (r) => ({ id: r.eventId }));
  });
  router.post("/admin/customers/:id/tasks", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, taskSchema, req.body);
    if (!input) return;
    answer(res, await addTask(ctx, staffOf(res), id, input), 201, (r) => r.task);
  });
  return router;
}
