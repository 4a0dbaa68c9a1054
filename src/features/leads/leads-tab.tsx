import { Inbox, Mail, Phone } from "lucide-react";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { LOCALES } from "~/shared/i18n/locales";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LEAD_TYPES } from "~/shared/leads/lead-types";
import { LEAD_STATUSES, type LeadStatus } from "~/shared/staff/lead-tracking";
import { canUseArea, mayHoldLead, type SessionUser } from "~/shared/staff/staff-roles";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { staffFetch, staffJson } from "~/shared/ui/staff/staff-fetch";
import type { StaffAccountSummary } from "~/server/data/staff-accounts.server";
import type { InboxAssignee, InboxLead } from "./leads-inbox.server";

type Filters = { status: string; type: string; assignee: string; language: string; source: string; q: string };
const NO_FILTERS: Filters = { status: "", type: "", assignee: "", language: "", source: "", q: "" };

const selectClass = "rounded-md border border-gray-400 bg-white px-2 py-1";
const inputClass = "w-full rounded-md border border-gray-400 bg-white px-2 py-1";

function listUrl(filters: Filters, before?: string) {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  if (before) params.set("before", before);
  const query = params.toString();
  return `/api/admin/leads${query ? `?${query}` : ""}`;
}

/** The customer record of a lead: the Customers tab, focused on them. */
const customerHref = (lead: InboxLead) => `/podium?tab=customers&id=${encodeURIComponent(lead.customerId)}`;

/**
 * docs/behaviour.md §17 The Leads tab: every lead of every kind, newest first, filtered on the server;
 * "Take" gives a lead to the signed-in person; a red marker shows who is still waiting for an answer.
 */
