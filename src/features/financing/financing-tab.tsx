import { Download, Eye, EyeOff, Mail, Printer, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useMessages } from "~/shared/i18n/messages";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { formatPrice } from "~/shared/lib/format";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusControl, LeadStatusFilter } from "~/shared/ui/staff/lead-status-control";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ConfirmDialog, ModalDialog } from "~/shared/ui/staff/modal-dialog";
import { apiErrorBody, staffFetch, staffJson, downloadFile, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { staffPdfFileName } from "./financing-pdf-name";
import type { FinancingDetails, FinancingSummary } from "./financing-staff.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

const dateTime = (iso: string) => formatDealerTime(iso);

/**
 * docs/behaviour.md §2 Financing Apps: the list, the details dialog with SSN reveal and documents, PDF, delete;
 * lead status and mail states. `focusId` (a staff mail's link) opens that application.
 */
export function FinancingTab({ focusId }: { focusId?: string | null }) {
  const m = useStaffMessages().staff;
  const leads = useStaffMessages().leads;
  const { data, error, reload } = useStaffData<FinancingSummary[]>("/api/admin/financing");
  const [viewing, setViewing] = useState<FinancingSummary | null>(null);
  const [opened, setOpened] = useState(false);
  // Once, when the list arrives: the application the link names opens in its details dialog.
  useEffect(() => {
    if (opened || !data || !focusId) return;
    setOpened(true);
    const app = data.find((a) => a.id === focusId);
    if (app) setViewing(app);
  }, [data, focusId, opened]);
  const [deleting, setDeleting] = useState<FinancingSummary | null>(null);
  const [filter, setFilter] = useState<LeadStatus | "all">("all");

  async function confirmDelete(app: FinancingSummary) {
    setDeleting(null);
    await runWithToast(() => staffFetch(`/api/admin/financing/${app.id}`, { method: "DELETE" }), {
      success: { title: m.financing.deletedTitle, description: m.financing.deletedText },
      // Before its retention ends the server refuses (409) and says until when (decision 095).
      failure: (error) => ({ title: m.common.error, description: apiErrorBody(error)?.error ?? m.financing.deleteFailed }),
    });
    await reload();
  }

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{m.common.loading}</p>;
  if (data.length === 0) return <p className="py-10 text-center text-gray-700">{m.financing.empty}</p>;
  const shown = filter === "all" ? data : data.filter((app) => app.leadStatus === filter);
  return (
    <>
      <div className="mb-4 flex justify-end">
        <LeadStatusFilter value={filter} onChange={setFilter} />
      </div>
      {shown.length === 0 ? <p className="py-6 text-gray-700">{leads.status.noneMatch}</p> : null}
      <ul hidden={shown.length === 0} className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {shown.map((app) => {
          const name = fullName(app.firstName, app.lastName);
          const co = app.coOwnerFirstName ? fullName(app.coOwnerFirstName, app.coOwnerLastName) : null;
          return (
            <li key={app.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold">
                  {name}
                  {co ? <span className="font-normal text-gray-700"> &amp; {co}</span> : null}
                </p>
                <p className="text-sm text-gray-800">{app.email}</p>
                <p className="text-sm text-gray-700">
                  {app.vehicle ? (
                    <a href={app.vehicle.path} className="text-red-800 underline">
                      {app.vehicle.name}
                    </a>
                  ) : (
                    app.vehicleOfInterest || m.financing.noVehicle
                  )}
                </p>
                <p className="text-sm text-gray-700">
                  {m.financing.submitted}: <time dateTime={app.createdAt}>{dateTime(app.createdAt)}</time>
                </p>
                <LeadLanguage locale={app.locale} />
                <div className="mt-2 space-y-2">
                  <LeadStatusControl
                    url={`/api/admin/financing/${app.id}/status`}
                    name={name}
                    createdAt={app.createdAt}
                    value={app}
                    onSaved={() => void reload()}
                  />
                  <LeadMailStatus mails={app.mails} />
                  <CreditDecisionControl app={app} onSaved={() => void reload()} />
                </div>
              </div>
              <div className="flex gap-2">
                <Button onClick={() => setViewing(app)}>
                  <Eye aria-hidden="true" className="h-4 w-4" />
                  {m.financing.viewDetails}
                </Button>
                <Button variant="danger" onClick={() => setDeleting(app)} aria-label={m.financing.deleteLabel(name)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {viewing ? <FinancingDetailsDialog summary={viewing} onClose={() => setViewing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={m.common.delete}
          text={m.financing.confirmDelete}
          confirmLabel={m.common.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      ) : null}
    </>
  );
}

/**
 * The action taken on an application (approved, declined, withdrawn), recorded when the applicant is
 * told; Regulation B keeps the application 25 months from then (decision 095), and the row says until when.
 */
function CreditDecisionControl({ app, onSaved }: { app: FinancingSummary; onSaved: () => void }) {
  const m = useStaffMessages().staff.financing;
  const [busy, setBusy] = useState(false);
  async function save(decision: string) {
    setBusy(true);
    await runWithToast(() => staffFetch(`/api/admin/financing/${app.id}/decision`, { method: "PATCH", body: { decision } }), {
      success: { title: m.decisionSaved },
      failure: (error) => ({ title: m.decisionFailed, description: apiErrorBody(error)?.error }),
    });
    setBusy(false);
    onSaved();
  }
  const id = `decision-${app.id}`;
  return (
    <div className="text-sm text-gray-800">
      <label htmlFor={id} className="font-medium">
        {m.decision}
      </label>{" "}
      <select
        id={id}
        value={app.creditDecision ?? ""}
        disabled={busy}
        onChange={(event) => void save(event.target.value)}
        className="rounded-md border border-gray-400 px-2 py-1"
      >
        <option value="" disabled>
          {m.decisionNone}
        </option>
        {(["approved", "declined", "withdrawn"] as const).map((decision) => (
          <option key={decision} value={decision}>
            {m.decisions[decision]}
          </option>
        ))}
      </select>
      {app.actionTakenAt ? <span> {m.decisionAt(app.actionTakenAt.slice(0, 10))}</span> : null}
      <p className="text-gray-700">{m.retainedUntil(app.retainedUntil.slice(0, 10))}</p>
    </div>
  );
}

/** Print only the open application, on plain paper layout. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  dialog.financing-print, dialog.financing-print * { visibility: visible; }
  dialog.financing-print { position: absolute; inset: 0; width: 100%; max-width: none; max-height: none; overflow: visible; box-shadow: none; }
  dialog.financing-print::backdrop { background: none; }
}`;

function FinancingDetailsDialog({ summary, onClose }: { summary: FinancingSummary; onClose: () => void }) {
  const m = useStaffMessages().staff;
  const f = m.financing;
  const [details, setDetails] = useState<FinancingDetails | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    staffJson<FinancingDetails>(`/api/admin/financing/${summary.id}`).then(setDetails, () => setFailed(true));
  }, [summary.id]);

  async function downloadPdf() {
    try {
      await downloadFile(`/api/admin/financing/${summary.id}/pdf`, staffPdfFileName(summary.firstName, summary.lastName));
    } catch (error) {
      // docs/behaviour.md §8: an admin PDF failure is only logged.
      console.error("Failed to download PDF", error instanceof Error ? error.message : error);
    }
  }

  const mailto = `mailto:${summary.email}?subject=${encodeURIComponent(f.emailSubject)}`;
  return (
    <ModalDialog
      title={`${f.detailsTitle}: ${fullName(summary.firstName, summary.lastName)}`}
      onClose={onClose}
      className="financing-print"
    >
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="primary" onClick={downloadPdf}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {f.downloadPdf}
        </Button>
        <a href={mailto} className={buttonClass()}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          {f.emailApplicant}
        </a>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {f.print}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="mt-4 text-red-800">
          {f.detailsFailed}
        </p>
      ) : null}
      {!details && !failed ? <p className="mt-4 text-gray-700">{m.common.loading}</p> : null}
      {details ? (
        <div className="mt-4 space-y-6">
          <p className="text-sm text-gray-700">
            {f.submitted}: <time dateTime={details.createdAt}>{dateTime(details.createdAt)}</time>
          </p>
          <PersonSection id={details.id} who="applicant" title={f.applicant} person={details.applicant}>
            <Row label={f.address}>
              {details.applicant.address}, {details.applicant.city}, {details.applicant.state} {details.applicant.zipCode}
            </Row>
          </PersonSection>
          {details.coApplicant ? (
            <PersonSection id={details.id} who="co-applicant" title={f.coApplicant} person={details.coApplicant} />
          ) : null}
          <section>
            <h3 className="border-b border-gray-200 pb-1 text-base font-bold">{f.vehicleSection}</h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
              <Row label={f.vehicleOfInterest}>{details.vehicleOfInterest || m.financing.noVehicle}</Row>
              <Row label={f.downPayment}>{details.downPayment === null ? f.na : formatPrice(details.downPayment)}</Row>
              <Row label={f.tradeIn}>{details.hasTradeIn ? f.yes : f.no}</Row>
              {details.hasTradeIn ? <Row label={f.tradeInDetails}>{details.tradeInDetails || f.na}</Row> : null}
            </dl>
          </section>
        </div>
      ) : null}
    </ModalDialog>
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
  const [ssn, setSsn] = useState<string | null>(null);
  const name = fullName(person.firstName, person.lastName);
  async function toggleSsn() {
    if (ssn) return setSsn(null);
    try {
      setSsn((await staffJson<{ ssn: string }>(`/api/admin/financing/${id}/ssn/${who}`)).ssn);
    } catch {
      setSsn(null);
    }
  }
  const prefix = who === "applicant" ? "" : "coOwner";
  const kind = (k: "signature" | "driverLicense") => (prefix ? `${prefix}${k[0]!.toUpperCase()}${k.slice(1)}` : k);
  return (
    <section>
      <h3 className="border-b border-gray-200 pb-1 text-base font-bold">{title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <Row label={f.name}>{name}</Row>
        <Row label={f.email}>
          <a href={`mailto:${person.email}`} className="text-red-800 underline">
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
          <span className="font-mono" data-testid={`ssn-${who}`}>
            {ssn ?? person.ssnMasked}
          </span>{" "}
          <button
            type="button"
            onClick={toggleSsn}
            aria-pressed={ssn !== null}
            className="ml-2 inline-flex items-center gap-1 text-sm font-medium text-red-800 underline print:hidden"
          >
            {ssn ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
            {ssn ? f.hideSsn : f.revealSsn}
          </button>
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
        <a href={src} target="_blank" rel="noopener" className="text-sm text-red-800 underline">
          {f.openDocument}
        </a>
      )}
    </figure>
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
