import { useEffect, useId, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { staffFetch, ApiError } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { LeadSettings } from "~/shared/validation/lead-settings-schema";
import { formatDealerTime } from "~/shared/lib/dealer-time";

type Stored = { settings: LeadSettings; updatedAt: string | null; updatedBy: string | null };

/** The field messages of a 400 answer ("400: {json}"). */
function fieldErrorsIn(message: string): Record<string, string> {
  try {
    return (JSON.parse(message.slice(message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
  } catch {
    return {};
  }
}

/**
 * The owner's lead response time in the Settings tab (docs/behaviour.md §18): the minutes of
 * opening hours a new lead may wait before the alarm. Saved through PUT /api/admin/lead-settings,
 * which checks and audits it.
 */
export function LeadSettingsPanel() {
  const m = useStaffMessages().leadAlarm.settings;
  const id = useId();
  const [stored, setStored] = useState<Stored | null>(null);
  const [minutes, setMinutes] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    staffFetch("/api/admin/lead-settings")
      .then((res) => res.json() as Promise<Stored>)
      .then((s) => {
        setStored(s);
        setMinutes(String(s.settings.responseMinutes));
      })
      .catch(() => setFailed(true));
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (minutes === null) return;
    setSaving(true);
    try {
      // Text that is not a number goes as it is, so the server names the field.
      const value = minutes.trim() !== "" && Number.isFinite(Number(minutes)) ? Number(minutes) : minutes;
      const res = await staffFetch("/api/admin/lead-settings", { method: "PUT", body: { responseMinutes: value } });
      const s = (await res.json()) as Stored;
      setStored(s);
      setMinutes(String(s.settings.responseMinutes));
      setError(null);
      toast({ title: m.saved });
    } catch (failure) {
      const fieldError = failure instanceof ApiError && failure.status === 400 ? fieldErrorsIn(failure.message).responseMinutes : undefined;
      setError(fieldError ?? null);
      toast({ title: fieldError ? m.fix : m.saveFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      data-testid="lead-settings"
    >
      <h2 id={`${id}-title`} className="mb-1 text-lg font-bold">
        {m.title}
      </h2>
      <p className="mb-4 text-sm text-gray-700">{m.intro}</p>
      {failed ? <p className="text-red-800">{m.loadFailed}</p> : null}
      {minutes !== null ? (
        <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4">
          <div>
            <label htmlFor={`${id}-minutes`} className="block text-sm font-medium text-gray-800">
              {m.responseMinutes}
            </label>
            <input
              id={`${id}-minutes`}
              name="responseMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={240}
              step={1}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-minutes-error` : undefined}
              className="mt-1 block w-32 rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700"
            />
            {error ? (
              <p id={`${id}-minutes-error`} className="mt-1 text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
            >
              {saving ? m.saving : m.save}
            </button>
            <p className="text-sm text-gray-700">
              {stored?.updatedAt && stored.updatedBy ? m.lastSaved(stored.updatedBy, formatDealerTime(stored.updatedAt)) : m.defaults}
            </p>
          </div>
        </form>
      ) : null}
    </section>
  );
}