export function LeadsTab({ user }: { user: SessionUser; focusId?: string | null }) {
  const messages = useStaffMessages();
  const m = messages.inbox;
  const formId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState({ q: "", source: "" });
  const [leads, setLeads] = useState<InboxLead[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [people, setPeople] = useState<InboxAssignee[]>([]);
  const [me, setMe] = useState<StaffAccountSummary | null>(null);
  // Ages count from the clock read on each load and minute, not during a render.
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    try {
      const res = await staffFetch(listUrl(filters));
      setLeads((await res.json()) as InboxLead[]);
      setNext(res.headers.get("X-Next-Before"));
      setFailed(false);
      setNow(Date.now());
    } catch {
      setFailed(true);
    }
  }, [filters]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    staffJson<InboxAssignee[]>("/api/admin/leads/assignees")
      .then(setPeople)
      .catch(() => setPeople([]));
    staffJson<StaffAccountSummary>("/api/admin/staff/me")
      .then(setMe)
      .catch(() => setMe(null));
  }, []);

  async function loadMore() {
    if (!next || !leads) return;
    try {
      const res = await staffFetch(listUrl(filters, next));
      setLeads([...leads, ...((await res.json()) as InboxLead[])]);
      setNext(res.headers.get("X-Next-Before"));
    } catch {
      setFailed(true);
    }
  }

  function replace(lead: InboxLead) {
    setLeads((current) => current?.map((l) => (l.type === lead.type && l.id === lead.id ? lead : l)) ?? null);
  }

  async function change(
    lead: InboxLead,
    body: { assigneeId?: string | null; status?: LeadStatus },
    texts: { success: string; failure: string },
  ) {
    await runWithToast(
      async () =>
        replace(await staffJson<InboxLead>(`/api/admin/leads/${lead.type}/${encodeURIComponent(lead.id)}`, { method: "PATCH", body })),
      { success: { title: texts.success }, failure: { title: texts.failure } },
    );
  }

  async function setAway(away: boolean) {
    // The switch moves at once; a refusal puts it back.
    const before = me;
    setMe((current) => current && { ...current, away });
    const saved = await runWithToast(
      async () => setMe(await staffJson<StaffAccountSummary>("/api/admin/staff/me", { method: "PATCH", body: { away } })),
      { success: { title: away ? m.awayOn : m.awayOff }, failure: { title: m.awayFailed } },
    );
    if (!saved) setMe(before);
  }

  const names = new Map(people.map((p) => [p.id, p.name]));
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  function search(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, q: draft.q.trim(), source: draft.source.trim() }));
  }

  return (
    <div className="space-y-4">
      {me ? (
        <label className="inline-flex items-center gap-2 font-medium">
          <input type="checkbox" checked={me.away} onChange={() => void setAway(!me.away)} className="h-5 w-5 accent-red-700" />
          {m.away}
        </label>
      ) : null}
      <form
        onSubmit={search}
        aria-label={m.filters}
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FilterSelect
          id={`${formId}-status`}
          label={m.filter.status}
          value={filters.status}
          onChange={set("status")}
          options={[["", m.filter.any], ...LEAD_STATUSES.map((s) => [s, messages.leads.status.values[s]] as [string, string])]}
        />
        <FilterSelect
          id={`${formId}-type`}
          label={m.filter.type}
          value={filters.type}
          onChange={set("type")}
          options={[["", m.filter.any], ...LEAD_TYPES.map((t) => [t, m.types[t] ?? t] as [string, string])]}
        />
        <FilterSelect
          id={`${formId}-assignee`}
          label={m.filter.assignee}
          value={filters.assignee}
          onChange={set("assignee")}
          options={[
            ["", m.filter.any],
            ["me", m.filter.mine],
            ["none", m.filter.unassigned],
          ]}
        />
        <FilterSelect
          id={`${formId}-language`}
          label={m.filter.language}
          value={filters.language}
          onChange={set("language")}
          options={[["", m.filter.any], ...LOCALES.map((l) => [l, messages.staff.common.languages[l] ?? l] as [string, string])]}
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${formId}-q`} className="block text-sm font-medium">
            {m.filter.search}
          </label>
          <input
            id={`${formId}-q`}
            type="search"
            value={draft.q}
            placeholder={m.filter.searchHint}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${formId}-source`} className="block text-sm font-medium">
            {m.filter.source}
          </label>
          <input
            id={`${formId}-source`}
            value={draft.source}
            placeholder={m.filter.sourceHint}
            onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="primary" className="self-end">
          {m.filter.apply}
        </Button>
      </form>
      {failed ? <LoadFailed onRetry={load} /> : null}
      {leads === null && !failed ? <p className="text-gray-700">{messages.staff.common.loading}</p> : null}
      {leads ? (
        <>
          <p className="font-medium text-gray-800" role="status">
            {m.count(leads.length, next !== null)}
          </p>
          <DataTable<InboxLead>
            caption={m.caption}
            className="mt-2"
            testId="lead-inbox"
            rows={leads}
            rowKey={(l) => `${l.type}/${l.id}`}
            rowProps={(l) => ({ "data-lead": `${l.type}/${l.id}`, "data-waiting": l.waiting ? "true" : undefined })}
            empty={
              <div className="py-12 text-center">
                <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
                <h2 className="mt-3 text-lg font-semibold">{m.emptyTitle}</h2>
                <p className="text-gray-700">{m.emptyText}</p>
              </div>
            }
            columns={[
              { id: "type", header: m.columns.type, cell: (l) => m.types[l.type] ?? l.type },
              {
                id: "customer",
                header: m.columns.customer,
                cell: (l) => (
                  <div className="flex flex-col items-start gap-1">
                    <a
                      href={customerHref(l)}
                      className="inline-flex min-h-6 items-center font-semibold text-red-800 underline"
                      aria-label={m.openCustomer(l.name)}
                    >
                      {l.name}
                    </a>
                    <p className="flex flex-col gap-1 text-sm">
                      <a href={`mailto:${l.email}`} className="inline-flex min-h-6 items-center gap-1 break-all text-red-800 underline">
                        <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {l.email}
                      </a>
                      <a href={`tel:${l.phone}`} className="inline-flex min-h-6 items-center gap-1 text-red-800 underline">
                        <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
                        {l.phone}
                      </a>
                    </p>
                  </div>
                ),
              },
              {
                id: "language",
                header: m.columns.language,
                cell: (l) => <span lang={l.language}>{messages.staff.common.languages[l.language] ?? l.language}</span>,
              },
              { id: "vehicle", header: m.columns.vehicle, cell: (l) => l.vehicleName ?? l.vehicleId ?? m.noVehicle },
              {
                id: "status",
                header: m.columns.status,
                cell: (l) => (
                  <select
                    aria-label={m.statusFor(l.name)}
                    value={l.status}
                    // A financing application's status stays with those who may open it (docs/behaviour.md §17).
                    disabled={l.type === "financing" && !canUseArea(user.role, "financing")}
                    onChange={(e) => {
                      const status = e.target.value as LeadStatus;
                      const label = messages.leads.status.values[status];
                      void change(l, { status }, { success: m.statusSaved(label), failure: m.statusFailed });
                    }}
                    className={selectClass}
                  >
                    {LEAD_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {messages.leads.status.values[s]}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                id: "assignee",
                header: m.columns.assignee,
                cell: (l) => (
                  <div className="flex flex-wrap items-center gap-2">
                    <select
                      aria-label={m.assigneeFor(l.name)}
                      value={l.assigneeId ?? ""}
                      onChange={(e) =>
                        void change(l, { assigneeId: e.target.value || null }, { success: m.reassigned, failure: m.reassignFailed })
                      }
                      className={selectClass}
                    >
                      <option value="">{m.unassigned}</option>
                      {l.assigneeId && !names.has(l.assigneeId) ? <option value={l.assigneeId}>{l.assigneeId.slice(0, 8)}</option> : null}
                      {/* A financing application goes to finance and owners only; every other lead to owners and sales. */}
                      {people
                        .filter((p) => mayHoldLead(p.role, l.type))
                        .map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                          </option>
                        ))}
                    </select>
                    {me && l.assigneeId !== me.id && mayHoldLead(me.role, l.type) ? (
                      <Button
                        size="sm"
                        aria-label={m.takeLabel(l.name)}
                        onClick={() => void change(l, { assigneeId: me.id }, { success: m.taken, failure: m.takeFailed })}
                      >
                        {m.take}
                      </Button>
                    ) : null}
                  </div>
                ),
              },
              {
                id: "age",
                header: m.columns.age,
                cell: (l) => (
                  <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
                    <time dateTime={l.createdAt} title={new Date(l.createdAt).toLocaleString("en-US")}>
                      {m.age(now - Date.parse(l.createdAt))}
                    </time>
                    {l.waiting ? (
                      <span
                        data-testid="waiting"
                        data-overdue={l.overdue ? "true" : undefined}
                        className={`rounded px-2 py-0.5 text-xs font-semibold ${l.overdue ? "bg-red-700 text-white" : "bg-amber-100 text-amber-900"}`}
                        title={l.overdue ? m.overdueLabel : m.waitingLabel}
                      >
                        {l.overdue ? m.overdue : m.waiting}
                      </span>
                    ) : null}
                  </span>
                ),
              },
            ]}
          />
          {next ? (
            <Button onClick={() => void loadMore()} className="mt-2">
              {m.loadMore}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${selectClass} w-full`}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
