import { Car, Mail, Phone, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { staffTradeIns } from "~/shared/i18n/en/staff-trade-ins";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusFilterForm, LeadStatusForm } from "~/shared/ui/staff/lead-status-form";
import { ListPageLinks } from "~/shared/ui/staff/list-page-links";
import { RouteDialog } from "~/shared/ui/staff/modal-dialog";
import { FormError, NumberField, TextAreaField } from "~/shared/ui/staff/staff-field";
import { StaffForm, useStaffForm } from "~/shared/ui/staff/staff-form";
import type { StaffTradeIn } from "./trade-in.server";
import type { TradeInScreenData, TradeInsScreenData } from "./trade-ins-screen.server";

/** The request page's forms (their action: trade-ins-screen.server.ts). */
export const TRADE_IN_OFFER_INTENT = "offer";
export const TRADE_IN_DELETE_INTENT = "delete";

const t = staffTradeIns.tab;
const vehicleName = (x: Pick<StaffTradeIn, "year" | "make" | "model" | "trim">) =>
  [x.year, x.make, x.model, x.trim].filter(Boolean).join(" ");
const customerName = (x: StaffTradeIn) => `${x.firstName} ${x.lastName}`;
const range = (low: number, high: number) => (low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`);

/**
 * /podium/trade-ins (decisions 067, 107): every request, newest first, with its first photo, shopper,
 * offer and lead status, filtered by status through the address; each opens the request's own page.
 */
export function TradeInsScreen({ data }: { data: TradeInsScreenData }) {
  const messages = useStaffMessages();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.tradeIns}</h1>
      {data.total === 0 && !data.statusError ? (
        <div className="py-12 text-center">
          <Car aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
          <h2 className="mt-3 text-lg font-semibold">{t.emptyTitle}</h2>
          <p className="text-gray-700">{t.emptyText}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-gray-800">{t.count(data.total)}</p>
            <LeadStatusFilterForm value={data.status} error={data.statusError ?? undefined} />
          </div>
          {data.tradeIns.length === 0 ? <p className="text-gray-700">{messages.leads.status.noneMatch}</p> : null}
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.tradeIns.map((x) => {
              const photo = x.photos[0];
              return (
                <li key={x.id} data-testid="trade-in-card" className="flex gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                  {photo ? (
                    <img
                      src={photo.src}
                      srcSet={photo.srcSet}
                      sizes="96px"
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      alt={t.photo(1, vehicleName(x))}
                      className="aspect-square h-24 w-24 shrink-0 rounded object-cover"
                    />
                  ) : null}
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold">
                      <Link to={`/podium/trade-ins/${x.id}`} className="text-red-800 underline">
                        {vehicleName(x)}
                      </Link>
                    </h2>
                    <p className="text-sm text-gray-800">
                      {customerName(x)} · {t.received} {formatDealerTime(x.createdAt)}
                    </p>
                    <p className="text-sm text-gray-800">
                      {messages.leads.status.label}: <span className="font-medium">{messages.leads.status.values[x.leadStatus]}</span>
                      {x.offer ? ` · ${t.offerHeading}: ${range(x.offer.low, x.offer.high)}` : ""}
                      {` · ${t.photoCount(x.photos.length)}`}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
          <ListPageLinks list={data} text={t} />
        </>
      )}
    </div>
  );
}

/**
 * /podium/trade-ins/{id} (decisions 067, 085, 107): the request's photos (served to signed-in staff
 * only), its specs, condition and shopper, the offer form, the lead status and mails, and for the owner
 * the deletion after its confirmation (`?delete=1`, a dialog in the address that opens and posts
 * without JavaScript).
 */
export function TradeInScreen({ data, deleting }: { data: TradeInScreenData; deleting: boolean }) {
  const m = useStaffMessages().staff;
  const x = data.tradeIn;
  const name = customerName(x);
  const vehicle = vehicleName(x);
  const here = `/podium/trade-ins/${x.id}`;
  const c = x.condition;
  const rows: [string, string][] = [
    ...(x.vin ? ([[t.vin, x.vin]] as [string, string][]) : []),
    [t.mileage, `${formatNumber(x.mileage)} mi`],
    [t.zip, x.zip],
    [t.accidents, String(c.accidents)],
    [t.warningLights, c.warningLights ? t.yes : t.no],
    [t.tires, c.tires],
    [t.keys, String(c.keys)],
    [t.smokedIn, c.smokedIn ? t.yes : t.no],
    [t.title, c.titleStatus],
    ...(x.payoff !== null ? ([[t.payoff, formatPrice(x.payoff)]] as [string, string][]) : []),
    ...(x.lender ? ([[t.lender, x.lender]] as [string, string][]) : []),
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link to="/podium/trade-ins" className="text-sm text-red-800 underline">
            {t.back}
          </Link>
          <h1 className="mt-1 text-2xl font-bold">{t.pageTitle(vehicle, name)}</h1>
          <p className="text-sm text-gray-700">
            {t.received} {formatDealerTime(x.createdAt)}
          </p>
        </div>
        {data.canDelete ? (
          <Link
            to={`${here}?delete=1`}
            preventScrollReset
            aria-label={t.deleteLabel(vehicle, name)}
            className={buttonClass("danger", "md", "min-h-11 gap-2")}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {m.common.delete}
          </Link>
        ) : null}
      </div>
      <section aria-labelledby="trade-in-photos-heading">
        <h2 id="trade-in-photos-heading" className="text-lg font-semibold">
          {t.photosHeading}
        </h2>
        {x.photos.length ? (
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {x.photos.map((p, i) => (
              <li key={p.src}>
                <a href={p.src} target="_blank" rel="noopener noreferrer" className="block">
                  <img
                    src={p.src}
                    srcSet={p.srcSet}
                    sizes="(min-width: 640px) 25vw, 50vw"
                    width={p.width}
                    height={p.height}
                    loading="lazy"
                    alt={t.photo(i + 1, vehicle)}
                    className="aspect-square w-full rounded object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-700">{t.noPhotos}</p>
        )}
      </section>
      <section aria-labelledby="trade-in-details-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="trade-in-details-heading" className="text-lg font-semibold">
          {t.details}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-700">{label}</dt>
              <dd className="font-medium text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
        {x.decoded ? (
          <div className="mt-3">
            <h3 className="text-sm font-semibold">{t.decoded}</h3>
            <p className="text-sm text-gray-800">
              {Object.entries(x.decoded)
                .map(([label, value]) => `${label}: ${value}`)
                .join(" · ")}
            </p>
          </div>
        ) : null}
        <div className="mt-3 border-t border-gray-200 pt-3">
          <p className="font-semibold">{name}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${x.email}`} className="inline-flex min-h-11 items-center gap-1 text-red-800 underline">
              <Mail aria-hidden="true" className="h-4 w-4" />
              {x.email}
            </a>
            <a href={`tel:${x.phone}`} className="inline-flex min-h-11 items-center gap-1 text-red-800 underline">
              <Phone aria-hidden="true" className="h-4 w-4" />
              {x.phone}
            </a>
          </p>
          <LeadLanguage locale={x.locale} className="mt-1" />
        </div>
        <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
          <LeadStatusForm
            id={x.id}
            name={name}
            createdAt={x.createdAt}
            status={x.leadStatus}
            firstStatusChangeAt={x.firstStatusChangeAt}
            now={data.now}
          />
          <LeadMailStatus mails={x.mails} />
        </div>
      </section>
      <OfferForm tradeIn={x} name={name} />
      {deleting && data.canDelete ? (
        <RouteDialog title={m.common.delete} closeTo={here} size="sm">
          <p>{t.confirmDelete(vehicle, name)}</p>
          <DeleteForm closeTo={here} />
        </RouteDialog>
      ) : null}
    </div>
  );
}

