import { AlertTriangle, Mail } from "lucide-react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import type { MailStatus } from "./outbox-staff.server";

/**
 * The mail's state at the top of every staff page (docs/behaviour.md §12): a small line while mail is
 * sent, a banner when it is not configured (no SMTP_URL, mails only written as .eml files), the last
 * send failed or mails failed for good, so nobody trusts that a customer or colleague was notified
 * when they were not. The staff layout's loader reads the status on every page and after every action.
 */
export function MailStatusLine({ status }: { status: MailStatus }) {
  const m = useStaffMessages();
  const lines: string[] = [];
  if (status.mode === "eml") lines.push(m.leads.banner.notConfigured);
  else if (status.lastSendFailed && status.lastAttemptAt) lines.push(m.leads.banner.lastFailed(formatDealerTime(status.lastAttemptAt)));
  if (status.failed > 0) lines.push(m.leads.banner.failedForGood(status.failed));
  if (!lines.length)
    return (
      <p data-testid="mail-status" className="mb-3 flex items-center gap-1.5 text-xs text-gray-700 print:hidden">
        <Mail aria-hidden="true" className="h-3.5 w-3.5" />
        {m.staff.shell.mail.ok}
      </p>
    );
  if (status.mode === "smtp" || status.failed > 0) lines.push(m.leads.banner.seeOutbox);
  return (
    <div
      role="status"
      data-testid="mail-banner"
      className="mb-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 print:hidden"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>{lines.join(" ")}</p>
    </div>
  );
}
