import { Download, Eye, EyeOff, Mail, Printer, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useActionData, useNavigate, useSubmit } from "react-router";
import { useMessages } from "~/shared/i18n/messages";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { formatPrice } from "~/shared/lib/format";
import { LEAD_STATUSES } from "~/shared/staff/lead-tracking";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusForm, LeadStatusRows } from "~/shared/ui/staff/lead-status-form";
import { FormError, SelectField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useHydrated, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { FinancingApplicationData, FinancingListData, FinancingListFilters, SsnRevealed } from "./financing-screen.server";
import type { FinancingDetails, FinancingSummary } from "./financing-staff.server";

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");
const applicationPath = (id: string) => `/podium/financing/${encodeURIComponent(id)}`;
const box = "rounded-lg border border-gray-200 bg-white p-4";

/** This list's query string with `changes` applied (empty values dropped). */
function withQuery(filters: FinancingListFilters, changes: Partial<Record<keyof FinancingListFilters, string | null>>): string {
  const params = new URLSearchParams(Object.entries({ ...filters, ...changes }).filter((e): e is [string, string] => Boolean(e[1])));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * /podium/financing (docs/behaviour.md §2 Staff app): the applications, newest first, filtered by
 * status and action taken through the address (a GET form), 50 to a page with links to the next. Each
 * row changes its lead status and opens the application's own page.
 */
export function FinancingListScreen({ data }: { data: FinancingListData }) {
  const messages = useStaffMessages();
  const m = messages.staff;
  const f = m.financing;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const err = data.filterErrors ?? {};
  const filtered = Boolean(data.filters.status || data.filters.decision);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.shell.screens.financing}</h1>
      <Form
        method="get"
        aria-label={f.filters}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-3"
        // With JavaScript a changed list filters at once.
        onChange={(e) => {
          if (e.target instanceof HTMLSelectElement) submit(e.currentTarget);
        }}
      >
        <SelectField
          name="status"
          label={f.statusFilter}
          defaultValue={data.filters.status ?? ""}
          error={err.status}
          options={[["", f.any], ...LEAD_STATUSES.map((s) => [s, messages.leads.status.values[s]] as const)]}
        />
        <SelectField
          name="decision"
          label={f.decision}
          defaultValue={data.filters.decision ?? ""}
          error={err.decision}
          options={[["", f.any], ["none", f.decisionNone], ...data.decisions.map((d) => [d, f.decisions[d]] as const)]}
        />
        {hydrated ? null : (
          <Button type="submit" className="min-h-11">
            {f.apply}
          </Button>
        )}
        {err.before ? <p className="w-full text-sm font-medium text-red-800">{err.before}</p> : null}
      </Form>
      {data.applications.length === 0 ? (
        <p className="py-10 text-center text-gray-700">{filtered || data.filters.before ? f.noneMatch : f.empty}</p>
      ) : (
        <>
          <p className="font-medium text-gray-800" role="status">
            {f.count(data.applications.length, data.next !== null)}
          </p>
          <LeadStatusRows>
            <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="financing-list">
              {data.applications.map((app) => (
                <ApplicationRow key={app.id} app={app} now={data.now} />
              ))}
            </ul>
          </LeadStatusRows>
        </>
      )}
      <nav aria-label={f.pages} className="flex flex-wrap gap-3">
        {data.filters.before ? (
          <Link to={withQuery(data.filters, { before: null })} className={buttonClass("secondary", "md", "min-h-11")}>
            {f.newest}
          </Link>
        ) : null}
        {data.next ? (
          <Link to={withQuery(data.filters, { before: data.next })} className={buttonClass("secondary", "md", "min-h-11")}>
            {f.older}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function ApplicationRow({ app, now }: { app: FinancingSummary; now: number }) {
  const f = useStaffMessages().staff.financing;
  const name = fullName(app.firstName, app.lastName);
  const co = app.coOwnerFirstName ? fullName(app.coOwnerFirstName, app.coOwnerLastName) : null;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-application={app.id}>
      <div className="min-w-0 space-y-1">
        <h2 className="font-semibold">
          <Link to={applicationPath(app.id)} className="text-red-800 underline">
            {name}
          </Link>
          {co ? <span className="font-normal text-gray-700"> &amp; {co}</span> : null}
        </h2>
        <p className="break-all text-sm text-gray-800">{app.email}</p>
        <VehicleLine app={app} />
        <p className="text-sm text-gray-700">
          {f.submitted}: <time dateTime={app.createdAt}>{formatDealerTime(app.createdAt)}</time>
        </p>
        <LeadLanguage locale={app.locale} />
        <div className="space-y-2 pt-1">
          <LeadStatusForm
            id={app.id}
            name={name}
            createdAt={app.createdAt}
            status={app.leadStatus}
            firstStatusChangeAt={app.firstStatusChangeAt}
            now={now}
          />
          <LeadMailStatus mails={app.mails} />
          <DecisionLine app={app} />
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link to={applicationPath(app.id)} className={buttonClass("secondary", "md", "min-h-11")}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          {f.viewDetails}
        </Link>
        <Link
          to={`${applicationPath(app.id)}?confirm=delete`}
          aria-label={f.deleteLabel(name)}
          className={buttonClass("danger", "md", "min-h-11")}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </li>
  );
}

function VehicleLine({ app }: { app: FinancingSummary }) {
  const f = useStaffMessages().staff.financing;
  return (
    <p className="text-sm text-gray-700">
      {app.vehicle ? (
        <a href={app.vehicle.path} className="text-red-800 underline">
          {app.vehicle.name}
        </a>
      ) : (
        app.vehicleOfInterest || f.noVehicle
      )}
    </p>
  );
}

/** The action taken, when the applicant was told of it, and until when Regulation B keeps the application (decision 095). */
function DecisionLine({ app }: { app: FinancingSummary }) {
  const f = useStaffMessages().staff.financing;
  return (
    <div className="text-sm text-gray-800">
      <p>
        <span className="font-medium">{f.decision}:</span> {app.creditDecision ? f.decisions[app.creditDecision] : f.decisionNone}
        {app.actionTakenAt ? <span> {f.decisionAt(app.actionTakenAt.slice(0, 10))}</span> : null}
      </p>
      <p className="text-gray-700">{f.retainedUntil(app.retainedUntil.slice(0, 10))}</p>
    </div>
  );
}

/** Printing the page prints the application alone, on a plain page (the shell, forms and buttons left out). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .financing-print, .financing-print * { visibility: visible; }
  .financing-print { position: absolute; inset: 0; }
}`;

/**
 * /podium/financing/{id} (docs/behaviour.md §2 Staff app, §11): one application, its applicant and
 * co-applicant with their documents, the SSNs masked until a person reveals one (a post, recorded in
 * the audit log: the number comes back in the answer to that post only), the PDF, the lead status,
 * the action taken, and its deletion after a confirmation step, refused with its date while
 * Regulation B keeps it.
 */
export function FinancingApplicationScreen({ data }: { data: FinancingApplicationData }) {
  const m = useStaffMessages().staff;
  const f = m.financing;
  const { summary, details } = data;
  const name = fullName(summary.firstName, summary.lastName);
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Opening another application moves focus to its name, as a page load would.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [summary.id]);
  const mailto = `mailto:${summary.email}?subject=${encodeURIComponent(f.emailSubject)}`;
  return (
    <article aria-labelledby="application-heading" className="financing-print space-y-6">
      <style>{PRINT_CSS}</style>
      <Link to="/podium/financing" className={buttonClass("secondary", "sm", "min-h-11 print:hidden")}>
        {f.allApplications}
      </Link>
      <header className={`${box} space-y-2`}>
        <h1 id="application-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {`${f.detailsTitle}: ${name}`}
        </h1>
        <p className="text-sm text-gray-700">
          {f.submitted}: <time dateTime={details.createdAt}>{formatDealerTime(details.createdAt)}</time>
        </p>
        <LeadLanguage locale={summary.locale} />
        <div className="flex flex-wrap gap-2 pt-1 print:hidden">
          {/* The staff PDF (the full SSN): a plain download, audited by the server. */}
          <a href={`/api/admin/financing/${summary.id}/pdf`} download className={buttonClass("primary", "md", "min-h-11")}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {f.downloadPdf}
          </a>
          <a href={mailto} className={buttonClass("secondary", "md", "min-h-11")}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            {f.emailApplicant}
          </a>
          {/* Printing from the page needs its script; the browser's own Print works without it. */}
          {hydrated ? (
            <Button onClick={() => window.print()} className="min-h-11">
              <Printer aria-hidden="true" className="h-4 w-4" />
              {f.print}
            </Button>
          ) : null}
          {data.customerId ? (
            <Link to={`/podium/customers/${data.customerId}`} className={buttonClass("secondary", "md", "min-h-11")}>
              {f.customerRecord}
            </Link>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="follow-up-heading" className={`${box} space-y-3 print:hidden`}>
        <h2 id="follow-up-heading" className="text-base font-bold">
          {f.followUp}
        </h2>
        <LeadStatusForm
          id={summary.id}
          name={name}
          createdAt={summary.createdAt}
          status={summary.leadStatus}
          firstStatusChangeAt={summary.firstStatusChangeAt}
          now={data.now}
        />
        <LeadMailStatus mails={summary.mails} />
        <DecisionForm data={data} />
      </section>
      <PersonSection id={details.id} who="applicant" title={f.applicant} person={details.applicant}>
        <Row label={f.address}>
          {details.applicant.address}, {details.applicant.city}, {details.applicant.state} {details.applicant.zipCode}
        </Row>
      </PersonSection>
      {details.coApplicant ? <PersonSection id={details.id} who="co-applicant" title={f.coApplicant} person={details.coApplicant} /> : null}
      <section aria-labelledby="vehicle-heading" className={box}>
        <h2 id="vehicle-heading" className="border-b border-gray-200 pb-1 text-base font-bold">
          {f.vehicleSection}
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
          <Row label={f.vehicleOfInterest}>
            {summary.vehicle ? (
              <a href={summary.vehicle.path} className="text-red-800 underline">
                {summary.vehicle.name}
              </a>
            ) : (
              details.vehicleOfInterest || f.noVehicle
            )}
          </Row>
          <Row label={f.downPayment}>{details.downPayment === null ? f.na : formatPrice(details.downPayment)}</Row>
          <Row label={f.tradeIn}>{details.hasTradeIn ? f.yes : f.no}</Row>
          {details.hasTradeIn ? <Row label={f.tradeInDetails}>{details.tradeInDetails || f.na}</Row> : null}
        </dl>
      </section>
      <DeleteSection data={data} name={name} />
    </article>
  );
}

/** The action taken (approved, declined, withdrawn), recorded when the applicant is told: Regulation B's 25 months run from then. */
function DecisionForm({ data }: { data: FinancingApplicationData }) {
  const f = useStaffMessages().staff.financing;
  const save = useStaffMessages().staff.shell.saveNoScript;
  const form = useStaffForm("decision", { resetOnSuccess: false });
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { summary } = data;
  return (
    <StaffForm form={form} className="space-y-1 text-sm text-gray-800">
      <input type="hidden" name="intent" value="decision" />
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          // The stored decision resets the select once saved.
          key={summary.creditDecision ?? ""}
          name="decision"
          label={f.decision}
          defaultValue={form.values.decision ?? summary.creditDecision ?? ""}
          error={form.errors.decision}
          onChange={(e) => submit(e.currentTarget.form)}
          options={[["", f.decisionNone], ...data.decisions.map((d) => [d, f.decisions[d]] as const)]}
        />
        {hydrated ? null : (
          <Button type="submit" className="min-h-11">
            {save}
          </Button>
        )}
      </div>
      {summary.actionTakenAt ? <p>{f.decisionAt(summary.actionTakenAt.slice(0, 10))}</p> : null}
      <p className="text-gray-700">{f.retainedUntil(summary.retainedUntil.slice(0, 10))}</p>
      <FormError>{form.error}</FormError>
    </StaffForm>
  );
}

function PersonSection({
  id,
  who,
  title,
  person,
  children,
}: {
  id: string;
  who: "applicant" | "co-applicant";
  title: string;
  person: FinancingDetails["coApplicant"] & object;
  children?: ReactNode;
}) {
  const f = useStaffMessages().staff.financing;
  // The form's own labels ("Self-Employed"), not the stored value ("self-employed").
  const employmentLabels: Record<string, string> = useMessages().financing.form.employmentOptions;
  const name = fullName(person.firstName, person.lastName);
  const prefix = who === "applicant" ? "" : "coOwner";
  const kind = (k: "signature" | "driverLicense") => (prefix ? `${prefix}${k[0]!.toUpperCase()}${k.slice(1)}` : k);
  const headingId = `${who}-heading`;
  return (
    <section aria-labelledby={headingId} className={box}>
      <h2 id={headingId} className="border-b border-gray-200 pb-1 text-base font-bold">
        {title}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <Row label={f.name}>{name}</Row>
        <Row label={f.email}>
          <a href={`mailto:${person.email}`} className="break-all text-red-800 underline">
            {person.email}
          </a>
        </Row>
        <Row label={f.phone}>
          <a href={`tel:${person.phone}`} className="text-red-800 underline">
            {person.phone}
          </a>
        </Row>
        <Row label={f.dateOfBirth}>{person.dateOfBirth}</Row>
        <Row label={f.ssn}>
          <SsnReveal who={who} masked={person.ssnMasked} />
        </Row>
        {children}
        <Row label={`${f.employment}: ${f.employmentStatus}`}>{employmentLabels[person.employmentStatus] ?? person.employmentStatus}</Row>
        <Row label={f.employer}>{person.employer || f.na}</Row>
        <Row label={f.monthlyIncome}>{formatPrice(person.monthlyIncome)}</Row>
      </dl>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Document
          label={f.signature}
          alt={f.signatureAlt(name)}
          info={person.documents.signature}
          src={`/api/admin/financing/${id}/documents/${kind("signature")}`}
        />
        <Document
          label={f.driverLicense}
          alt={f.licenseAlt(name)}
          info={person.documents.driverLicense}
          src={`/api/admin/financing/${id}/documents/${kind("driverLicense")}`}
        />
      </div>
    </section>
  );
}

/**
 * The SSN, masked until revealed: "Show SSN" posts to the page's action (audited), whose answer carries
 * the number, shown here and nowhere else. "Hide SSN" forgets it (without JavaScript, a link back to the
 * page, whose load shows it masked).
 */
function SsnReveal({ who, masked }: { who: "applicant" | "co-applicant"; masked: string }) {
  const f = useStaffMessages().staff.financing;
  const answer = useActionData() as SsnRevealed | { intent?: string; error?: string } | undefined;
  const form = useStaffForm(`reveal-ssn:${who}`, { resetOnSuccess: false });
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState<unknown>(null);
  const revealed = answer && "ssn" in answer && answer.intent === `reveal-ssn:${who}` && answer !== hidden ? answer.ssn : null;
  return (
    <span className="flex flex-wrap items-center gap-x-3">
      <span className="font-mono" data-testid={`ssn-${who}`}>
        {revealed ?? masked}
      </span>
      {revealed ? (
        hydrated ? (
          <button
            type="button"
            onClick={() => setHidden(answer)}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-red-800 underline print:hidden"
          >
            <EyeOff aria-hidden="true" className="h-4 w-4" />
            {f.hideSsn}
          </button>
        ) : (
          <Link to="." className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-red-800 underline print:hidden">
            <EyeOff aria-hidden="true" className="h-4 w-4" />
            {f.hideSsn}
          </Link>
        )
      ) : (
        <StaffForm form={form} className="inline print:hidden" preventScrollReset>
          <input type="hidden" name="intent" value="reveal-ssn" />
          <input type="hidden" name="who" value={who} />
          <button type="submit" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-red-800 underline">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {f.revealSsn}
          </button>
        </StaffForm>
      )}
      {form.error ? <span className="w-full text-sm font-medium text-red-800">{form.error}</span> : null}
    </span>
  );
}

function Document({ label, alt, info, src }: { label: string; alt: string; info: { contentType: string } | null; src: string }) {
  const f = useStaffMessages().staff.financing;
  return (
    <figure className="rounded-md border border-gray-200 p-2">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      {!info ? (
        <p className="text-sm text-gray-700">{f.notProvided}</p>
      ) : info.contentType.startsWith("image/") ? (
        <img src={src} alt={alt} className="mt-1 max-h-48 w-full bg-white object-contain" />
      ) : (
        <a href={src} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center text-sm text-red-800 underline">
          {f.openDocument}
        </a>
      )}
    </figure>
  );
}

/**
 * Deleting: a link to this page's confirmation step (`?confirm=delete`), then the post. Before the
 * retention has run the server refuses, and the message says from which day it may be deleted.
 */
function DeleteSection({ data, name }: { data: FinancingApplicationData; name: string }) {
  const m = useStaffMessages().staff;
  const f = m.financing;
  const navigate = useNavigate();
  // Deleted with JavaScript: the toast says so and the list replaces the page (the route does not reload a record that is gone).
  const form = useStaffForm("delete", { resetOnSuccess: false, onSuccess: () => void navigate("/podium/financing", { replace: true }) });
  return (
    <section aria-labelledby="delete-heading" className={`${box} space-y-3 print:hidden`}>
      <h2 id="delete-heading" className="text-base font-bold">
        {m.common.delete}
      </h2>
      {data.confirmDelete ? (
        <StaffForm form={form} className="space-y-3 rounded-md border border-red-300 bg-red-50 p-3" aria-label={f.deleteLabel(name)}>
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-gray-900">{f.confirmDelete}</p>
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
      ) : (
        <Link to="?confirm=delete" preventScrollReset aria-label={f.deleteLabel(name)} className={buttonClass("danger", "md", "min-h-11")}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {m.common.delete}
        </Link>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-800">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}
