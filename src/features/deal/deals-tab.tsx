import { FileText, Mail, Phone } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { staffDeals } from "~/shared/i18n/en/staff-deals";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { CREDIT_BANDS } from "~/shared/lib/deal-estimate";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { formatCents, formatPercent } from "~/shared/lib/money-text";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import { Button } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusControl, LeadStatusFilter } from "~/shared/ui/staff/lead-status-control";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { ModalDialog } from "~/shared/ui/staff/modal-dialog";
import { useFocusedRecord } from "~/shared/ui/staff/focused-record";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { ApiError, apiErrorBody, staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { estimateBreakdown } from "~/shared/lib/estimate-breakdown";
import type { StaffDeal } from "./deal-sheet.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

const t = staffDeals.tab;
const money = (n: number) => formatCents(n, "en");
const vehicleName = (d: StaffDeal) => [d.vehicle.year, d.vehicle.make, d.vehicle.model, d.vehicle.trim].filter(Boolean).join(" ");
const controlClass = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 ${
    error ? "border-red-700" : "border-gray-500"
  }`;

/**
 * The Deals tab (decision 070): every deal sheet's current version with every number, its lead
 * status and mails, and the dialog that revises the numbers and sends the shopper a new version.
 * `focusId` (a staff mail's link) is marked and scrolled to.
 */
export function DealsTab({ focusId }: { focusId?: string | null }) {
  const m = useStaffMessages().staff;
  const leads = useStaffMessages().leads;
  const { data, error, reload } = useStaffData<StaffDeal[]>("/api/admin/deals");
  const focused = useFocusedRecord(focusId, data !== null);
  const [filter, setFilter] = useState<LeadStatus | "all">("all");

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{m.common.loading}</p>;
  const current = data.filter((d) => !d.replacedById);
  if (current.length === 0)
    return (
      <div className="py-12 text-center">
        <FileText aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
        <h2 className="mt-3 text-lg font-semibold">{t.emptyTitle}</h2>
        <p className="text-gray-700">{t.emptyText}</p>
      </div>
    );
  const shown = filter === "all" ? current : current.filter((d) => d.leadStatus === filter);
  const earlier = (d: StaffDeal) => data.filter((x) => x.dealGroupId === d.dealGroupId && x.id !== d.id).length;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium text-gray-800">{t.count(current.length)}</p>
        <LeadStatusFilter value={filter} onChange={setFilter} />
      </div>
      {shown.length === 0 ? <p className="mt-6 text-gray-700">{leads.status.noneMatch}</p> : null}
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {shown.map((d) => (
          <DealCard
            key={d.id}
            deal={d}
            earlier={earlier(d)}
            focusProps={{ ...focused(d.id), ...focused(d.dealGroupId) }}
            onChanged={() => void reload()}
          />
        ))}
      </ul>
    </>
  );
}

function DealCard({
  deal: d,
  earlier,
  focusProps,
  onChanged,
}: {
  deal: StaffDeal;
  earlier: number;
  focusProps: object;
  onChanged: () => void;
}) {
  const [revising, setRevising] = useState(false);
  const name = `${d.shopper.firstName} ${d.shopper.lastName}`;
  const e = d.estimate;
  const rows: [string, string][] = [
    ...(d.vehicle.stockNumber ? ([[t.stock, d.vehicle.stockNumber]] as [string, string][]) : []),
    [t.vin, d.vehicle.vin],
    [t.mileage, `${formatNumber(d.vehicle.mileage)} miles`],
    [t.creditBand, staffDeals.bands[d.input.creditBand]],
    [t.apr, e.apr === null ? t.noRates : formatPercent(e.apr, "en")],
    [t.term, t.months(e.termMonths)],
    ...estimateBreakdown(e, d.input, d.salesTaxRate, "en").map((line): [string, string] => [line.label, money(line.amount)]),
    ...(e.amountFinanced > 0 && e.monthlyPayment !== null
      ? ([
          ["Monthly payment", money(e.monthlyPayment)],
          ...(e.finalPayment !== null && e.finalPayment !== e.monthlyPayment ? [[t.lastPayment, money(e.finalPayment)]] : []),
          [t.financeCharge, money(e.financeCharge ?? 0)],
          ["Total of payments", money(e.totalOfPayments ?? 0)],
        ] as [string, string][])
      : []),
  ];
  return (
    <li
      {...focusProps}
      data-testid="deal-card"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm aria-[current=true]:ring-2 aria-[current=true]:ring-amber-500"
    >
      <h3 className="text-lg font-semibold">{vehicleName(d)}</h3>
      <p className="text-xs text-gray-700">
        {t.version(d.version)}
        {d.sentBy ? ` (${t.revisedBy(d.sentBy)})` : ""} · {t.received} {formatDealerTime(d.createdAt)}
        {earlier ? ` · ${t.history(earlier)}` : ""}
      </p>
      <p className={`mt-1 text-sm font-medium ${d.expired ? "text-amber-900" : "text-gray-800"}`}>
        {d.expired ? t.expired(formatLongDate(d.validUntil)) : t.validUntil(formatLongDate(d.validUntil))}
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-right font-medium text-gray-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 border-t border-gray-200 pt-3">
        <p className="font-semibold">{name}</p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href={`mailto:${d.shopper.email}`} className="inline-flex items-center gap-1 text-red-800 underline">
            <Mail aria-hidden="true" className="h-4 w-4" />
            {d.shopper.email}
          </a>
          <a href={`tel:${d.shopper.phone}`} className="inline-flex items-center gap-1 text-red-800 underline">
            <Phone aria-hidden="true" className="h-4 w-4" />
            {d.shopper.phone}
          </a>
        </p>
        <LeadLanguage locale={d.locale} className="mt-1" />
      </div>
      <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
        <Button variant="primary" onClick={() => setRevising(true)} aria-label={`${t.revise}: ${name}`}>
          {t.revise}
        </Button>
        <LeadStatusControl url={`/api/admin/deals/${d.id}/status`} name={name} createdAt={d.createdAt} value={d} onSaved={onChanged} />
        <LeadMailStatus mails={d.mails} />
      </div>
      {revising ? (
        <ReviseDialog
          deal={d}
          name={name}
          onClose={() => setRevising(false)}
          onSent={() => {
            setRevising(false);
            onChanged();
          }}
        />
      ) : null}
    </li>
  );
}

function ReviseDialog({ deal: d, name, onClose, onSent }: { deal: StaffDeal; name: string; onClose: () => void; onSent: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Amounts go as typed: the server reads decimal digits only ("0x10" is refused there, not read as 16).
    const amount = (key: string) => {
      const text = String(form.get(key) ?? "").trim();
      return text === "" ? undefined : text;
    };
    const number = (key: string) => {
      const text = String(form.get(key) ?? "").trim();
      return text === "" ? undefined : /^\d+$/.test(text) ? Number(text) : text;
    };
    setBusy(true);
    setErrors({});
    const ok = await runWithToast(
      () =>
        staffFetch(`/api/admin/deals/${d.id}/revisions`, {
          method: "POST",
          body: {
            price: amount("price"),
            downPayment: amount("downPayment"),
            tradeInValue: amount("tradeInValue"),
            tradeInPayoff: amount("tradeInPayoff"),
            creditBand: String(form.get("creditBand") ?? ""),
            termMonths: number("termMonths"),
          },
        }),
      {
        success: { title: t.sent, description: t.sentText(name) },
        failure: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            try {
              setErrors(
                (JSON.parse(error.message.slice(error.message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> }).fieldErrors ??
                  {},
              );
            } catch {
              // Not JSON: the toast says enough.
            }
          }
          // A refused raise (409) says which held promise it would break.
          return { title: t.failed, description: apiErrorBody(error)?.error ?? (error instanceof Error ? error.message : "") };
        },
      },
    );
    setBusy(false);
    if (ok) onSent();
  }

  const field = (key: "price" | "downPayment" | "tradeInValue" | "tradeInPayoff" | "termMonths", label: string, value: number) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type="number"
        inputMode="decimal"
        min={0}
        step={key === "termMonths" ? 1 : 0.01}
        defaultValue={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={controlClass(errors[key])}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm font-medium text-red-800">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <ModalDialog title={`${t.reviseTitle}: ${name}`} onClose={onClose}>
      <p className="text-sm text-gray-700">{t.reviseIntro}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
        {field("price", t.price, d.estimate.price)}
        {field("downPayment", t.downPayment, d.input.downPayment)}
        {field("tradeInValue", t.tradeInValue, d.input.tradeInValue)}
        {field("tradeInPayoff", t.tradeInPayoff, d.input.tradeInPayoff)}
        <div>
          <label htmlFor={`${id}-creditBand`} className="block text-sm font-medium text-gray-800">
            {t.creditBand}
          </label>
          <select id={`${id}-creditBand`} name="creditBand" defaultValue={d.input.creditBand} className={controlClass(errors.creditBand)}>
            {CREDIT_BANDS.map((band) => (
              <option key={band} value={band}>
                {staffDeals.bands[band]}
              </option>
            ))}
          </select>
        </div>
        {field("termMonths", `${t.term} (months)`, d.input.termMonths)}
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.sending : t.send}
          </Button>
          <Button onClick={onClose}>{t.cancel}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
