import { RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import type { OutboxPage } from "./outbox-staff.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

type OutboxMail = OutboxPage["mails"][number];

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

const dateTime = (iso: string) => formatDealerTime(iso);

/** Owner only: every outgoing mail without its body, with Retry for a failed one. */
export function OutboxTab() {
  const m = useStaffMessages().leads.outbox;
  const common = useStaffMessages().staff.common;
  const [filter, setFilter] = useState<Filter>("all");
  const filterId = useId();
  const { data, error, reload } = useStaffData<OutboxPage>(`/api/admin/outbox${filter === "all" ? "" : `?status=${filter}`}`);

  async function retry(id: number) {
    await runWithToast(() => staffFetch(`/api/admin/outbox/${id}/retry`, { method: "POST" }), {
      success: { title: m.retried },
      failure: { title: m.retryFailed },
    });
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
          <DataTable<OutboxMail>
            caption={m.heading}
            rows={data.mails}
            rowKey={(mail) => mail.id}
            rowProps={(mail) => ({ "data-testid": "outbox-row", "data-status": mail.status })}
            empty={<p className="text-gray-700">{m.empty}</p>}
            columns={[
              {
                id: "created",
                header: m.created,
                cell: (mail) => <time dateTime={mail.createdAt}>{dateTime(mail.createdAt)}</time>,
                sortValue: (mail) => mail.createdAt,
                cellClassName: "md:whitespace-nowrap",
              },
              { id: "to", header: m.recipient, cell: (mail) => mail.to, sortValue: (mail) => mail.to, cellClassName: "break-all" },
              { id: "subject", header: m.subject, cell: (mail) => mail.subject },
              {
                id: "status",
                header: m.status,
                cell: (mail) => (
                  <span className={`rounded px-2 py-0.5 font-medium ${STATUS_CLASSES[mail.status] ?? ""}`}>{m.statuses[mail.status]}</span>
                ),
                sortValue: (mail) => mail.status,
              },
              { id: "attempts", header: m.attempts, cell: (mail) => mail.attempts, sortValue: (mail) => mail.attempts },
              { id: "error", header: m.lastError, cell: (mail) => mail.lastError ?? "", cellClassName: "break-words text-gray-800" },
              {
                id: "actions",
                header: m.actions,
                cell: (mail) =>
                  mail.status === "failed" ? (
                    <Button size="sm" onClick={() => void retry(mail.id)} aria-label={m.retryLabel(mail.subject)}>
                      <RotateCcw aria-hidden="true" className="h-4 w-4" />
                      {m.retry}
                    </Button>
                  ) : null,
              },
            ]}
          />
          {data.mails.length >= data.limit ? <p className="mt-2 text-sm text-gray-700">{m.more}</p> : null}
        </>
      ) : null}
    </div>
  );
}
