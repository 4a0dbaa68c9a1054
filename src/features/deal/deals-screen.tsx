import { FileText, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { staffDeals } from "~/shared/i18n/en/staff-deals";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { CREDIT_BANDS } from "~/shared/lib/deal-estimate";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { estimateBreakdown } from "~/shared/lib/estimate-breakdown";
import { formatLongDate, formatNumber } from "~/shared/lib/format";
import { formatCents, formatPercent } from "~/shared/lib/money-text";
import { buttonClass, Button } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusFilterForm, LeadStatusForm } from "~/shared/ui/staff/lead-status-form";
import { ListPageLinks } from "~/shared/ui/staff/list-page-links";
import { RouteDialog } from "~/shared/ui/staff/modal-dialog";
import { FormError, NumberField, SelectField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { StaffDeal, StaffDealRow } from "./deal-sheet.server";
import type { DealScreenData, DealsScreenData } from "./deals-screen.server";

/** The revision form's intent on a deal's page (its action: deals-screen.server.ts). */
export const DEAL_REVISE_INTENT = "revise";

const t = staffDeals.tab;
const money = (n: number) => formatCents(n, "en");
const vehicleName = (d: Pick<StaffDealRow, "vehicle">) =>
  [d.vehicle.year, d.vehicle.make, d.vehicle.model, d.vehicle.trim].filter(Boolean).join(" ");
const shopperName = (d: Pick<StaffDealRow, "shopper">) => `${d.shopper.firstName} ${d.shopper.lastName}`;

/**
 * /podium/deals (decisions 070, 107, 128): each deal sheet's current version, its shopper, validity and
 * lead status, filtered by status through the address, 50 to a page newest first with links to the older
 * ones; each opens the deal's own page.
 */
export function DealsScreen({ data }: { data: DealsScreenData }) {
  const messages = useStaffMessages();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.deals}</h1>
      {data.total === 0 && !data.statusError ? (
        <div className="py-12 text-center">
          <FileText aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
          <h2 className="mt-3 text-lg font-semibold">{t.emptyTitle}</h2>
          <p className="text-gray-700">{t.emptyText}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-gray-800">{t.count(data.total)}</p>
            <LeadStatusFilterForm value={data.status} error={data.statusError ?? undefined} />
          </div>
          {data.deals.length === 0 ? <p className="text-gray-700">{messages.leads.status.noneMatch}</p> : null}
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.deals.map((d) => (
              <li key={d.id} data-testid="deal-card" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <h2 className="text-lg font-semibold">
                  <Link to={`/podium/deals/${d.id}`} className="text-red-800 underline">
                    {vehicleName(d)}
                  </Link>
                </h2>
                <p className="text-sm text-gray-800">
                  {shopperName(d)} · {t.version(d.version)}
                  {d.earlier ? ` · ${t.history(d.earlier)}` : ""}
                </p>
                <Validity deal={d} />
                <p className="mt-1 text-sm text-gray-800">
                  {messages.leads.status.label}: <span className="font-medium">{messages.leads.status.values[d.leadStatus]}</span> ·{" "}
                  {t.received} {formatDealerTime(d.createdAt)}
                </p>
                <Link
                  to={`/podium/deals/${d.id}`}
                  aria-label={`${t.open}: ${shopperName(d)}`}
                  className={buttonClass("secondary", "sm", "mt-3 min-h-11")}
                >
                  {t.open}
                </Link>
              </li>
            ))}
          </ul>
          <ListPageLinks list={data} text={t} />
        </>
      )}
    </div>
  );
}

function Validity({ deal: d }: { deal: Pick<StaffDeal, "expired" | "validUntil"> }) {
  return (
    <p className={`mt-1 text-sm font-medium ${d.expired ? "text-amber-900" : "text-gray-800"}`}>
      {d.expired ? t.expired(formatLongDate(d.validUntil)) : t.validUntil(formatLongDate(d.validUntil))}
    </p>
  );
}

