import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { Button } from "~/shared/ui/staff/button";
import { useSubmit } from "react-router";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { TodayTask } from "./tasks.server";

/**
 * /podium/today (docs/behaviour.md §19): my open tasks due before the end of the dealership's day,
 * the late ones first and marked in red; ticking one off marks it done (a form per task: its box
 * posts at once, or its button without JavaScript). Each names its customer and links to the record.
 */
export function TodayScreen({ tasks }: { tasks: TodayTask[] }) {
  const m = useStaffMessages();
  const c = m.customers;
  return (
    <section aria-labelledby="today-heading">
      <h1 id="today-heading" className="text-2xl font-bold">
        {c.today.heading}
      </h1>
      {tasks.length === 0 ? (
        <p className="mt-6 flex items-center gap-2 text-gray-700">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-green-700" />
          {c.today.none}
        </p>
      ) : null}
      <ul className="mt-4 space-y-3" data-testid="today-tasks">
        {tasks.map((task) => (
          <TaskItem key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}

function TaskItem({ task }: { task: TodayTask }) {
  const c = useStaffMessages().customers;
  const form = useStaffForm(`done:${task.id}`, { resetOnSuccess: false });
  const hydrated = useHydrated();
  const what = `${c.task.kinds[task.kind] ?? task.kind}: ${task.customerName}`;
  const submit = useSubmit();
  // The box shows the click at once; the revalidated list then drops the task (or the saved state resets the box).
  const done = task.doneAt !== null;
  return (
    <li
      data-overdue={task.overdue || undefined}
      className={`flex items-start gap-3 rounded-lg border bg-white p-3 ${task.overdue ? "border-red-700" : "border-gray-200"}`}
    >
      <StaffForm form={form} className="mt-1 flex shrink-0 flex-col items-center gap-1">
        <input type="hidden" name="intent" value="done" />
        <input type="hidden" name="taskId" value={task.id} />
        <input type="hidden" name="done" value={done ? "false" : "true"} />
        <input
          id={`task-${task.id}`}
          type="checkbox"
          key={String(done)}
          defaultChecked={done}
          disabled={form.busy}
          onChange={(e) => submit(e.currentTarget.form)}
          className="h-6 w-6 accent-red-700"
        />
        {hydrated ? null : (
          <Button type="submit" size="sm">
            {c.today.markDone}
          </Button>
        )}
      </StaffForm>
      <div className="min-w-0 flex-1">
        <label htmlFor={`task-${task.id}`} className="font-semibold text-gray-900">
          {what}
        </label>
        <p className={`text-sm ${task.overdue ? "font-semibold text-red-800" : "text-gray-700"}`}>
          {task.overdue ? (
            <span className="inline-flex items-center gap-1">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" />
              {c.today.overdue} ·{" "}
            </span>
          ) : null}
          {c.today.due(formatDealerTime(task.dueAt))}
        </p>
        {task.note ? <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-800">{task.note}</p> : null}
        {form.error ? <p className="mt-1 text-sm font-medium text-red-800">{form.error}</p> : null}
        <Link to={`/podium/customers/${task.customerId}`} className="mt-1 inline-flex min-h-11 items-center text-sm text-red-800 underline">
          {c.today.customer(task.customerName)}
        </Link>
      </div>
    </li>
  );
}
