import { Mail, Phone, Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { Button } from "~/shared/ui/staff/button";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ApiError, staffFetch, staffJson, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { CALL_OUTCOMES, TASK_KINDS } from "./customer-record-schema";
import type { CustomerRecord, CustomerSummary, TimelineEntry } from "./customer-record.server";

/** The dashboard's input style (kept here: importing the public form kit would re-split the public pages' shared chunks). */
const controlClass = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 ${
    error ? "border-red-700" : "border-gray-500"
  }`;
const labelClass = "block text-sm font-medium text-gray-800";
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
/** A record made by an alert confirmation has no name yet: its e-mail stands for it. */
const fullName = (c: Pick<CustomerSummary, "firstName" | "lastName" | "email">) => `${c.firstName} ${c.lastName}`.trim() || c.email || "";

/** A 400's field messages, from the body ApiError keeps after "400: ". */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    return (JSON.parse(error.message.slice(error.message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
  } catch {
    return {};
  }
}
/** A 4xx's own message (e.g. a customer without e-mail), else the generic failure. */
function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    return (JSON.parse(error.message.slice(error.message.indexOf(":") + 1)) as { error?: string }).error ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The Customers tab (docs/behaviour.md §19): search by name, e-mail or phone, and one customer's
 * record: their leads, the timeline, and the forms to reply, log a call, add a note or a task, and
 * merge a duplicate. `focusId` (a link /podium?tab=customers&id=…) opens that customer at once.
 */
export function CustomersTab({ focusId }: { focusId?: string | null }) {
  const [openId, setOpenId] = useState<string | null>(focusId ?? null);
  return openId ? <CustomerPanel id={openId} onBack={() => setOpenId(null)} onOpen={setOpenId} /> : <CustomerSearch onOpen={setOpenId} />;
}

function useCustomerSearch() {
  const [results, setResults] = useState<CustomerSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [last, setLast] = useState("");
  async function run(q: string) {
    setLast(q);
    try {
      setResults(await staffJson<CustomerSummary[]>(`/api/admin/customers?q=${encodeURIComponent(q)}`));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }
  return { results, failed, run, retry: () => void run(last) };
}

function SearchForm({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const c = useStaffMessages().customers.search;
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(String(new FormData(e.currentTarget).get("q") ?? ""));
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {label}
        </label>
        <input id={`${id}-q`} name="q" type="search" minLength={2} placeholder={c.placeholder} className={controlClass()} />
      </div>
      <Button type="submit" variant="primary">
        <Search aria-hidden="true" className="h-4 w-4" />
        {c.submit}
      </Button>
    </form>
  );
}

function CustomerSearch({ onOpen }: { onOpen: (id: string) => void }) {
  const c = useStaffMessages().customers;
  const search = useCustomerSearch();
  return (
    <section aria-label={c.search.label}>
      <SearchForm label={c.search.label} onSearch={(q) => void search.run(q)} />
      <p className="mt-2 text-sm text-gray-700">{c.search.hint}</p>
      {search.failed ? <LoadFailed onRetry={search.retry} /> : null}
      {search.results?.length === 0 ? <p className="mt-4 text-gray-700">{c.search.none}</p> : null}
      <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {(search.results ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-semibold">{fullName(r)}</p>
              <p className="break-all text-sm text-gray-700">{[r.email, r.phone].filter(Boolean).join(" · ")}</p>
            </div>
            <Button size="sm" onClick={() => onOpen(r.id)} aria-label={c.record.openRecord(fullName(r))}>
              {c.record.open}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CustomerPanel({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen: (id: string) => void }) {
  const m = useStaffMessages();
  const c = m.customers;
  const { data, error, reload } = useStaffData<CustomerRecord>(`/api/admin/customers/${id}`);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const loaded = data !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);
  if (error)
    return (
      <div>
        <p role="alert" className="text-red-800">
          {c.record.notFound}
        </p>
        <Button className="mt-3" onClick={onBack}>
          {c.record.back}
        </Button>
      </div>
    );
  if (!data) return <p className="text-gray-700">{m.staff.common.loading}</p>;
  const customer = data.customer;
  const name = fullName(customer);
  const names = new Map(data.assignees.map((a) => [a.id, a.name]));
  const refresh = () => void reload();
  return (
    <article aria-labelledby={`customer-${customer.id}`} className="space-y-6">
      <Button size="sm" onClick={onBack}>
        {c.record.back}
      </Button>
      {data.mergedFrom ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{c.record.merged}</p> : null}
      <header className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id={`customer-${customer.id}`} ref={heading} tabIndex={-1} className="text-xl font-bold">
          {c.record.heading(name)}
        </h2>
        <p className="mt-1 text-xs text-gray-700">{c.record.since(new Date(customer.createdAt).toLocaleDateString("en-US"))}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="inline-flex items-center gap-1 break-all text-red-800 underline">
              <Mail aria-hidden="true" className="h-4 w-4" />
              {customer.email}
            </a>
          ) : (
            <span className="text-gray-700">{c.record.noEmail}</span>
          )}
          {customer.phone ? (
            <a href={`tel:${customer.phone}`} className="inline-flex items-center gap-1 text-red-800 underline">
              <Phone aria-hidden="true" className="h-4 w-4" />
              {customer.phone}
            </a>
          ) : (
            <span className="text-gray-700">{c.record.noPhone}</span>
          )}
        </p>
        <LeadLanguage locale={customer.locale} className="mt-1" />
        <h3 className="mt-4 font-semibold">{c.record.leads}</h3>
        <ul className="mt-1 space-y-1 text-sm" data-testid="customer-leads">
          {data.leads.map((l) => (
            <li key={`${l.type}:${l.id}`}>
              <span className="font-medium">{c.leadTypes[l.type] ?? l.type}</span> · {when(l.createdAt)} · {m.leads.status.values[l.status]}{" "}
              · {l.assigneeId ? (names.get(l.assigneeId) ?? c.unassigned) : c.unassigned}
            </li>
          ))}
        </ul>
        {data.alerts ? <CustomerAlertsSummary alerts={data.alerts} /> : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline entries={data.timeline} />
        <div className="space-y-6">
          <ReplyForm record={data} onDone={refresh} />
          <CallForm customerId={customer.id} onDone={refresh} />
          <NoteForm customerId={customer.id} onDone={refresh} />
          <TaskForm record={data} onDone={refresh} />
          <MergeForm record={data} onMerged={(keptId) => (keptId === id ? refresh() : onOpen(keptId))} />
        </div>
      </div>
    </article>
  );
}

/** What the customer saved and is alerted about (docs/behaviour.md §21): addresses, items, consents. */
function CustomerAlertsSummary({ alerts }: { alerts: NonNullable<CustomerRecord["alerts"]> }) {
  const c = useStaffMessages().customers.alerts;
  return (
    <>
      <h3 className="mt-4 font-semibold">{c.heading}</h3>
      <ul className="mt-1 space-y-1 text-sm" data-testid="customer-alerts">
        {alerts.addresses.map((a) => (
          <li key={a.email}>
            {a.email} · {c.states[a.status]}
            {a.consents.length
              ? ` · ${c.consent(a.consents[a.consents.length - 1]!.wordingVersion, a.consents[a.consents.length - 1]!.locale)}`
              : ""}
          </li>
        ))}
        {alerts.saved.map((item, i) => (
          <li key={i}>
            {item.kind === "vehicle" ? (item.vehicleName ?? c.goneVehicle) : c.search(item.search ?? "")}
            {item.priceBasis !== null ? ` · ${c.priceBasis(`$${item.priceBasis.toLocaleString("en-US")}`)}` : ""} ·{" "}
            {c.itemStates[item.status]}
          </li>
        ))}
      </ul>
    </>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const m = useStaffMessages();
  const c = m.customers;
  return (
    <section aria-labelledby="customer-timeline" className="rounded-lg border border-gray-200 bg-white p-4">
      <h3 id="customer-timeline" className="text-lg font-semibold">
        {c.record.timeline}
      </h3>
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
        c.events.task(c.task.kinds[text("kind")] ?? text("kind"), when(text("dueAt"))),
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
    case "mail": {
      const audience = m.leads.mail.audiences[text("audience") as "staff"] ?? text("audience");
      const state = m.leads.mail.states[text("state") as "sent"] ?? text("state");
      return line(c.events.mail(audience, state), text("subject"));
    }
    default:
      return line(e.kind);
  }
}

/** One small form of the record: posts JSON, shows field messages under their fields, toasts the outcome. */
function useRecordForm(url: string, messages: { saved: string; failed: string }, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>, body: (form: FormData) => Record<string, unknown>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    setBusy(true);
    setErrors({});
    try {
      await staffFetch(url, { method: "POST", body: body(new FormData(formElement)) });
      toast({ title: messages.saved });
      formElement.reset();
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({ title: messages.failed, description: errorText(error, ""), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, submit };
}

function Field({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => ReactNode;
}) {
  const fieldId = `${id}-${name}`;
  return (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      {children({
        id: fieldId,
        name,
        ...(error ? { "aria-invalid": true as const, "aria-describedby": `${fieldId}-error` } : {}),
        className: controlClass(error),
      })}
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const formBox = "space-y-3 rounded-lg border border-gray-200 bg-white p-4";
const str = (form: FormData, key: string) => String(form.get(key) ?? "");
/** "type:id" of the lead select, or nothing (the latest open lead). */
const leadRefOf = (form: FormData) => {
  const value = str(form, "lead");
  const at = value.indexOf(":");
  return at > 0 ? { leadType: value.slice(0, at), leadId: value.slice(at + 1) } : {};
};

function LeadSelect({ id, record }: { id: string; record: CustomerRecord }) {
  const c = useStaffMessages().customers;
  if (record.leads.length < 2) return null;
  return (
    <Field id={id} name="lead" label={c.reply.lead}>
      {(p) => (
        <select {...p} defaultValue="">
          <option value="">{c.reply.latestLead}</option>
          {record.leads.map((l) => (
            <option key={`${l.type}:${l.id}`} value={`${l.type}:${l.id}`}>
              {`${c.leadTypes[l.type] ?? l.type} · ${when(l.createdAt)}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function ReplyForm({ record, onDone }: { record: CustomerRecord; onDone: () => void }) {
  const c = useStaffMessages().customers.reply;
  const id = useId();
  const form = useRecordForm(`/api/admin/customers/${record.customer.id}/reply`, { saved: c.sent, failed: c.failed }, onDone);
  if (!record.customer.email)
    return (
      <section className={formBox}>
        <h3 className="font-semibold">{c.heading}</h3>
        <p className="text-gray-800">{c.noEmail}</p>
      </section>
    );
  return (
    <form
      className={formBox}
      aria-labelledby={`${id}-h`}
      noValidate
      onSubmit={(e) => void form.submit(e, (f) => ({ subject: str(f, "subject"), text: str(f, "text"), ...leadRefOf(f) }))}
    >
      <h3 id={`${id}-h`} className="font-semibold">
        {c.heading}
      </h3>
      <LeadSelect id={id} record={record} />
      <Field id={id} name="subject" label={c.subject} error={form.errors.subject}>
        {(p) => <input {...p} type="text" maxLength={200} required />}
      </Field>
      <Field id={id} name="text" label={c.text} error={form.errors.text}>
        {(p) => <textarea {...p} rows={5} maxLength={10_000} required />}
      </Field>
      {form.errors.leadId ? <p className="text-sm font-medium text-red-800">{form.errors.leadId}</p> : null}
      <Button type="submit" variant="primary" disabled={form.busy}>
        {form.busy ? c.sending : c.send}
      </Button>
    </form>
  );
}

function CallForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const c = useStaffMessages().customers.call;
  const id = useId();
  const form = useRecordForm(`/api/admin/customers/${customerId}/calls`, { saved: c.saved, failed: c.failed }, onDone);
  return (
    <form
      className={formBox}
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => void form.submit(e, (f) => ({ outcome: str(f, "outcome"), note: str(f, "note") }))}
    >
      <h3 id={`${id}-h`} className="font-semibold">
        {c.heading}
      </h3>
      <Field id={id} name="outcome" label={c.outcome} error={form.errors.outcome}>
        {(p) => (
          <select {...p} defaultValue="reached">
            {CALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {c.outcomes[o]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={id} name="note" label={c.note} error={form.errors.note}>
        {(p) => <textarea {...p} rows={2} maxLength={2000} />}
      </Field>
      <Button type="submit" disabled={form.busy}>
        {c.save}
      </Button>
    </form>
  );
}

function NoteForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const c = useStaffMessages().customers.note;
  const id = useId();
  const form = useRecordForm(`/api/admin/customers/${customerId}/notes`, { saved: c.saved, failed: c.failed }, onDone);
  return (
    <form
      className={formBox}
      aria-labelledby={`${id}-h`}
      noValidate
      onSubmit={(e) => void form.submit(e, (f) => ({ text: str(f, "text") }))}
    >
      <h3 id={`${id}-h`} className="font-semibold">
        {c.heading}
      </h3>
      <Field id={id} name="text" label={c.text} error={form.errors.text}>
        {(p) => <textarea {...p} rows={3} maxLength={2000} required />}
      </Field>
      <Button type="submit" disabled={form.busy}>
        {c.save}
      </Button>
    </form>
  );
}

/** The value of a datetime-local input an hour from now, on the device's clock. */
function inAnHour(): string {
  const d = new Date(Date.now() + 3_600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function TaskForm({ record, onDone }: { record: CustomerRecord; onDone: () => void }) {
  const m = useStaffMessages();
  const c = m.customers.task;
  const id = useId();
  const [defaultDue] = useState(inAnHour);
  const form = useRecordForm(`/api/admin/customers/${record.customer.id}/tasks`, { saved: c.saved, failed: c.failed }, onDone);
  return (
    <form
      className={formBox}
      aria-labelledby={`${id}-h`}
      noValidate
      onSubmit={(e) =>
        void form.submit(e, (f) => {
          const due = str(f, "dueAt");
          // The device's local time as an instant; the server keeps it in UTC.
          const dueAt = due && !Number.isNaN(new Date(due).getTime()) ? new Date(due).toISOString() : due;
          return { kind: str(f, "kind"), dueAt, assigneeId: str(f, "assigneeId"), note: str(f, "note"), ...leadRefOf(f) };
        })
      }
    >
      <h3 id={`${id}-h`} className="font-semibold">
        {c.heading}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id} name="kind" label={c.kind} error={form.errors.kind}>
          {(p) => (
            <select {...p} defaultValue="call">
              {TASK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {c.kinds[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={id} name="dueAt" label={c.dueAt} error={form.errors.dueAt}>
          {(p) => <input {...p} type="datetime-local" defaultValue={defaultDue} required />}
        </Field>
      </div>
      <Field id={id} name="assigneeId" label={c.assignee} error={form.errors.assigneeId}>
        {(p) => (
          <select {...p} defaultValue={record.assignees[0]?.id}>
            {record.assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={id} name="note" label={c.note} error={form.errors.note}>
        {(p) => <textarea {...p} rows={2} maxLength={2000} />}
      </Field>
      <LeadSelect id={`${id}-task`} record={record} />
      <Button type="submit" disabled={form.busy}>
        {c.save}
      </Button>
    </form>
  );
}

function MergeForm({ record, onMerged }: { record: CustomerRecord; onMerged: (keptId: string) => void }) {
  const c = useStaffMessages().customers;
  const search = useCustomerSearch();
  const [busy, setBusy] = useState(false);
  const name = fullName(record.customer);
  const others = (search.results ?? []).filter((r) => r.id !== record.customer.id);
  async function merge(other: CustomerSummary) {
    if (!window.confirm(c.merge.confirm(fullName(other), name))) return;
    setBusy(true);
    try {
      await staffFetch(`/api/admin/customers/${record.customer.id}/merge`, { method: "POST", body: { otherId: other.id } });
      toast({ title: c.merge.merged });
      onMerged(record.customer.id);
    } catch (error) {
      toast({ title: c.merge.failed, description: errorText(error, ""), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className={formBox} aria-label={c.merge.heading}>
      <h3 className="font-semibold">{c.merge.heading}</h3>
      <p className="text-sm text-gray-800">{c.merge.explain}</p>
      <SearchForm label={c.search.label} onSearch={(q) => void search.run(q)} />
      {search.results && others.length === 0 ? <p className="text-sm text-gray-700">{c.search.none}</p> : null}
      <ul className="space-y-2">
        {others.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all text-sm">
              <span className="font-medium">{fullName(r)}</span> {[r.email, r.phone].filter(Boolean).join(" · ")}
            </span>
            <Button size="sm" variant="danger" disabled={busy} onClick={() => void merge(r)}>
              {c.merge.into(fullName(r))}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
