import { useId, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { STAFF_ROLES, type StaffRole } from "~/shared/staff/staff-roles";
import { ColumnHeadings } from "~/shared/ui/staff/column-headings";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ApiError, adminFetch, useAdminData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";

const field = "mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 focus:border-red-700 focus:outline-2 focus:outline-red-700";

/** Owner only: add people (one-time setup link), change role, disable, reset the second factor. */
export function StaffTab() {
  const messages = useStaffMessages();
  const m = messages.staff;
  const { data, error, reload } = useAdminData<StaffAccountSummary[]>("/api/admin/staff");
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
      const res = await adminFetch("/api/admin/staff", { method: "POST", body: { email, name, role } });
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

  async function change(account: StaffAccountSummary, body: { role?: StaffRole; disabled?: boolean }) {
    try {
      await adminFetch(`/api/admin/staff/${account.id}`, { method: "PATCH", body });
      toast({ title: m.staffTab.saved });
    } catch (err) {
      toast({ title: err instanceof ApiError && err.status === 409 ? m.staffTab.lastOwner : m.staffTab.failed, variant: "destructive" });
    }
    await reload();
  }

  async function resetMfa(account: StaffAccountSummary) {
    if (!window.confirm(m.staffTab.confirmReset(account.name))) return;
    try {
      await adminFetch(`/api/admin/staff/${account.id}/reset-mfa`, { method: "POST" });
      toast({ title: m.staffTab.resetDone(account.name) });
    } catch {
      toast({ title: m.staffTab.failed, variant: "destructive" });
    }
    await reload();
  }

  const errorOf = (key: string) =>
    fieldErrors[key] ? (
      <p id={`${formId}-${key}-error`} className="mt-1 text-sm font-medium text-red-800">
        {fieldErrors[key]}
      </p>
    ) : null;
  const aria = (key: string) => ({
    "aria-invalid": fieldErrors[key] ? true : undefined,
    "aria-describedby": fieldErrors[key] ? `${formId}-${key}-error` : undefined,
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${formId}-add`} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id={`${formId}-add`} className="text-lg font-semibold">
          {m.staffTab.add}
        </h2>
        <form onSubmit={create} noValidate className="mt-3 grid gap-4 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start">
          <div>
            <label htmlFor={`${formId}-email`} className="block text-sm font-medium">
              {m.staffTab.email}
            </label>
            <input
              id={`${formId}-email`}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={field}
              {...aria("email")}
            />
            {errorOf("email")}
          </div>
          <div>
            <label htmlFor={`${formId}-name`} className="block text-sm font-medium">
              {m.staffTab.name}
            </label>
            <input id={`${formId}-name`} value={name} onChange={(e) => setName(e.target.value)} className={field} {...aria("name")} />
            {errorOf("name")}
          </div>
          <div>
            <label htmlFor={`${formId}-role`} className="block text-sm font-medium">
              {m.staffTab.role}
            </label>
            <select id={`${formId}-role`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} className={field}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {messages.admin.roles[r]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 md:mt-6"
          >
            {m.staffTab.create}
          </button>
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
        {data === null && !error ? <p className="text-gray-700">{messages.admin.common.loading}</p> : null}
        {data && data.length === 0 ? <p className="text-gray-700">{m.staffTab.empty}</p> : null}
        {data && data.length > 0 ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <ColumnHeadings
                className="border-b border-gray-300"
                cellClassName="py-2 pr-4"
                columns={[m.staffTab.name, m.staffTab.email, m.staffTab.role, m.staffTab.status, m.staffTab.actions]}
              />
              <tbody>
                {data.map((a) => (
                  <tr key={a.id} className="border-b border-gray-200">
                    <td className="py-2 pr-4 font-medium">{a.name}</td>
                    <td className="py-2 pr-4">{a.email}</td>
                    <td className="py-2 pr-4">
                      <select
                        aria-label={m.staffTab.roleFor(a.name)}
                        value={a.role}
                        onChange={(e) => void change(a, { role: e.target.value as StaffRole })}
                        className="rounded-md border border-gray-400 px-2 py-1"
                      >
                        {STAFF_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {messages.admin.roles[r]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-2 pr-4">
                      {a.disabled
                        ? m.staffTab.disabled
                        : !a.hasPassword
                          ? m.staffTab.notSetUp
                          : a.mfaEnrolled
                            ? m.staffTab.enrolled
                            : m.staffTab.noSecondFactor}
                    </td>
                    <td className="flex flex-wrap gap-2 py-2">
                      <button
                        type="button"
                        onClick={() => void change(a, { disabled: !a.disabled })}
                        className="rounded-md border border-gray-300 px-3 py-1 font-medium hover:bg-gray-50"
                      >
                        {a.disabled ? m.staffTab.enable : m.staffTab.disable}
                        <span className="sr-only"> {a.name}</span>
                      </button>
                      {a.mfaEnrolled ? (
                        <button
                          type="button"
                          onClick={() => void resetMfa(a)}
                          className="rounded-md border border-red-300 px-3 py-1 font-medium text-red-800 hover:bg-red-50"
                        >
                          {m.staffTab.resetMfa}
                          <span className="sr-only"> {a.name}</span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
