import { RotateCcw } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { SelectField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { OutboxScreenData } from "./outbox-screen.server";

type OutboxMail = OutboxScreenData["mails"][number];

/** The form key of one mail's Retry (its answer comes back to that row). */
export const retryIntent = (id: number) => `retry:${id}`;

const FILTERS = ["queued", "failed", "sent", "written", "cancelled"] as const;

const STATUS_CLASSES: Record<string, string> = {
  queued: "bg-amber-100 text-amber-900",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  written: "bg-gray-200 text-gray-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-gray-100 text-gray-800",
};

/**
 * /podium/outbox (owner; docs/behaviour.md §12): every outgoing mail without its body, with the
 * counts per state, filtered by state in the address (a GET form), and Retry on a failed one.
 */
export function OutboxScreen({ data }: { data: OutboxScreenData }) {
  const messages = useStaffMessages();
  const m = messages.leads.outbox;
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{messages.staff.shell.screens.outbox}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.hint}</p>
      </div>
      <Form method="get" aria-label={m.filter} className="flex flex-wrap items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
        <SelectField
          name="status"
          label={m.filter}
          defaultValue={data.status ?? ""}
          error={data.filterError ?? undefined}
          options={[["", m.all], ...FILTERS.map((f) => [f, m.statuses[f]] as const)]}
        />
        {hydrated ? null : (
          <Button type="submit" className="min-h-11">
            {messages.leads.status.apply}
          </Button>
        )}
      </Form>
      <h2 className="text-lg font-bold">{m.heading}</h2>
      <p className="font-medium text-gray-800" data-testid="outbox-counts">
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
            cell: (mail) => <time dateTime={mail.createdAt}>{formatDealerTime(mail.createdAt)}</time>,
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
          { id: "actions", header: m.actions, cell: (mail) => (mail.status === "failed" ? <RetryForm mail={mail} /> : null) },
        ]}
      />
      {data.mails.length >= data.limit ? <p className="text-sm text-gray-700">{m.more}</p> : null}
    </div>
  );
}

/** A failed mail's Retry: queued again (a fresh day of attempts), audited. */
function RetryForm({ mail }: { mail: OutboxMail }) {
  const m = useStaffMessages().leads.outbox;
  const form = useStaffForm(retryIntent(mail.id), { resetOnSuccess: false });
  return (
    <StaffForm form={form}>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="mailId" value={mail.id} />
      <Button type="submit" size="sm" disabled={form.busy} aria-label={m.retryLabel(mail.subject)} className="min-h-11">
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {m.retry}
      </Button>
      {form.error ? <p className="mt-1 text-sm font-medium text-red-800">{form.error}</p> : null}
    </StaffForm>
  );
}
