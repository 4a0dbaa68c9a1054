import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { LOCALES } from "~/shared/i18n/locales";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { leadKind } from "~/shared/leads/lead-kinds";
import { LEAD_TYPES } from "~/shared/leads/lead-types";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { LEAD_STATUSES } from "~/shared/staff/lead-tracking";
import { mayHoldLead, type StaffRole } from "~/shared/staff/staff-roles";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { rowFormState, StaffRowForm, useHydrated, useStaffRowForms, type StaffRowForms } from "~/shared/ui/staff/staff-form";
import { SelectField, TextField } from "~/shared/ui/staff/staff-field";
import { StaffIcon } from "~/shared/ui/staff/staff-icons";
import type { InboxAssignee, InboxLead } from "./leads-inbox.server";
import { isLeadRowKey, leadRowIntent, type InboxFilterValues } from "./leads-screen-form";
import type { LeadsScreenData } from "./leads-screen.server";

const rowSelectClass = "min-h-11 rounded-md border border-gray-500 bg-white px-2 py-1";

/** A record's own page: the customer, where every lead of theirs is followed up. */
export const customerPath = (customerId: string) => `/podium/customers/${encodeURIComponent(customerId)}`;

/** This page's query string with `changes` applied (empty values dropped). */
function withQuery(filters: InboxFilterValues, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(Object.entries({ ...filters, ...changes }).filter((e): e is [string, string] => Boolean(e[1])));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * /podium/leads (docs/behaviour.md §17): the person's own waiting leads first (what a salesperson's
 * phone shows above the fold), then every lead of every kind, newest first, filtered by the URL (a GET
 * form: the filters survive Back, reload and a shared link) and paged by links. Each row changes its
 * lead's status or assignee, or takes it, through the route's action.
 */
