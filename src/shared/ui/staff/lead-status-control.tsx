import { useId, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDuration, LEAD_STATUSES, responseTimeMs, type LeadStatus } from "~/shared/staff/lead-tracking";
import { staffJson } from "~/shared/ui/staff/staff-fetch";
import { runWithToast } from "./run-with-toast";

type StatusFields = { leadStatus: LeadStatus; firstStatusChangeAt: string | null };

/**
 * A lead's status select and its response time, for the Messages and
 * Financing tabs: PATCHes `url` and hands the saved fields back, so the list shows what the server stored.
 */
export function LeadStatusControl({
  url,
  name,
  createdAt,
  value,
  onSaved,
}: {
  url: string;
  name: string;
  createdAt: string;
  value: StatusFields;
  onSaved: (saved: StatusFields) => void;
}) {
  const m = useStaffMessages().leads.status;
  const id = useId();
  const [saving, setSaving] = useState(false);
  // The server's answer, shown at once; once the list reloads (a new `value`), the list's data wins again.
  const [saved, setSaved] = useState<{ over: StatusFields; fields: StatusFields } | null>(null);
  const current = saved && saved.over === value ? saved.fields : value;
  // "Waiting" counts to when the row was first shown: a render must not read the clock.
  const [loadedAt] = useState(() => Date.now());

  async function change(status: LeadStatus) {
    setSaving(true);
    let stored = status;
    await runWithToast(
      async () => {
        const answer = await staffJson<StatusFields>(url, { method: "PATCH", body: { status } });
        stored = answer.leadStatus;
        const fields = { leadStatus: answer.leadStatus, firstStatusChangeAt: answer.firstStatusChangeAt };
        setSaved({ over: value, fields });
        onSaved(fields);
      },
      { success: () => ({ title: m.saved(m.values[stored]) }), failure: { title: m.failed } },
    );
    setSaving(false);
  }

  const responded = responseTimeMs(createdAt, current.firstStatusChangeAt);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {m.label}
      </label>
      <select
        id={id}
        aria-label={m.labelFor(name)}
        value={current.leadStatus}
        disabled={saving}
        onChange={(e) => void change(e.target.value as LeadStatus)}
        className="rounded-md border border-gray-400 bg-white px-2 py-1"
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {m.values[s]}
          </option>
        ))}
      </select>
      <span data-testid="response-time" className="text-gray-800">
        {responded !== null ? m.respondedIn(formatDuration(responded)) : m.waiting(formatDuration(loadedAt - Date.parse(createdAt)))}
      </span>
    </div>
  );
}

/** The status filter above a lead list (decision 046). */
export function LeadStatusFilter({ value, onChange }: { value: LeadStatus | "all"; onChange: (value: LeadStatus | "all") => void }) {
  const m = useStaffMessages().leads.status;
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        {m.filter}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as LeadStatus | "all")}
        className="rounded-md border border-gray-400 bg-white px-2 py-1"
      >
        <option value="all">{m.all}</option>
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {m.values[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
