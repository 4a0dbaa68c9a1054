import { useStaffMessages } from "~/shared/i18n/staff-messages";
import type { LeadMail, LeadMailState } from "~/shared/staff/lead-tracking";

const STATE_CLASSES: Record<LeadMailState, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  written: "bg-gray-200 text-gray-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-gray-100 text-gray-800",
};

/**
 * Whether a lead's mails went out: one badge per mail, "Staff: sent",
 * "Customer: failed". Used by the Messages, Financing and Bookings tabs.
 */
export function LeadMailStatus({ mails }: { mails: readonly LeadMail[] }) {
  const m = useStaffMessages().leads.mail;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="lead-mails">
      <span className="font-medium">{m.heading}:</span>
      {mails.length === 0 ? <span className="text-gray-700">{m.none}</span> : null}
      {mails.map((mail) => (
        <span
          key={mail.id}
          data-state={mail.state}
          title={m.attempts(mail.attempts)}
          className={`rounded px-2 py-0.5 ${STATE_CLASSES[mail.state]}`}
        >
          {m.kinds[mail.kind] ?? m.audiences[mail.audience]}: {m.states[mail.state]}
        </span>
      ))}
    </div>
  );
}