/** Every number of one version, as the shopper's sheet has them. */
function DealNumbers({ deal: d }: { deal: StaffDeal }) {
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
          [t.monthlyPayment, money(e.monthlyPayment)],
          ...(e.finalPayment !== null && e.finalPayment !== e.monthlyPayment ? [[t.lastPayment, money(e.finalPayment)]] : []),
          [t.financeCharge, money(e.financeCharge ?? 0)],
          [t.totalOfPayments, money(e.totalOfPayments ?? 0)],
        ] as [string, string][])
      : []),
  ];
  return (
    <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-700">{label}</dt>
          <dd className="text-right font-medium text-gray-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /podium/deals/{id} (decisions 070, 093, 107): the deal's current version with every number, its
 * shopper, lead status and mails; the revision form (`?revise=1`, a dialog in the address, so it opens
 * and posts without JavaScript); and every earlier version with its numbers and whether it still holds.
 */
export function DealScreen({ data, revising }: { data: DealScreenData; revising: boolean }) {
  const [current, ...earlier] = data.versions as [StaffDeal, ...StaffDeal[]];
  const name = shopperName(current);
  const here = `/podium/deals/${data.id}`;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/podium/deals" className="text-sm text-red-800 underline">
          {t.back}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{t.pageTitle(vehicleName(current), name)}</h1>
      </div>
      <section
        aria-labelledby="deal-current-heading"
        data-testid="deal-card"
        className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      >
        <h2 id="deal-current-heading" className="text-lg font-semibold">
          {t.version(current.version)}
          {current.sentBy ? ` (${t.revisedBy(current.sentBy)})` : ""}
        </h2>
        <p className="text-xs text-gray-700">
          {t.received} {formatDealerTime(current.createdAt)}
          {earlier.length ? ` · ${t.history(earlier.length)}` : ""}
        </p>
        <Validity deal={current} />
        <DealNumbers deal={current} />
        <div className="mt-3 border-t border-gray-200 pt-3">
          <p className="font-semibold">{name}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${current.shopper.email}`} className="inline-flex min-h-11 items-center gap-1 text-red-800 underline">
              <Mail aria-hidden="true" className="h-4 w-4" />
              {current.shopper.email}
            </a>
            <a href={`tel:${current.shopper.phone}`} className="inline-flex min-h-11 items-center gap-1 text-red-800 underline">
              <Phone aria-hidden="true" className="h-4 w-4" />
              {current.shopper.phone}
            </a>
          </p>
          <LeadLanguage locale={current.locale} className="mt-1" />
        </div>
        <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
          <Link
            to={`${here}?revise=1`}
            preventScrollReset
            aria-label={`${t.revise}: ${name}`}
            className={buttonClass("primary", "md", "min-h-11")}
          >
            {t.revise}
          </Link>
          <LeadStatusForm
            id={current.id}
            name={name}
            createdAt={current.createdAt}
            status={current.leadStatus}
            firstStatusChangeAt={current.firstStatusChangeAt}
            now={data.now}
            hidden={{ dealId: current.id }}
          />
          <LeadMailStatus mails={current.mails} />
        </div>
      </section>
      {earlier.length ? (
        <section aria-labelledby="deal-versions-heading" className="space-y-3">
          <h2 id="deal-versions-heading" className="text-lg font-semibold">
            {t.earlierHeading}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {earlier.map((d) => (
              <li key={d.id} data-testid="deal-version" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
                <h3 className="font-semibold">
                  {t.version(d.version)}
                  {d.sentBy ? ` (${t.revisedBy(d.sentBy)})` : ""}
                </h3>
                <p className="text-xs text-gray-700">
                  {t.received} {formatDealerTime(d.createdAt)}
                </p>
                {/* Decision 093: a replaced sheet keeps holding until its date; a revision may not raise what it promised. */}
                <p className={`mt-1 text-sm font-medium ${d.expired ? "text-gray-800" : "text-amber-900"}`}>
                  {d.expired ? t.expired(formatLongDate(d.validUntil)) : t.stillHeld(formatLongDate(d.validUntil))}
                </p>
                <DealNumbers deal={d} />
                <LeadMailStatus mails={d.mails} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {revising ? <ReviseDialog deal={current} termsMonths={data.termsMonths} closeTo={here} /> : null}
    </div>
  );
}

function ReviseDialog({ deal: d, termsMonths, closeTo }: { deal: StaffDeal; termsMonths: number[]; closeTo: string }) {
  const form = useStaffForm(DEAL_REVISE_INTENT, { resetOnSuccess: false });
  const name = shopperName(d);
  const value = (key: string, stored: number | string) => form.values[key] ?? String(stored);
  const amount = (key: "price" | "downPayment" | "tradeInValue" | "tradeInPayoff", label: string, stored: number) => (
    <NumberField name={key} label={label} error={form.errors[key]} defaultValue={value(key, stored)} />
  );
  return (
    <RouteDialog title={`${t.reviseTitle}: ${name}`} closeTo={closeTo} testId="deal-revise">
      <p className="text-sm text-gray-700">{t.reviseIntro}</p>
      <StaffForm form={form} noValidate aria-label={t.reviseTitle} className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value={DEAL_REVISE_INTENT} />
        <input type="hidden" name="dealId" value={d.id} />
        {amount("price", t.price, d.estimate.price)}
        {amount("downPayment", t.downPayment, d.input.downPayment)}
        {amount("tradeInValue", t.tradeInValue, d.input.tradeInValue)}
        {amount("tradeInPayoff", t.tradeInPayoff, d.input.tradeInPayoff)}
        <SelectField
          name="creditBand"
          label={t.creditBand}
          error={form.errors.creditBand}
          defaultValue={value("creditBand", d.input.creditBand)}
          options={CREDIT_BANDS.map((band) => [band, staffDeals.bands[band]] as const)}
        />
        <NumberField
          name="termMonths"
          label={`${t.term} (months)`}
          hint={t.termsOffered(termsMonths.join(", "))}
          inputMode="numeric"
          error={form.errors.termMonths}
          defaultValue={value("termMonths", d.input.termMonths)}
        />
        <div className="sm:col-span-2">
          <FormError>{form.error}</FormError>
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11">
            {form.busy ? t.sending : t.send}
          </Button>
          <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
            {t.cancel}
          </Link>
        </div>
      </StaffForm>
    </RouteDialog>
  );
}
