import { Mail, Phone, Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { DEALER_ZONE_LABEL, formatDealerTime } from "~/shared/lib/dealer-time";
import { formatPrice } from "~/shared/lib/format";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { FormError, SelectField, TextAreaField, TextField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import { CONTACT_CHANNELS } from "~/shared/config/contact-consent";
import { CALL_OUTCOMES, TASK_KINDS } from "./customer-record-schema";
import type { CustomerRecord, CustomerSummary, TimelineEntry } from "./customer-record.server";
import type { CustomerScreenData } from "./customer-screen.server";

/** A record made by an alert confirmation has no name yet: its e-mail stands for it. */
const fullName = (c: Pick<CustomerSummary, "firstName" | "lastName" | "email">) => `${c.firstName} ${c.lastName}`.trim() || c.email || "";
const when = (iso: string) => formatDealerTime(iso);
const formBox = "space-y-3 rounded-lg border border-gray-200 bg-white p-4";

/** A search box that goes to this page with `name` in the query string (a GET form: Back and reload keep it). */
function SearchForm({ label, name, value, keep }: { label: string; name: string; value: string; keep?: Record<string, string> }) {
  const c = useStaffMessages().customers.search;
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-2">
      {Object.entries(keep ?? {}).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <TextField
        name={name}
        type="search"
        label={label}
        minLength={2}
        maxLength={200}
        placeholder={c.placeholder}
        defaultValue={value}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="primary" className="min-h-11">
        <Search aria-hidden="true" className="h-4 w-4" />
        {c.submit}
      </Button>
    </Form>
  );
}

/** /podium/customers (docs/behaviour.md §19): find a customer by name, e-mail or phone, and open their record. */
export function CustomersScreen({ q, customers }: { q: string; customers: CustomerSummary[] | null }) {
  const m = useStaffMessages();
  const c = m.customers;
  return (
    <section aria-labelledby="customers-heading" className="space-y-4">
      <h1 id="customers-heading" className="text-2xl font-bold">
        {m.staff.shell.screens.customers}
      </h1>
      <SearchForm label={c.search.label} name="q" value={q} />
      <p className="text-sm text-gray-700">{c.search.hint}</p>
      {customers?.length === 0 ? <p className="text-gray-700">{c.search.none}</p> : null}
      {customers && customers.length > 0 ? <CustomerList customers={customers} /> : null}
    </section>
  );
}

export function CustomerList({ customers }: { customers: CustomerSummary[] }) {
  const c = useStaffMessages().customers;
  return (
    <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="customer-results">
      {customers.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="font-semibold">{fullName(r)}</p>
            <p className="break-all text-sm text-gray-700">{[r.email, r.phone].filter(Boolean).join(" · ")}</p>
          </div>
          <Link
            to={`/podium/customers/${r.id}`}
            aria-label={c.record.openRecord(fullName(r))}
            className={buttonClass("secondary", "sm", "min-h-11")}
          >
            {c.record.open}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /podium/customers/{id} (docs/behaviour.md §19): the customer, their leads, the timeline, and the
 * forms to reply, log a call, add a note or a task, and merge a duplicate, each posting to the route's
 * action (the JSON API's schemas and use cases) with and without JavaScript.
 */
export function CustomerScreen({ data }: { data: CustomerScreenData }) {
  const m = useStaffMessages();
  const c = m.customers;
  const { record } = data;
  const customer = record.customer;
  const name = fullName(customer);
  const names = new Map(record.assignees.map((a) => [a.id, a.name]));
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Opening another record moves focus to its name, as a page load would.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [customer.id]);
  return (
    <article aria-labelledby="customer-heading" className="space-y-6">
      <Link to="/podium/customers" className={buttonClass("secondary", "sm", "min-h-11")}>
        {c.record.back}
      </Link>
      {data.mergedFrom ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{c.record.merged}</p> : null}
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h1 id="customer-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {c.record.heading(name)}
        </h1>
        <p className="mt-1 text-xs text-gray-700">{c.record.since(formatDealerTime(customer.createdAt, "date"))}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="inline-flex min-h-6 items-center gap-1 break-all text-red-800 underline">
              <Mail aria-hidden="true" className="h-4 w-4" />
              {customer.email}
            </a>
          ) : (
            <span className="text-gray-700">{c.record.noEmail}</span>
          )}
          {customer.phone ? (
            <a href={`tel:${customer.phone}`} className="inline-flex min-h-6 items-center gap-1 text-red-800 underline">
              <Phone aria-hidden="true" className="h-4 w-4" />
              {customer.phone}
            </a>
          ) : (
            <span className="text-gray-700">{c.record.noPhone}</span>
          )}
        </p>
        <LeadLanguage locale={customer.locale} className="mt-1" />
        {record.doNotContact.length ? (
          <p
            className="mt-2 inline-block rounded-md bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900"
            data-testid="do-not-contact-badge"
          >
            {c.contactPreferences.badge(record.doNotContact.map((r) => c.contactPreferences.channels[r.channel]).join(", "))}
          </p>
        ) : null}
        <h2 className="mt-4 font-semibold">{c.record.leads}</h2>
        <ul className="mt-1 space-y-1 text-sm" data-testid="customer-leads">
          {record.leads.map((l) => (
            <li key={`${l.type}:${l.id}`}>
              <span className="font-medium">{c.leadTypes[l.type] ?? l.type}</span> · {when(l.createdAt)} · {m.leads.status.values[l.status]}{" "}
              · {l.assigneeId ? (names.get(l.assigneeId) ?? c.unassigned) : c.unassigned}
            </li>
          ))}
        </ul>
        {record.alerts ? <CustomerAlertsSection alerts={record.alerts} /> : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline entries={record.timeline} />
        <div className="space-y-6">
          <ReplyForm record={record} />
          <ContactPreferencesForm record={record} />
          <CallForm record={record} />
          <NoteForm />
          <TaskForm record={record} defaultDue={data.defaultDue} />
          <MergeSection data={data} />
        </div>
      </div>
    </article>
  );
}

/**
 * What the customer saved and is alerted about (docs/behaviour.md §21), read-only: each address with its
 * state and the consent it gave, each saved vehicle (with the price it was saved at or last told) and
 * search. The mails they were sent are in the timeline. Staff change nothing here: the shopper manages
 * their alerts from the link in every alert mail, and "do not contact" (above) stops them too.
 */
function CustomerAlertsSection({ alerts }: { alerts: NonNullable<CustomerRecord["alerts"]> }) {
  const c = useStaffMessages().customers.alerts;
  return (
    <section aria-labelledby="customer-alerts-heading">
      <h2 id="customer-alerts-heading" className="mt-4 font-semibold">
        {c.heading}
      </h2>
      <ul className="mt-1 space-y-1 text-sm" data-testid="customer-alerts">
        {alerts.addresses.map((a) => {
          const consent = a.consents.at(-1);
          return (
            <li key={a.email} className="break-words">
              {/* One text node: the server's HTML then holds the line as read, without React's separators. */}
              {`${a.email} · ${c.states[a.status]}${consent ? ` · ${c.consent(consent.wordingVersion, consent.locale)}, ${when(consent.at)}` : ""}`}
            </li>
          );
        })}
        {alerts.saved.map((item, i) => (
          <li key={i}>
            {item.kind === "vehicle" ? (item.vehicleName ?? c.goneVehicle) : c.search(item.search ?? "")}
            {item.priceBasis !== null ? ` · ${c.priceBasis(formatPrice(item.priceBasis))}` : ""} · {c.itemStates[item.status]}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const c = useStaffMessages().customers;
  return (
    <section aria-labelledby="customer-timeline" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="customer-timeline" className="text-lg font-semibold">
        {c.record.timeline}
      </h2>
      {entries.length === 0 ? <p className="mt-2 text-gray-700">{c.record.emptyTimeline}</p> : null}
      <ol className="mt-3 space-y-3" data-testid="customer-timeline">
        {entries.map((e) => (
          <li key={e.id} className="border-l-2 border-gray-300 pl-3" data-kind={e.kind}>
            <p className="text-xs text-gray-700">
              <time dateTime={e.at}>{when(e.at)}</time>
              {e.leadType ? ` · ${c.leadTypes[e.leadType] ?? e.leadType}` : ""}
              {e.staff ? ` · ${c.events.by(e.staff.name)}` : ""}
            </p>
            <TimelineText entry={e} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function TimelineText({ entry: e }: { entry: TimelineEntry }) {
  const m = useStaffMessages();
  const c = m.customers;
  const d = e.data;
  const text = (key: string) => (typeof d[key] === "string" ? (d[key] as string) : "");
  const line = (title: ReactNode, body?: string) => (
    <>
      <p className="font-medium text-gray-900">{title}</p>
      {body ? <p className="whitespace-pre-wrap break-words text-sm text-gray-800">{body}</p> : null}
    </>
  );
  switch (e.kind) {
    case "lead":
      return line(c.events.lead(c.leadTypes[e.leadType ?? ""] ?? e.leadType ?? ""));
    case "assigned":
      return line(c.events.assigned(text("assigneeName") || c.unassigned));
    case "status":
      return line(c.events.status(m.leads.status.values[text("status") as "new"] ?? text("status")));
    case "note":
      return line(c.events.note, text("text"));
    case "reply":
      return line(c.events.reply(text("subject")), text("text"));
    case "call":
      return line([c.events.call, c.call.outcomes[text("outcome")]].filter(Boolean).join(": "), text("note"));
    case "task":
      return line(
        c.events.task(c.task.kinds[text("kind")] ?? text("kind"), text("dueAt") ? when(text("dueAt")) : ""),
        [text("assigneeName"), text("note")].filter(Boolean).join(" — "),
      );
    case "task-done":
      return line(c.events.taskDone);
    case "escalated":
      return line(c.events.escalated);
    case "after-hours-reply":
      return line(c.events.afterHoursReply);
    case "merged":
      return line(c.events.merged, text("otherName"));
    case "alerts-confirmed":
      return line(c.events.alertsConfirmed, text("email"));
    case "alerts-unsubscribed":
      return line(c.events.alertsUnsubscribed, text("email"));
    case "do-not-contact": {
      const names = (key: string) =>
        (Array.isArray(d[key]) ? (d[key] as string[]) : []).map((ch) => c.contactPreferences.channels[ch as "email"] ?? ch).join(", ");
      return line(c.events.doNotContact(names("refused"), names("allowed")));
    }
    case "mail": {
      const audience = m.leads.mail.audiences[text("audience") as "staff"] ?? text("audience");
      const state = m.leads.mail.states[text("state") as "sent"] ?? text("state");
      return line(c.events.mail(audience, state), text("subject"));
    }
    default:
      return line(e.kind);
  }
}

/** Which of the customer's leads a form is about; only offered when they have more than one. */
function LeadSelect({ record, value, error }: { record: CustomerRecord; value?: string; error?: string }) {
  const c = useStaffMessages().customers;
  if (record.leads.length < 2) return error ? <FormError>{error}</FormError> : null;
  return (
    <SelectField
      name="lead"
      label={c.reply.lead}
      defaultValue={value ?? ""}
      error={error}
      options={[
        ["", c.reply.latestLead],
        ...record.leads.map((l) => [`${l.type}:${l.id}`, `${c.leadTypes[l.type] ?? l.type} · ${when(l.createdAt)}`] as const),
      ]}
    />
  );
}

function FormHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="font-semibold">
      {children}
    </h2>
  );
}

function ReplyForm({ record }: { record: CustomerRecord }) {
  const c = useStaffMessages().customers.reply;
  const form = useStaffForm("reply");
  // A customer who asked not to be e-mailed gets no reply (decision 094); the server refuses one too.
  const refused = record.doNotContact.some((r) => r.channel === "email");
  if (!record.customer.email || refused)
    return (
      <section className={formBox} aria-labelledby="reply-heading">
        <FormHeading id="reply-heading">{c.heading}</FormHeading>
        <p className="text-gray-800">{refused ? c.refused : c.noEmail}</p>
      </section>
    );
  return (
    <StaffForm form={form} className={formBox} aria-labelledby="reply-heading" noValidate>
      <input type="hidden" name="intent" value="reply" />
      <FormHeading id="reply-heading">{c.heading}</FormHeading>
      <LeadSelect record={record} value={form.values.lead} error={form.errors.leadId} />
      <TextField name="subject" label={c.subject} maxLength={200} required error={form.errors.subject} defaultValue={form.values.subject} />
      <TextAreaField
        name="text"
        label={c.text}
        rows={5}
        maxLength={10_000}
        required
        error={form.errors.text}
        defaultValue={form.values.text}
      />
      <FormError>{form.error}</FormError>
      <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11">
        {form.busy ? c.sending : c.send}
      </Button>
    </StaffForm>
  );
}

/**
 * The customer's "do not contact" per channel (decision 094), set by staff when asked by phone or in
 * person, or shown as the customer set it by the link in our mails; and the consents to calls and
 * texts they gave, with the wording version each one stored.
 */
function ContactPreferencesForm({ record }: { record: CustomerRecord }) {
  const c = useStaffMessages().customers.contactPreferences;
  const form = useStaffForm("contact-preferences", { resetOnSuccess: false });
  const refused = new Map(record.doNotContact.map((r) => [r.channel, r]));
  return (
    <StaffForm form={form} className={formBox} aria-labelledby="contact-preferences-heading" data-testid="contact-preferences">
      <input type="hidden" name="intent" value="contact-preferences" />
      <FormHeading id="contact-preferences-heading">{c.heading}</FormHeading>
      {/* Keyed by what is stored, so the boxes show the saved state once the page has reloaded its data. */}
      <fieldset key={[...refused.keys()].join(",")}>
        <legend className="text-sm text-gray-800">{c.explain}</legend>
        <div className="mt-2 space-y-1">
          {CONTACT_CHANNELS.map((channel) => {
            const row = refused.get(channel);
            return (
              <label key={channel} className="flex min-h-11 flex-wrap items-center gap-2 text-sm text-gray-900">
                <input type="checkbox" name="doNotContact" value={channel} defaultChecked={Boolean(row)} className="h-4 w-4" />
                {c.channels[channel]}
                {row ? (
                  <span className="text-gray-700">
                    {c.since(when(row.since), row.source === "opt-out-link" ? c.byCustomer : c.byStaff)}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <FormError>{form.errors["doNotContact"] ?? form.error}</FormError>
      <Button type="submit" disabled={form.busy} className="min-h-11">
        {c.save}
      </Button>
      <h3 className="pt-2 text-sm font-semibold">{c.consents}</h3>
      {record.consents.length ? (
        <ul className="space-y-1 text-sm text-gray-800" data-testid="contact-consents">
          {record.consents.map((k) => (
            <li key={`${k.givenAt}-${k.phone}`}>{c.consent(when(k.givenAt), k.phone, k.wordingVersion, k.locale)}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-800">{c.noConsent}</p>
      )}
    </StaffForm>
  );
}

function CallForm({ record }: { record: CustomerRecord }) {
  const c = useStaffMessages().customers.call;
  const form = useStaffForm("call");
  return (
    <StaffForm form={form} className={formBox} aria-labelledby="call-heading" noValidate>
      <input type="hidden" name="intent" value="call" />
      <FormHeading id="call-heading">{c.heading}</FormHeading>
      <SelectField
        name="outcome"
        label={c.outcome}
        defaultValue={form.values.outcome ?? "reached"}
        error={form.errors.outcome}
        options={CALL_OUTCOMES.map((o) => [o, c.outcomes[o] ?? o] as const)}
      />
      <TextAreaField name="note" label={c.note} rows={2} maxLength={2000} error={form.errors.note} defaultValue={form.values.note} />
      <LeadSelect record={record} value={form.values.lead} error={form.errors.leadId} />
      <Button type="submit" disabled={form.busy} className="min-h-11">
        {c.save}
      </Button>
    </StaffForm>
  );
}

function NoteForm() {
  const c = useStaffMessages().customers.note;
  const form = useStaffForm("note");
  return (
    <StaffForm form={form} className={formBox} aria-labelledby="note-heading" noValidate>
      <input type="hidden" name="intent" value="note" />
      <FormHeading id="note-heading">{c.heading}</FormHeading>
      <TextAreaField
        name="text"
        label={c.text}
        rows={3}
        maxLength={2000}
        required
        error={form.errors.text}
        defaultValue={form.values.text}
      />
      <Button type="submit" disabled={form.busy} className="min-h-11">
        {c.save}
      </Button>
    </StaffForm>
  );
}

function TaskForm({ record, defaultDue }: { record: CustomerRecord; defaultDue: string }) {
  const c = useStaffMessages().customers.task;
  const form = useStaffForm("task");
  return (
    <StaffForm form={form} className={formBox} aria-labelledby="task-heading" noValidate>
      <input type="hidden" name="intent" value="task" />
      <FormHeading id="task-heading">{c.heading}</FormHeading>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          name="kind"
          label={c.kind}
          defaultValue={form.values.kind ?? "call"}
          error={form.errors.kind}
          options={TASK_KINDS.map((k) => [k, c.kinds[k] ?? k] as const)}
        />
        <TextField
          name="dueAt"
          type="datetime-local"
          label={c.dueAt}
          hint={c.dueZone(DEALER_ZONE_LABEL)}
          required
          error={form.errors.dueAt}
          defaultValue={form.values.dueAt ?? defaultDue}
        />
      </div>
      <SelectField
        name="assigneeId"
        label={c.assignee}
        defaultValue={form.values.assigneeId ?? record.assignees[0]?.id}
        error={form.errors.assigneeId}
        options={record.assignees.map((a) => [a.id, a.name] as const)}
      />
      <TextAreaField name="note" label={c.note} rows={2} maxLength={2000} error={form.errors.note} defaultValue={form.values.note} />
      <LeadSelect record={record} value={form.values.lead} error={form.errors.leadId} />
      <Button type="submit" disabled={form.busy} className="min-h-11">
        {c.save}
      </Button>
    </StaffForm>
  );
}

/**
 * Merging a duplicate: search for the other record (the query string's `mergeQ`), pick it (`merge`),
 * then confirm on the page itself, a step that needs no script and cannot be clicked by mistake.
 */
function MergeSection({ data }: { data: CustomerScreenData }) {
  const m = useStaffMessages();
  const c = m.customers;
  const form = useStaffForm("merge");
  const name = fullName(data.record.customer);
  const other = data.confirmMerge;
  return (
    <section className={formBox} aria-labelledby="merge-heading">
      <FormHeading id="merge-heading">{c.merge.heading}</FormHeading>
      <p className="text-sm text-gray-800">{c.merge.explain}</p>
      {other ? (
        <StaffForm
          form={form}
          className="space-y-3 rounded-md border border-red-300 bg-red-50 p-3"
          aria-label={c.merge.into(fullName(other))}
        >
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="otherId" value={other.id} />
          <p className="text-sm text-gray-900">{c.merge.confirm(fullName(other), name)}</p>
          <FormError>{form.errors.otherId ?? form.error}</FormError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={form.busy} className="min-h-11">
              {c.merge.into(fullName(other))}
            </Button>
            <Link to={`?${new URLSearchParams({ mergeQ: data.mergeQ })}`} className={buttonClass("secondary", "md", "min-h-11")}>
              {m.staff.common.cancel}
            </Link>
          </div>
        </StaffForm>
      ) : null}
      <SearchForm label={c.search.label} name="mergeQ" value={data.mergeQ} />
      {data.mergeCandidates?.length === 0 ? <p className="text-sm text-gray-700">{c.search.none}</p> : null}
      <ul className="space-y-2">
        {(data.mergeCandidates ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all text-sm">
              <span className="font-medium">{fullName(r)}</span> {[r.email, r.phone].filter(Boolean).join(" · ")}
            </span>
            <Link
              to={`?${new URLSearchParams({ mergeQ: data.mergeQ, merge: r.id })}`}
              className={buttonClass("danger", "sm", "min-h-11")}
              preventScrollReset
            >
              {c.merge.into(fullName(r))}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
