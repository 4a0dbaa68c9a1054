import { useEffect, useId, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { staffJson, useStaffData } from "~/shared/ui/staff/staff-fetch";
import type { AuditEntry } from "~/server/data/audit-log.server";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

type AuditPage = { entries: AuditEntry[]; nextBefore: number | null; actions: string[] };

/** Owner only: the audit trail, newest first, filtered by person and action, paged. */
export function AuditTab() {
  const m = useStaffMessages().staff.audit;
  const loading = useStaffMessages().staff.common.loading;
  const people = useStaffData<StaffAccountSummary[]>("/api/admin/staff");
  const [account, setAccount] = useState("");
  const [action, setAction] = useState("");
  const [page, setPage] = useState<AuditPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const id = useId();

  const query = (before?: number) => {
    const params = new URLSearchParams();
    if (account) params.set("account", account);
    if (action) params.set("action", action);
    if (before) params.set("before", String(before));
    return `/api/admin/audit?${params}`;
  };

  useEffect(() => {
    let live = true;
    staffJson<AuditPage>(query())
      .then((p) => live && (setPage(p), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- query() depends only on these
  }, [account, action, reloadKey]);

  async function more() {
    if (!page?.nextBefore) return;
    try {
      const next = await staffJson<AuditPage>(query(page.nextBefore));
      setPage({ ...next, entries: [...page.entries, ...next.entries] });
    } catch {
      setFailed(true);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {m.heading}
      </h2>
      <p className="text-sm text-gray-700">{m.hint}</p>
      <div className="mt-4 flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-person`} className="block text-sm font-medium">
            {m.person}
          </label>
          <select
            id={`${id}-person`}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            className="mt-1 rounded-md border border-gray-400 px-2 py-1"
          >
            <option value="">{m.everyone}</option>
            {(people.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.name} (${p.email})`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-action`} className="block text-sm font-medium">
            {m.action}
          </label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="mt-1 rounded-md border border-gray-400 px-2 py-1"
          >
            <option value="">{m.allActions}</option>
            {(page?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failed ? <LoadFailed onRetry={() => setReloadKey((k) => k + 1)} /> : null}
      {!page && !failed ? <p className="mt-4 text-gray-700">{loading}</p> : null}
      {page ? (
        <DataTable<AuditEntry>
          caption={m.heading}
          rows={page.entries}
          rowKey={(e) => e.id}
          empty={<p className="text-gray-700">{m.empty}</p>}
          columns={[
            {
              id: "when",
              header: m.when,
              cell: (e) => formatDealerTime(e.at),
              sortValue: (e) => e.at,
              cellClassName: "md:whitespace-nowrap",
            },
            { id: "who", header: m.who, cell: (e) => e.actor, sortValue: (e) => e.actor },
            { id: "action", header: m.action, cell: (e) => e.action, sortValue: (e) => e.action },
            { id: "record", header: m.record, cell: (e) => `${e.entity} ${e.entityId}`, cellClassName: "font-mono text-xs" },
          ]}
        />
      ) : null}
      {page?.nextBefore ? (
        <Button onClick={() => void more()} className="mt-4">
          {m.more}
        </Button>
      ) : null}
    </section>
  );
}
