import { Mail, Phone, Trash2 } from "lucide-react";
import { useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusControl, LeadStatusFilter } from "~/shared/ui/staff/lead-status-control";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ConfirmDialog } from "~/shared/ui/staff/modal-dialog";
import { useFocusedRecord } from "~/shared/ui/staff/focused-record";
import { staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { Button } from "~/shared/ui/staff/button";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import type { StaffMessage } from "./contact-staff.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

/**
 * docs/behaviour.md §2 Messages: contact-form submissions, newest first, with delete; lead status and mail
 * states. `focusId` (a staff mail's link) is marked and scrolled to.
 */
export function MessagesTab({ focusId }: { focusId?: string | null }) {
  const m = useStaffMessages().staff;
  const leads = useStaffMessages().leads;
  const { data, error, reload } = useStaffData<StaffMessage[]>("/api/admin/contact-submissions");
  const focused = useFocusedRecord(focusId, data !== null);
  const [deleting, setDeleting] = useState<StaffMessage | null>(null);
  const [filter, setFilter] = useState<LeadStatus | "all">("all");

  async function confirmDelete(message: StaffMessage) {
    setDeleting(null);
    await runWithToast(() => staffFetch(`/api/admin/contact-submissions/${message.id}`, { method: "DELETE" }), {
      success: { title: m.messages.deletedTitle, description: m.messages.deletedText },
      failure: { title: m.common.error, description: m.messages.deleteFailed },
    });
    await reload();
  }

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{m.common.loading}</p>;
  if (data.length === 0)
    return (
      <div className="py-12 text-center">
        <Mail aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
        <h2 className="mt-3 text-lg font-semibold">{m.messages.emptyTitle}</h2>
        <p className="text-gray-700">{m.messages.emptyText}</p>
      </div>
    );
  const shown = filter === "all" ? data : data.filter((msg) => msg.leadStatus === filter);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium text-gray-800">{m.messages.count(data.length)}</p>
        <LeadStatusFilter value={filter} onChange={setFilter} />
      </div>
      {shown.length === 0 ? <p className="mt-6 text-gray-700">{leads.status.noneMatch}</p> : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {shown.map((msg) => {
          const name = `${msg.firstName} ${msg.lastName}`;
          return (
            <li
              key={msg.id}
              {...focused(msg.id)}
              className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm aria-[current=true]:ring-2 aria-[current=true]:ring-amber-500"
            >
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h3 className="font-semibold">{name}</h3>
                  <p className="text-xs text-gray-700">{formatDealerTime(msg.createdAt)}</p>
                </div>
                <Button variant="danger" size="sm" onClick={() => setDeleting(msg)} aria-label={m.messages.deleteLabel(name)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <a href={`mailto:${msg.email}`} className="inline-flex items-center gap-1 text-red-800 underline">
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {msg.email}
                </a>
                <a href={`tel:${msg.phone}`} className="inline-flex items-center gap-1 text-red-800 underline">
                  <Phone aria-hidden="true" className="h-4 w-4" />
                  {msg.phone}
                </a>
              </p>
              <LeadLanguage locale={msg.locale} className="mt-1" />
              {msg.vehicleId ? (
                <p className="mt-1 text-sm">
                  {m.messages.vehicle}:{" "}
                  {msg.vehicle ? (
                    <a href={msg.vehicle.path} className="text-red-800 underline">
                      {`${msg.vehicle.year} ${msg.vehicle.make} ${msg.vehicle.model}`}
                    </a>
                  ) : (
                    // Sold or deleted since: the id is all that is left to quote.
                    <span>{m.messages.vehicleGone(msg.vehicleId)}</span>
                  )}
                </p>
              ) : null}
              {msg.hasTradeIn ? (
                <p className="mt-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
                  {m.messages.hasTradeIn}
                </p>
              ) : null}
              <p className="mt-3 whitespace-pre-wrap text-gray-900">{msg.message}</p>
              <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
                <LeadStatusControl
                  url={`/api/admin/contact-submissions/${msg.id}/status`}
                  name={name}
                  createdAt={msg.createdAt}
                  value={msg}
                  onSaved={() => void reload()}
                />
                <LeadMailStatus mails={msg.mails} />
              </div>
            </li>
          );
        })}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title={m.common.delete}
          text={m.messages.confirmDelete}
          confirmLabel={m.common.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      ) : null}
    </>
  );
}
