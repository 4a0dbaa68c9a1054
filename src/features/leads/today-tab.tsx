import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { TodayTask } from "./tasks.server";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * The Today tab (docs/behaviour.md §19): my open tasks due before the end of the dealership's day,
 * the late ones first and marked in red; ticking one off marks it done. Each names its customer
 * and links to their record.
 */
export function TodayTab() {
  const m = useStaffMessages();
  const c = m.customers;
  const { data, error, reload } = useStaffData<TodayTask[]>("/api/admin/tasks?assignee=me&due=today");
  const [busy, setBusy] = useState<string | null>(null);
  // Ticked at once, before the server answers; the reload then drops the task from today's list.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  if (error) return <LoadFailed onRetry={() => void reload()} />;
  if (data === null) return <p className="text-gray-700">{m.staff.common.loading}</p>;

  async function setDone(task: TodayTask, done: boolean) {
    setBusy(task.id);
    setTicked((t) => (done ? new Set(t).add(task.id) : new Set([...t].filter((id) => id !== task.id))));
    try {
      await staffFetch(`/api/admin/tasks/${task.id}`, { method: "PATCH", body: { done } });
      await reload();
    } catch {
      setTicked((t) => new Set([...t].filter((id) => id !== task.id)));
      toast({ title: c.today.saveFailed, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="today-heading">
      <h2 id="today-heading" className="text-xl font-bold">
        {c.today.heading}
      </h2>
      {data.length === 0 ? (
        <p className="mt-6 flex items-center gap-2 text-gray-700">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-green-700" />
          {c.today.none}
        </p>
      ) : null}
      <ul className="mt-4 space-y-3" data-testid="today-tasks">
        {data.map((task) => {
          const what = `${c.task.kinds[task.kind] ?? task.kind}: ${task.customerName}`;
          return (
            <li
              key={task.id}
              data-overdue={task.overdue || undefined}
              className={`flex items-start gap-3 rounded-lg border bg-white p-3 ${task.overdue ? "border-red-700" : "border-gray-200"}`}
            >
              <input
                id={`task-${task.id}`}
                type="checkbox"
                checked={task.doneAt !== null || ticked.has(task.id)}
                disabled={busy === task.id}
                onChange={(e) => void setDone(task, e.currentTarget.checked)}
                className="mt-1 h-6 w-6 shrink-0 accent-red-700"
              />
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
                  {c.today.due(when(task.dueAt))}
                </p>
                {task.note ? <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-800">{task.note}</p> : null}
                <a href={`/podium?tab=customers&id=${task.customerId}`} className="mt-1 inline-block text-sm text-red-800 underline">
                  {c.today.customer(task.customerName)}
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
