import { Router } from "express";
import type { AppContext } from "~/server/context.server";
import { parseOr400, sendError } from "~/server/http/api-errors.server";
import { jsonBody } from "~/server/http/json-body.server";
import { staffOf } from "~/server/http/staff-request.server";
import { uuidField } from "~/shared/validation/fields";
import { taskDoneSchema, taskListQuerySchema } from "./customer-record-schema";
import { listTodayTasks, markTask } from "./tasks.server";

const isUuid = (id: string) => uuidField().safeParse(id).success;

/** /api/admin/tasks* (docs/behaviour.md §19): the Today view and ticking a task off. Behind the staff guard. */
export function tasksStaffApi(ctx: AppContext): Router {
  const router = Router();
  router.get("/admin/tasks", async (req, res) => {
    const query = parseOr400(res, taskListQuerySchema, req.query, "Choose assignee=me|all|a staff id and due=today|overdue|all.");
    if (!query) return;
    res.json(await listTodayTasks(ctx, staffOf(res), query));
  });
  router.patch("/admin/tasks/:id", jsonBody(), async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) return sendError(res, 404, "Not found");
    const input = parseOr400(res, taskDoneSchema, req.body);
    if (!input) return;
    const result = await markTask(ctx, staffOf(res), id, input.done);
    if (result.outcome === "not-found") return sendError(res, 404, "Not found");
    if (result.outcome === "forbidden")
      return sendError(res, 403, "Only the person it is for, who created it, or the owner can change this task.");
    if (result.outcome !== "done") return sendError(res, 400, "Invalid");
    res.json(result.task);
  });
  return router;
}
