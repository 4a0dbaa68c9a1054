import type { AppContext } from "~/server/context.server";
import type { Staff } from "~/server/http/staff-request.server";
import { formFields, parseStaffForm, staffFormFailure, staffFormSuccess } from "~/server/http/staff-form.server";
import { staffMessagesFor } from "~/shared/i18n/staff-messages";
import { uuidField } from "~/shared/validation/fields";
import { taskDoneSchema } from "./customer-record-schema";
import { listTodayTasks, markTask, type TodayTask } from "./tasks.server";

/** /podium/today (docs/behaviour.md §19): my open tasks due by the end of the dealership's day, the late ones flagged. */
export async function todayScreen(ctx: AppContext, staff: Staff): Promise<{ tasks: TodayTask[] }> {
  return { tasks: await listTodayTasks(ctx, staff, { assignee: "me", due: "today" }) };
}

/** Ticking a task off (or opening it again): PATCH /api/admin/tasks/{id}'s schema and use case. */
export async function todayScreenAction(ctx: AppContext, request: Request, staff: Staff, form: FormData) {
  const fields = formFields(form);
  const id = fields.taskId ?? "";
  const intent = `done:${id}`;
  if (fields.intent !== "done" || !uuidField().safeParse(id).success) return staffFormFailure(404, "Not found");
  const input = parseStaffForm(taskDoneSchema, { done: fields.done === "true" }, intent);
  if (!input.ok) return input.failure;
  const result = await markTask(ctx, staff, id, input.data.done);
  if (result.outcome === "not-found") return staffFormFailure(404, "Not found", { intent });
  if (result.outcome === "forbidden")
    return staffFormFailure(403, "Only the person it is for, who created it, or the owner can change this task.", { intent });
  if (result.outcome !== "done") return staffFormFailure(400, staffMessagesFor().customers.today.saveFailed, { intent });
  return staffFormSuccess(ctx, request, { intent });
}
