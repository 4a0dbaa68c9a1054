import { useId, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LOCALES, type Locale } from "~/shared/i18n/locales";
import { STAFF_ROLES, type StaffRole } from "~/shared/staff/staff-roles";
import { SelectField, TextField } from "~/shared/ui/form-field";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { ApiError, staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";

/** Owner only: add people (one-time setup link), change role, disable, reset the second factor. */
export function StaffTab() {
  const messages = useStaffMessages();
  const m = messages.staff;
  const { data, error, reload } = useStaffData<StaffAccountSummary[]>("/api/admin/staff");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>("sales");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [setupUrl, setSetupUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldErrors({});
    try {
      const res = await staffFetch("/api/admin/staff", { method: "POST", body: { email, name, role } });
      const created = (await res.json()) as { setupUrl: string };
      setSetupUrl(created.setupUrl);
      setEmail("");
      setName("");
      await reload();
    } catch (err) {
      const body = err instanceof ApiError ? parseBody(err.message) : null;
      if (body?.fieldErrors) setFieldErrors(body.fieldErrors);
      else toast({ title: m.staffTab.failed, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function change(
    account: StaffAccountSummary,
    body: { role?: StaffRole; disabled?: boolean; languages?: Locale[]; away?: boolean },
  ) {
    await runWithToast(() => staffFetch(`/api/admin/staff/${account.id}`, { method: "PATCH", body }), {
      success: { title: m.staffTab.saved },
      failure: (err) => ({ title: err instanceof ApiError && err.status === 409 ? m.staffTab.lastOwner : m.staffTab.failed }),
    });
    await reload();
  }

  async function resetMfa(account: StaffAccountSummary) {
    if (!window.confirm(m.staffTab.confirmReset(account.name))) return;
    await runWithToast(() => staffFetch(`/api/admin/staff/${account.id}/reset-mfa`, { method: "POST" }), {
      success: { title: m.staffTab.resetDone(account.name) },
      failure: { title: m.staffTab.failed },
    });
    await reload();
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${formId}-add`} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id={`${formId}-add`} className="text-lg font-semibold">
          {m.staffTab.add}
        </h2>
        <form onSubmit={create} noValidate className="mt-3 grid gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start">
          <TextField
            id={`${formId}-email`}
            type="email"
            label={m.staffTab.email}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors.email}
          />
          <TextField
            id={`${formId}-name`}
            label={m.staffTab.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldErrors.name}
          />
          <SelectField
            id={`${formId}-role`}
            label={m.staffTab.role}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            options={STAFF_ROLES.map((r) => ({ value: r, label: messages.staff.roles[r] }))}
          />
          <Button type="submit" variant="primary" disabled={busy} className="md:mt-6">
            {m.staffTab.create}
          </Button>
        </form>
        {setupUrl ? (
          <div role="status" className="mt-4 rounded bg-green-50 p-3 text-sm text-green-900">
            <p>{m.staffTab.created}</p>
            <code data-testid="setup-url" className="mt-1 block break-all font-mono">
              {setupUrl}
            </code>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${formId}-list`}>
        <h2 id={`${formId}-list`} className="text-lg font-semibold">
          {m.staffTab.heading}
        </h2>
        {error ? <LoadFailed onRetry={reload} /> : null}
        {data === null && !error ? <p className="text-gray-700">{messages.staff.common.loading}</p> : null}
        {data ? (
          <DataTable<StaffAccountSummary>
            caption={m.staffTab.heading}
            className="mt-3"
            rows={data}
            rowKey={(a) => a.id}
            empty={<p className="text-gray-700">{m.staffTab.empty}</p>}
            columns={[
              { id: "name", header: m.staffTab.name, cell: (a) => a.name, sortValue: (a) => a.name, cellClassName: "font-medium" },
              { id: "email", header: m.staffTab.email, cell: (a) => a.email, sortValue: (a) => a.email, cellClassName: "break-all" },
              {
                id: "role",
                header: m.staffTab.role,
                sortValue: (a) => a.role,
                cell: (a) => (
                  <select
                    aria-label={m.staffTab.roleFor(a.name)}
                    value={a.role}
                    onChange={(e) => void change(a, { role: e.target.value as StaffRole })}
                    className="rounded-md border border-gray-400 bg-white px-2 py-1"
                  >
                    {STAFF_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {messages.staff.roles[r]}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                id: "languages",
                header: m.staffTab.languages,
                // The languages they answer leads in (docs/behaviour.md §17); the last one cannot be unticked.
                cell: (a) => (
                  <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
                    <legend className="sr-only">{m.staffTab.languagesFor(a.name)}</legend>
                    {LOCALES.map((locale) => {
                      const checked = a.languages.includes(locale);
                      return (
                        <label key={locale} className="inline-flex items-center gap-1">
                          <input
                            type="checkbox"
                            checked={checked}
                            disabled={checked && a.languages.length === 1}
                            onChange={() =>
                              void change(a, { languages: checked ? a.languages.filter((l) => l !== locale) : [...a.languages, locale] })
                            }
                            className="h-4 w-4 accent-red-700"
                          />
                          <span lang={locale}>{messages.staff.common.languages[locale]}</span>
                        </label>
                      );
                    })}
                  </fieldset>
                ),
              },
              {
                id: "away",
                header: m.staffTab.away,
                cell: (a) => (
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={a.away}
                      onChange={() => void change(a, { away: !a.away })}
                      className="h-4 w-4 accent-red-700"
                    />
                    <span>
                      {m.staffTab.away}
                      <span className="sr-only"> {a.name}</span>
                    </span>
                  </label>
                ),
              },
              {
                id: "status",
                header: m.staffTab.status,
                cell: (a) =>
                  a.disabled
                    ? m.staffTab.disabled
                    : !a.hasPassword
                      ? m.staffTab.notSetUp
                      : a.mfaEnrolled
                        ? m.staffTab.enrolled
                        : m.staffTab.noSecondFactor,
              },
              {
                id: "actions",
                header: m.staffTab.actions,
                cell: (a) => (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => void change(a, { disabled: !a.disabled })}>
                      <span>
                        {a.disabled ? m.staffTab.enable : m.staffTab.disable}
                        <span className="sr-only"> {a.name}</span>
                      </span>
                    </Button>
                    {a.mfaEnrolled ? (
                      <Button size="sm" variant="danger" onClick={() => void resetMfa(a)}>
                        <span>
                          {m.staffTab.resetMfa}
                          <span className="sr-only"> {a.name}</span>
                        </span>
                      </Button>
                    ) : null}
                  </div>
                ),
              },
            ]}
          />
        ) : null}
      </section>
    </div>
  );
}

function parseBody(message: string): { fieldErrors?: Record<string, string> } | null {
  try {
    return JSON.parse(message.slice(message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> };
  } catch {
    return null;
  }
}
