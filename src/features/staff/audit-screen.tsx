import { Form, Link, useSubmit } from "react-router";
import type { AuditEntry } from "~/server/data/audit-log.server";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { FormError, SelectField } from "~/shared/ui/staff/staff-field";
import { useHydrated } from "~/shared/ui/staff/staff-form";
import type { AuditScreenData } from "./audit-screen.server";

/** The address of this screen with these filters (empty ones left out). */
function auditPath(filters: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString();
  return query ? `/podium/audit?${query}` : "/podium/audit";
}

/**
 * /podium/audit (owner; docs/behaviour.md §11): who did what, newest first. The person and action
 * filters are a GET form (applied when changed, or by its button before scripts run); older entries
 * are the next page's link. Everything is in the address, so Back and reload keep it.
 */
export function AuditScreen({ data }: { data: AuditScreenData }) {
  const messages = useStaffMessages();
  const m = messages.staff.audit;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { account, action, before } = data.filters;
  const invalid = data.invalid ? messages.staff.audit.invalid : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{messages.staff.shell.screens.audit}</h1>
        <p className="mt-1 text-sm text-gray-700">{m.hint}</p>
      </div>
      <Form method="get" aria-label={m.filters} className="flex flex-wrap items-end gap-4" onChange={(e) => submit(e.currentTarget)}>
        <SelectField
          name="account"
          label={m.person}
          defaultValue={account}
          options={[["", m.everyone], ...data.people.map((p) => [p.id, `${p.name} (${p.email})`] as const)]}
        />
        <SelectField
          name="action"
          label={m.action}
          defaultValue={action}
          options={[["", m.allActions], ...data.page.actions.map((a) => [a, a] as const)]}
        />
        {hydrated ? null : (
          <Button type="submit" className="min-h-11">
            {messages.leads.status.apply}
          </Button>
        )}
      </Form>
      <FormError>{invalid}</FormError>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="text-lg font-semibold">
          {m.heading}
        </h2>
        <DataTable<AuditEntry>
          caption={m.heading}
          rows={data.page.entries}
          rowKey={(e) => e.id}
          empty={<p className="text-gray-700">{m.empty}</p>}
          columns={[
            {
              id: "when",
              header: m.when,
              cell: (e) => <time dateTime={e.at}>{formatDealerTime(e.at)}</time>,
              sortValue: (e) => e.at,
              cellClassName: "md:whitespace-nowrap",
            },
            { id: "who", header: m.who, cell: (e) => e.actor, sortValue: (e) => e.actor },
            { id: "action", header: m.action, cell: (e) => e.action, sortValue: (e) => e.action },
            { id: "record", header: m.record, cell: (e) => `${e.entity} ${e.entityId}`, cellClassName: "font-mono text-xs break-all" },
          ]}
        />
      </section>
      <nav aria-label={m.pages} className="flex flex-wrap gap-3">
        {before ? (
          <Link to={auditPath({ account, action })} className={buttonClass("secondary", "md", "min-h-11")}>
            {m.newest}
          </Link>
        ) : null}
        {data.page.nextBefore ? (
          <Link
            to={auditPath({ account, action, before: String(data.page.nextBefore) })}
            className={buttonClass("secondary", "md", "min-h-11")}
          >
            {m.more}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
