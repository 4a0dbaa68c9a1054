import { Mail, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusFilterForm, LeadStatusForm, LeadStatusRows } from "~/shared/ui/staff/lead-status-form";
import { FormError } from "~/shared/ui/staff/staff-field";
import { StaffIcon } from "~/shared/ui/staff/staff-icons";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { StaffMessage } from "./contact-staff.server";
import type { MessageScreenData, MessagesListData, MessagesListFilters } from "./messages-screen.server";

const messagePath = (id: string) => `/podium/messages/${encodeURIComponent(id)}`;
const nameOf = (msg: StaffMessage) => `${msg.firstName} ${msg.lastName}`;

function withQuery(filters: MessagesListFilters, changes: Partial<Record<keyof MessagesListFilters, string | null>>): string {
  const params = new URLSearchParams(Object.entries({ ...filters, ...changes }).filter((e): e is [string, string] => Boolean(e[1])));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * /podium/messages (docs/behaviour.md §2 Staff app): contact messages newest first, 50 to a page, the
 * status filter in the address; each card changes its lead status and opens the message's own page.
 */
export function MessagesListScreen({ data }: { data: MessagesListData }) {
  const m = useStaffMessages();
  const s = m.staff;
  const empty = data.messages.length === 0 && !data.filters.status && !data.filters.before && !data.filterErrors;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{s.shell.screens.messages}</h1>
      {empty ? (
        <div className="py-12 text-center">
          <Mail aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
          <h2 className="mt-3 text-lg font-semibold">{s.messages.emptyTitle}</h2>
          <p className="text-gray-700">{s.messages.emptyText}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-gray-800" role="status">
              {s.messages.count(data.messages.length)}
            </p>
            <LeadStatusFilterForm value={data.filters.status as LeadStatus | undefined} error={data.filterErrors?.status} />
          </div>
          {data.filterErrors?.before ? <p className="text-sm font-medium text-red-800">{data.filterErrors.before}</p> : null}
          {data.messages.length === 0 ? <p className="text-gray-700">{m.leads.status.noneMatch}</p> : null}
          <LeadStatusRows>
            <ul className="grid gap-4 md:grid-cols-2">
              {data.messages.map((msg) => (
                <li key={msg.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" data-message={msg.id}>
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <h2 className="font-semibold">
                        <Link to={messagePath(msg.id)} className="text-red-800 underline">
                          {nameOf(msg)}
                        </Link>
                      </h2>
                      <p className="text-xs text-gray-700">
                        <time dateTime={msg.createdAt}>{formatDealerTime(msg.createdAt)}</time>
                      </p>
                    </div>
                    <Link
                      to={`${messagePath(msg.id)}?confirm=delete`}
                      aria-label={s.messages.deleteLabel(nameOf(msg))}
                      className={buttonClass("danger", "sm", "min-h-11 min-w-11")}
                    >
                      <StaffIcon name="trash" className="h-4 w-4" />
                    </Link>
                  </div>
                  <MessageBody msg={msg} now={data.now} />
                </li>
              ))}
            </ul>
          </LeadStatusRows>
        </>
      )}
      <nav aria-label={s.messages.pages} className="flex flex-wrap gap-3">
        {data.filters.before ? (
          <Link to={withQuery(data.filters, { before: null })} className={buttonClass("secondary", "md", "min-h-11")}>
            {s.messages.newest}
          </Link>
        ) : null}
        {data.next ? (
          <Link to={withQuery(data.filters, { before: data.next })} className={buttonClass("secondary", "md", "min-h-11")}>
            {s.messages.older}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/** A message's contacts, language, the vehicle it asks about, its text, lead status and mails: on the list and on its page. */
function MessageBody({ msg, now }: { msg: StaffMessage; now: number }) {
  const s = useStaffMessages().staff;
  return (
    <>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`mailto:${msg.email}`} className="inline-flex min-h-6 items-center gap-1 break-all text-red-800 underline">
          <StaffIcon name="mail" className="h-4 w-4 shrink-0" />
          {msg.email}
        </a>
        <a href={`tel:${msg.phone}`} className="inline-flex min-h-6 items-center gap-1 text-red-800 underline">
          <StaffIcon name="phone" className="h-4 w-4 shrink-0" />
          {msg.phone}
        </a>
      </p>
      <LeadLanguage locale={msg.locale} className="mt-1" />
      {msg.vehicleId ? (
        <p className="mt-1 text-sm">
          {s.messages.vehicle}:{" "}
          {msg.vehicle ? (
            <a href={msg.vehicle.path} className="text-red-800 underline">
              {staffVehicleName(msg.vehicle)}
            </a>
          ) : (
            // Sold or deleted since: the id is all that is left to quote.
            <span>{s.messages.vehicleGone(msg.vehicleId)}</span>
          )}
        </p>
      ) : null}
      {msg.hasTradeIn ? (
        <p className="mt-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">{s.messages.hasTradeIn}</p>
      ) : null}
      <p className="mt-3 whitespace-pre-wrap break-words text-gray-900">{msg.message}</p>
      <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
        <LeadStatusForm
          id={msg.id}
          name={nameOf(msg)}
          createdAt={msg.createdAt}
          status={msg.leadStatus}
          firstStatusChangeAt={msg.firstStatusChangeAt}
          now={now}
        />
        <LeadMailStatus mails={msg.mails} />
      </div>
    </>
  );
}

/**
 * /podium/messages/{id}: one message (a staff mail's link opens it), its sender's customer record a
 * link away, and its deletion after a confirmation step on the page itself.
 */
export function MessageScreen({ data }: { data: MessageScreenData }) {
  const m = useStaffMessages().staff;
  const msg = data.message;
  const name = nameOf(msg);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // A link from a mail lands on the message: focus on its heading, as the old list marked its row.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [msg.id]);
  return (
    <article aria-labelledby="message-heading" className="space-y-4">
      <Link to="/podium/messages" className={buttonClass("secondary", "sm", "min-h-11")}>
        {m.messages.all}
      </Link>
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h1 id="message-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {m.messages.heading(name)}
        </h1>
        <p className="text-xs text-gray-700">
          <time dateTime={msg.createdAt}>{formatDealerTime(msg.createdAt)}</time>
        </p>
        <MessageBody msg={msg} now={data.now} />
        {data.customerId ? (
          <Link to={`/podium/customers/${data.customerId}`} className={buttonClass("secondary", "md", "mt-3 min-h-11")}>
            {m.messages.customerRecord(name)}
          </Link>
        ) : null}
      </div>
      <DeleteMessage data={data} name={name} />
    </article>
  );
}

function DeleteMessage({ data, name }: { data: MessageScreenData; name: string }) {
  const m = useStaffMessages().staff;
  const navigate = useNavigate();
  // Deleted with JavaScript: the toast says so and the list replaces the page (the route does not reload a message that is gone).
  const form = useStaffForm("delete", { resetOnSuccess: false, onSuccess: () => void navigate("/podium/messages", { replace: true }) });
  if (!data.confirmDelete)
    return (
      <Link
        to="?confirm=delete"
        preventScrollReset
        aria-label={m.messages.deleteLabel(name)}
        className={buttonClass("danger", "md", "min-h-11")}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {m.common.delete}
      </Link>
    );
  return (
    <StaffForm form={form} className="space-y-3 rounded-md border border-red-300 bg-red-50 p-3" aria-label={m.messages.deleteLabel(name)}>
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-gray-900">{m.messages.confirmDelete}</p>
      <FormError>{form.error}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={form.busy} className="min-h-11">
          {m.common.delete}
        </Button>
        <Link to="." preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
          {m.common.cancel}
        </Link>
      </div>
    </StaffForm>
  );
}