function DeleteForm({ closeTo }: { closeTo: string }) {
  const m = useStaffMessages().staff;
  const form = useStaffForm(TRADE_IN_DELETE_INTENT, { resetOnSuccess: false });
  return (
    <StaffForm form={form} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value={TRADE_IN_DELETE_INTENT} />
      <FormError>{form.error}</FormError>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={form.busy} className="min-h-11">
          {m.common.delete}
        </Button>
        <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary", "md", "min-h-11")}>
          {m.common.cancel}
        </Link>
      </div>
    </StaffForm>
  );
}

function OfferForm({ tradeIn, name }: { tradeIn: StaffTradeIn; name: string }) {
  const form = useStaffForm(TRADE_IN_OFFER_INTENT, { resetOnSuccess: false });
  const offer = tradeIn.offer;
  const value = (key: string, stored?: number | string) => form.values[key] ?? (stored === undefined ? undefined : String(stored));
  return (
    <section aria-labelledby="trade-in-offer-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="trade-in-offer-heading" className="text-lg font-semibold">
        {t.offerHeading}
      </h2>
      {offer ? (
        <p className="mt-1 text-sm text-gray-800" data-testid="offer-sent">
          {t.offerSent(range(offer.low, offer.high), offer.validUntil, formatDealerTime(offer.sentAt, "date"))}
        </p>
      ) : null}
      {/* Keyed by the offer sent: after a send the fields show what was sent, not what was typed. */}
      <StaffForm form={form} key={offer?.sentAt ?? "none"} noValidate aria-label={`${t.offerHeading}: ${name}`} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={TRADE_IN_OFFER_INTENT} />
        <div className="grid gap-2 sm:grid-cols-3">
          <NumberField name="low" label={t.low} inputMode="numeric" error={form.errors.low} defaultValue={value("low", offer?.low)} />
          <NumberField name="high" label={t.high} inputMode="numeric" error={form.errors.high} defaultValue={value("high", offer?.high)} />
          <NumberField
            name="validDays"
            label={t.validDays}
            inputMode="numeric"
            error={form.errors.validDays}
            defaultValue={value("validDays", 7)}
          />
        </div>
        <TextAreaField
          name="note"
          label={t.note}
          rows={2}
          maxLength={2000}
          error={form.errors.note}
          defaultValue={form.values.note ?? ""}
        />
        <FormError>{form.error}</FormError>
        <Button type="submit" variant="primary" disabled={form.busy} className="min-h-11">
          {form.busy ? t.sending : offer ? t.sendNewOffer : t.sendOffer}
        </Button>
      </StaffForm>
    </section>
  );
}
