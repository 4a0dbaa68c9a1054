import { AlertTriangle } from "lucide-react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { useStaffData } from "~/shared/ui/staff/staff-fetch";
import type { MailStatus } from "./outbox-staff.server";

/** Re-checked every minute: a failure should show without reloading the dashboard. */
const POLL_MS = 60_000;

/**
 * Above every dashboard tab: tells staff when mail is not configured (no
 * SMTP_URL, mails only written as .eml) or when the last send failed, so nobody trusts that a
 * customer or colleague was notified when they were not.
 */
export function MailStatusBanner() {
  const m = useStaffMessages().leads.banner;
  const { data } = useStaffData<MailStatus>("/api/admin/mail-status", POLL_MS);
  if (!data) return null;
  const lines: string[] = [];
  if (data.mode === "eml") lines.push(m.notConfigured);
  else if (data.lastSendFailed && data.lastAttemptAt) lines.push(m.lastFailed(new Date(data.lastAttemptAt).toLocaleString("en-US")));
  if (data.failed > 0) lines.push(m.failedForGood(data.failed));
  if (!lines.length) return null;
  if (data.mode === "smtp" || data.failed > 0) lines.push(m.seeOutbox);
  return (
    <div
      role="status"
      data-testid="mail-banner"
      className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 print:hidden"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>{lines.join(" ")}</p>
    </div>
  );
}