export function LeadsScreen({ data, away }: { data: LeadsScreenData; away?: ReactNode }) {
  const messages = useStaffMessages();
  const m = messages.inbox;
  const submit = useSubmit();
  const hydrated = useHydrated();
  // Every row's forms share the screen's hooks (decision 131).
  const rows = useStaffRowForms(isLeadRowKey);
  const names = new Map(data.assignees.map((p) => [p.id, p.name]));
  const err = data.filterErrors ?? {};
  const active = (["status", "type", "assignee", "language", "source"] as const).filter((name) => data.filters[name]).length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.leads}</h1>
      {away}
      {data.mineWaiting.length > 0 ? (
        <section aria-labelledby="mine-waiting" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h2 id="mine-waiting" className="font-semibold text-amber-950">
            {messages.staff.shell.counts.leads(data.mineWaiting.length)}
          </h2>
          <ul className="mt-2 divide-y divide-amber-200" data-testid="mine-waiting">
            {data.mineWaiting.map((lead) => (
              <li key={`${lead.type}/${lead.id}`} className="flex flex-wrap items-center justify-between gap-x-3 py-1.5">
                <Link to={customerPath(lead.customerId)} className="inline-flex min-h-11 items-center font-semibold text-red-800 underline">
                  {lead.name}
                </Link>
                <span className="text-sm text-amber-950">
                  {m.types[lead.type] ?? lead.type} · {m.age(data.now - Date.parse(lead.createdAt))}
                  {lead.overdue ? ` · ${m.overdue}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="get"
        aria-label={m.filters}
        className="space-y-3 rounded-lg border border-gray-200 bg-white p-3"
        // With JavaScript a changed list filters at once; the text fields wait for the button.
        onChange={(e) => {
          if (e.target instanceof HTMLSelectElement) submit(e.currentTarget);
        }}
      >
        {data.filters.limit ? <input type="hidden" name="limit" value={data.filters.limit} /> : null}
        <div className="flex items-end gap-2">
          <TextField
            name="q"
            type="search"
            label={m.filter.search}
            placeholder={m.filter.searchHint}
            maxLength={100}
            defaultValue={data.filters.q ?? ""}
            error={err.q}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="primary" className="min-h-11">
            {m.filter.apply}
          </Button>
        </div>
        {/* On a phone the list comes first: the other filters fold away until one is set. */}
        <details open={active > 0 || Object.keys(err).length > 0}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-red-800">{m.moreFilters(active)}</summary>
          <div className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-5">
            <SelectField
              name="status"
              label={m.filter.status}
              defaultValue={data.filters.status ?? ""}
              error={err.status}
              options={[["", m.filter.any], ...LEAD_STATUSES.map((s) => [s, messages.leads.status.values[s]] as const)]}
            />
            <SelectField
              name="type"
              label={m.filter.type}
              defaultValue={data.filters.type ?? ""}
              error={err.type}
              options={[["", m.filter.any], ...LEAD_TYPES.map((t) => [t, m.types[t] ?? t] as const)]}
            />
            <SelectField
              name="assignee"
              label={m.filter.assignee}
              defaultValue={data.filters.assignee ?? ""}
              error={err.assignee}
              options={[
                ["", m.filter.any],
                ["me", m.filter.mine],
                ["none", m.filter.unassigned],
              ]}
            />
            <SelectField
              name="language"
              label={m.filter.language}
              defaultValue={data.filters.language ?? ""}
              error={err.language}
              options={[["", m.filter.any], ...LOCALES.map((l) => [l, messages.staff.common.languages[l] ?? l] as const)]}
            />
            <TextField
              name="source"
              label={m.filter.source}
              placeholder={m.filter.sourceHint}
              maxLength={100}
              defaultValue={data.filters.source ?? ""}
              error={err.source}
              className="col-span-2 lg:col-span-1"
            />
          </div>
        </details>
        {err.before ? <p className="text-sm font-medium text-red-800">{err.before}</p> : null}
      </Form>
      <p className="font-medium text-gray-800" role="status">
        {m.count(data.leads.length, data.next !== null)}
      </p>
      <DataTable<InboxLead>
        caption={m.caption}
        className="mt-2"
        testId="lead-inbox"
        rows={data.leads}
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
                <Link
                  to={customerPath(l.customerId)}
                  className="inline-flex min-h-6 items-center font-semibold text-red-800 underline"
                  aria-label={m.openCustomer(l.name)}
                >
                  {l.name}
                </Link>
                <p className="flex flex-col gap-1 text-sm">
                  <a href={`mailto:${l.email}`} className="inline-flex min-h-6 items-center gap-1 break-all text-red-800 underline">
                    <StaffIcon name="mail" className="h-4 w-4 shrink-0" />
                    {l.email}
                  </a>
                  <a href={`tel:${l.phone}`} className="inline-flex min-h-6 items-center gap-1 text-red-800 underline">
                    <StaffIcon name="phone" className="h-4 w-4 shrink-0" />
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
            cell: (l) => <StatusForm lead={l} rows={rows} mayChangeFinancing={data.mayChangeFinancing} hydrated={hydrated} />,
          },
          {
            id: "assignee",
            header: m.columns.assignee,
            cell: (l) => (
              <AssigneeForms
                lead={l}
                rows={rows}
                meId={data.meId}
                meRole={data.meRole}
                people={data.assignees}
                names={names}
                hydrated={hydrated}
              />
            ),
          },
          {
            id: "age",
            header: m.columns.age,
            cell: (l) => (
              <span className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
                <time dateTime={l.createdAt} title={formatDealerTime(l.createdAt)}>
                  {m.age(data.now - Date.parse(l.createdAt))}
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
      <nav aria-label={m.pages} className="flex flex-wrap gap-3">
        {data.first ? null : (
          <Link to={withQuery(data.filters, { before: null })} className={buttonClass()}>
            {m.newest}
          </Link>
        )}
        {data.next ? (
          <Link to={withQuery(data.filters, { before: data.next })} className={buttonClass()}>
            {m.loadMore}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function StatusForm({
  lead,
  rows,
  mayChangeFinancing,
  hydrated,
}: {
  lead: InboxLead;
  rows: StaffRowForms;
  mayChangeFinancing: boolean;
  hydrated: boolean;
}) {
  const messages = useStaffMessages();
  const m = messages.inbox;
  const key = leadRowIntent("status", lead);
  const form = rowFormState(rows, key);
  // A financing application's status stays with those who may open it (docs/behaviour.md §17).
  const locked = leadKind(lead.type).heldBy === "financing" && !mayChangeFinancing;
  return (
    <StaffRowForm rows={rows} formKey={key} className="flex flex-wrap items-center gap-2">
      <select
        name="status"
        aria-label={m.statusFor(lead.name)}
        // What was chosen stays while it is posted; the saved status resets it (key).
        key={lead.status}
        defaultValue={lead.status}
        disabled={locked}
        onChange={rows.submitOnChange}
        className={rowSelectClass}
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {messages.leads.status.values[s]}
          </option>
        ))}
      </select>
      {hydrated || locked ? null : (
        <Button type="submit" size="sm">
          {messages.staff.shell.saveNoScript}
        </Button>
      )}
      {form.error ? <p className="w-full text-sm font-medium text-red-800">{form.error}</p> : null}
    </StaffRowForm>
  );
}

function AssigneeForms({
  lead,
  rows,
  meId,
  meRole,
  people,
  names,
  hydrated,
}: {
  lead: InboxLead;
  rows: StaffRowForms;
  meId: string;
  meRole: StaffRole;
  people: InboxAssignee[];
  names: Map<string, string>;
  hydrated: boolean;
}) {
  const messages = useStaffMessages();
  const m = messages.inbox;
  const assignKey = leadRowIntent("assign", lead);
  const takeKey = leadRowIntent("take", lead);
  const assign = rowFormState(rows, assignKey);
  const take = rowFormState(rows, takeKey);
  const taking = take.busy;
  const mine = lead.assigneeId === meId;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StaffRowForm rows={rows} formKey={assignKey} className="flex flex-wrap items-center gap-2">
        <select
          name="assigneeId"
          aria-label={m.assigneeFor(lead.name)}
          key={`${lead.assigneeId ?? ""}${taking ? "-taking" : ""}`}
          defaultValue={taking ? meId : (lead.assigneeId ?? "")}
          onChange={rows.submitOnChange}
          className={rowSelectClass}
        >
          <option value="">{m.unassigned}</option>
          {lead.assigneeId && !names.has(lead.assigneeId) ? <option value={lead.assigneeId}>{lead.assigneeId.slice(0, 8)}</option> : null}
          {/* A financing application goes to finance and owners only; every other lead to owners and sales (decision 089). */}
          {people
            .filter((p) => mayHoldLead(p.role, lead.type))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
        {hydrated ? null : (
          <Button type="submit" size="sm">
            {messages.staff.shell.saveNoScript}
          </Button>
        )}
      </StaffRowForm>
      {mine || taking || !mayHoldLead(meRole, lead.type) ? null : (
        <StaffRowForm rows={rows} formKey={takeKey}>
          <Button type="submit" size="sm" aria-label={m.takeLabel(lead.name)} className="min-h-11">
            {m.take}
          </Button>
        </StaffRowForm>
      )}
      {assign.errors.assigneeId || assign.error || take.errors.assigneeId || take.error ? (
        <p className="w-full text-sm font-medium text-red-800">
          {assign.errors.assigneeId ?? assign.error ?? take.errors.assigneeId ?? take.error}
        </p>
      ) : null}
    </div>
  );
}
