import { Car, Mail, Phone, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { staffTradeIns } from "~/shared/i18n/en/staff-trade-ins";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import type { LeadStatus } from "~/shared/staff/lead-tracking";
import type { SessionUser } from "~/shared/staff/staff-roles";
import { LeadLanguage } from "~/shared/ui/staff/lead-language";
import { LeadMailStatus } from "~/shared/ui/staff/lead-mail-status";
import { LeadStatusControl, LeadStatusFilter } from "~/shared/ui/staff/lead-status-control";
import { LoadFailed } from "~/shared/ui/staff/load-failed";
import { Button } from "~/shared/ui/staff/button";
import { ConfirmDialog } from "~/shared/ui/staff/modal-dialog";
import { runWithToast } from "~/shared/ui/staff/run-with-toast";
import { useFocusedRecord } from "~/shared/ui/staff/focused-record";
import { ApiError, staffFetch, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import type { StaffTradeIn } from "./trade-in.server";
import { formatDealerTime } from "~/shared/lib/dealer-time";

const t = staffTradeIns.tab;
const vehicleName = (x: Pick<StaffTradeIn, "year" | "make" | "model" | "trim">) =>
  [x.year, x.make, x.model, x.trim].filter(Boolean).join(" ");
/** The dashboard's input style (kept here: importing the public form kit would re-split the public pages' shared chunks). */
const controlClass = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 ${
    error ? "border-red-700" : "border-gray-500"
  }`;
const range = (low: number, high: number) => (low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`);

/**
 * The Trade-ins tab (decision 067): each request's photos, the specs decoded from its VIN, its
 * condition and the shopper, its lead status and mails, and the form that sends an offer. The owner
 * can delete a request, after a confirmation (the server allows no one else).
 * `focusId` (a staff mail's link) is marked and scrolled to.
 */
export function TradeInsTab({ user, focusId }: { user: SessionUser; focusId?: string | null }) {
  const m = useStaffMessages().staff;
  const leads = useStaffMessages().leads;
  const { data, error, reload } = useStaffData<StaffTradeIn[]>("/api/admin/trade-ins");
  const focused = useFocusedRecord(focusId, data !== null);
  const [filter, setFilter] = useState<LeadStatus | "all">("all");
  const [deleting, setDeleting] = useState<StaffTradeIn | null>(null);

  async function confirmDelete(tradeIn: StaffTradeIn) {
    setDeleting(null);
    const customer = `${tradeIn.firstName} ${tradeIn.lastName}`;
    await runWithToast(() => staffFetch(`/api/admin/trade-ins/${tradeIn.id}`, { method: "DELETE" }), {
      success: { title: t.deletedTitle, description: t.deletedText(customer) },
      failure: { title: m.common.error, description: t.deleteFailed },
    });
    await reload();
  }

  if (error) return <LoadFailed onRetry={reload} />;
  if (data === null) return <p className="text-gray-700">{m.common.loading}</p>;
  if (data.length === 0)
    return (
      <div className="py-12 text-center">
        <Car aria-hidden="true" className="mx-auto h-10 w-10 text-gray-500" />
        <h2 className="mt-3 text-lg font-semibold">{t.emptyTitle}</h2>
        <p className="text-gray-700">{t.emptyText}</p>
      </div>
    );
  const shown = filter === "all" ? data : data.filter((x) => x.leadStatus === filter);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium text-gray-800">{t.count(data.length)}</p>
        <LeadStatusFilter value={filter} onChange={setFilter} />
      </div>
      {shown.length === 0 ? <p className="mt-6 text-gray-700">{leads.status.noneMatch}</p> : null}
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {shown.map((x) => (
          <TradeInCard
            key={x.id}
            tradeIn={x}
            focusProps={focused(x.id)}
            onChanged={() => void reload()}
            onDelete={user.role === "owner" ? () => setDeleting(x) : null}
          />
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title={m.common.delete}
          text={t.confirmDelete(vehicleName(deleting), `${deleting.firstName} ${deleting.lastName}`)}
          confirmLabel={m.common.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      ) : null}
    </>
  );
}

function TradeInCard({
  tradeIn: x,
  focusProps,
  onChanged,
  onDelete,
}: {
  tradeIn: StaffTradeIn;
  focusProps: object;
  onChanged: () => void;
  onDelete: (() => void) | null;
}) {
  const name = `${x.firstName} ${x.lastName}`;
  const vehicle = vehicleName(x);
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
    <li
      {...focusProps}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm aria-[current=true]:ring-2 aria-[current=true]:ring-amber-500"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold">{vehicle}</h3>
          <p className="text-xs text-gray-700">
            {t.received} {formatDealerTime(x.createdAt)}
          </p>
        </div>
        {onDelete ? (
          <Button variant="danger" size="sm" onClick={onDelete} aria-label={t.deleteLabel(vehicle, name)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
      {x.photos.length ? (
        <ul className="mt-3 grid grid-cols-4 gap-2">
          {x.photos.map((p, i) => (
            <li key={p.src}>
              <a href={p.src} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={p.src}
                  srcSet={p.srcSet}
                  sizes="120px"
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
          <h4 className="text-sm font-semibold">{t.decoded}</h4>
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
          <a href={`mailto:${x.email}`} className="inline-flex items-center gap-1 text-red-800 underline">
            <Mail aria-hidden="true" className="h-4 w-4" />
            {x.email}
          </a>
          <a href={`tel:${x.phone}`} className="inline-flex items-center gap-1 text-red-800 underline">
            <Phone aria-hidden="true" className="h-4 w-4" />
            {x.phone}
          </a>
        </p>
        <LeadLanguage locale={x.locale} className="mt-1" />
      </div>
      <OfferForm tradeIn={x} name={name} onSent={onChanged} />
      <div className="mt-3 space-y-2 border-t border-gray-200 pt-3">
        <LeadStatusControl url={`/api/admin/trade-ins/${x.id}/status`} name={name} createdAt={x.createdAt} value={x} onSaved={onChanged} />
        <LeadMailStatus mails={x.mails} />
      </div>
    </li>
  );
}

function OfferForm({ tradeIn, name, onSent }: { tradeIn: StaffTradeIn; name: string; onSent: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const offer = tradeIn.offer;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (key: string) => (String(form.get(key) ?? "").trim() === "" ? undefined : Number(form.get(key)));
    const text = (key: string) => String(form.get(key) ?? "");
    setBusy(true);
    setErrors({});
    try {
      await staffFetch(`/api/admin/trade-ins/${tradeIn.id}/offer`, {
        method: "POST",
        // The amounts as typed: the server reads decimal digits only, and names the field otherwise.
        body: { low: text("low"), high: text("high"), validDays: number("validDays"), note: String(form.get("note") ?? "") },
      });
      toast({ title: t.offerSentTitle, description: t.offerSentText(name) });
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        try {
          setErrors(
            (JSON.parse(error.message.slice(error.message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {},
          );
        } catch {
          // The message was not JSON: the toast says enough.
        }
      }
      toast({ title: t.offerFailed, description: error instanceof Error ? error.message : "", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: "low" | "high" | "validDays", label: string, defaultValue?: number) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type="number"
        inputMode="numeric"
        min={0}
        defaultValue={defaultValue}
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
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-3 space-y-3 border-t border-gray-200 pt-3"
      aria-label={`${t.offerHeading}: ${name}`}
    >
      <h4 className="font-semibold">{t.offerHeading}</h4>
      {offer ? (
        <p className="text-sm text-gray-800" data-testid="offer-sent">
          {t.offerSent(range(offer.low, offer.high), offer.validUntil, formatDealerTime(offer.sentAt, "date"))}
        </p>
      ) : null}
      <div className="grid grid-cols-3 gap-2">
        {field("low", t.low, offer?.low)}
        {field("high", t.high, offer?.high)}
        {field("validDays", t.validDays, 7)}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-gray-800">
          {t.note}
        </label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={2000} className={controlClass()} />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70"
      >
        {busy ? t.sending : offer ? t.sendNewOffer : t.sendOffer}
      </button>
    </form>
  );
}
