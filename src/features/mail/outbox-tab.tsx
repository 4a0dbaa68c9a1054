import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { ColumnHeadings } from "~/shared/ui/staff/column-headings";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { adminFetch, useAdminData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { OutboxPage } from "./outbox-staff.server";

type Filter = "all" | "queued" | "sent" | "written" | "failed" | "cancelled";
const FILTERS: readonly Filter[] = ["all", "queued", "failed", "sent", "written", "cancelled"];

const STATUS_CLASSES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  written: "bg-gray-200 text-gray-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-gray-100 text-gray-800",
};

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US");

/** Owner only: every outgoing mail without its body, with Retry for a failed one. */
export function OutboxTab() {
  const m = useStaffMessages().leads.outbox;
  const common = useStaffMessages().admin.common;
  const [filter, setFilter] = useState<Filter>("all");
  const filterId = useId();
  const { data, error, reload } = useAdminData<OutboxPage>(`/api/admin/outbox${filter === "all" ? "" : `?status=${filter}`}`);

  async function retry(id: number) {
    try {
      await adminFetch(`/api/admin/outbox/${id}/retry`, { method: "POST" });
      toast({ title: m.retried });
    } catch {
      toast({ title: m.retryFailed, variant: "destructive" });
    }
    await reload();
  }

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{m.heading}</h2>
          <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.hint}</p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="font-medium">
            {m.filter}
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="rounded-md border border-gray-400 bg-white px-2 py-1"
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === "all" ? m.all : m.statuses[f]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? <LoadFailed onRetry={reload} /> : null}
      {!data && !error ? <p className="mt-4 text-gray-700">{common.loading}</p> : null}
      {data ? (
        <>
          <p className="mt-4 font-medium text-gray-800" data-testid="outbox-counts">
            {m.counts(data.counts.queued + data.counts.sending, data.counts.failed, data.counts.sent)}
          </p>
          {data.mails.length === 0 ? <p className="mt-4 text-gray-700">{m.empty}</p> : null}
          {data.mails.length ? (
            <div className="mt-4 overflow-x-auto rounded-lg border border-gray-200 bg-white">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <caption className="sr-only">{m.heading}</caption>
                <ColumnHeadings
                  className="bg-gray-50"
                  cellClassName="px-3 py-2"
                  columns={[m.created, m.recipient, m.subject, m.status, m.attempts, m.lastError, m.actions]}
                />
                <tbody className="divide-y divide-gray-200">
                  {data.mails.map((mail) => (
                    <tr key={mail.id} data-testid="outbox-row" data-status={mail.status}>
                      <td className="whitespace-nowrap px-3 py-2">
                        <time dateTime={mail.createdAt}>{dateTime(mail.createdAt)}</time>
                      </td>
                      <td className="break-all px-3 py-2">{mail.to}</td>
                      <td className="px-3 py-2">{mail.subject}</td>
                      <td className="px-3 py-2">
                        <span className={`rounded px-2 py-0.5 font-medium ${STATUS_CLASSES[mail.status] ?? ""}`}>
                          {m.statuses[mail.status]}
                        </span>
                      </td>
                      <td className="px-3 py-2">{mail.attempts}</td>
                      <td className="break-words px-3 py-2 text-gray-800">{mail.lastError ?? ""}</td>
                      <td className="px-3 py-2">
                        {mail.status === "failed" ? (
                          <button
                            type="button"
                            onClick={() => void retry(mail.id)}
                            aria-label={m.retryLabel(mail.subject)}
                            className="inline-flex items-center gap-1 rounded-md border border-gray-400 px-3 py-1 font-medium hover:bg-gray-50"
                          >
                            <RotateCcw aria-hidden="true" className="h-4 w-4" />
                            {m.retry}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {data.mails.length >= data.limit ? <p className="mt-2 text-sm text-gray-700">{m.more}</p> : null}
        </>
      ) : null}
    </div>
  );
}
