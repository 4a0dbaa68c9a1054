import { useEffect, useId, useState, type FormEvent } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { CREDIT_BANDS, MA_MAX_APR, type DealSettings } from "~/shared/lib/deal-estimate";
import { staffFetch, ApiError } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";
import { formatDealerTime } from "~/shared/lib/dealer-time";

type Stored = { settings: DealSettings; updatedAt: string | null; updatedBy: string | null };
type Draft = Record<string, string> & { docFeeTaxable: string; buyersGuideSignatureLine: string };

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700";

/** The form's text from the stored settings: the sales tax shown in percent, the terms as a list. */
function draftOf(s: DealSettings): Draft {
  return {
    docFee: String(s.docFee),
    docFeeTaxable: s.docFeeTaxable ? "true" : "false",
    salesTaxRate: String(Number((s.salesTaxRate * 100).toFixed(4))),
    titleFee: String(s.titleFee),
    registrationFee: String(s.registrationFee),
    ...Object.fromEntries(CREDIT_BANDS.map((band) => [`aprByBand.${band}`, String(s.aprByBand[band])])),
    termsMonths: s.termsMonths.join(", "),
    dealValidDays: String(s.dealValidDays),
    complaintsContact: s.complaintsContact,
    buyersGuideSignatureLine: s.buyersGuideSignatureLine ? "true" : "false",
    priceDropMinDays: String(s.priceDropMinDays),
  };
}

/** What PUT /api/admin/deal-settings takes; text that is not a number goes as it is, so the server names the field. */
function bodyOf(d: Draft): unknown {
  // Decimal digits only ("0x10" or "1e3" go as typed, and the server names the field); a minus sign goes
  // as a number, so the server can say the amount cannot be negative.
  const num = (v: string | undefined) => (v !== undefined && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);
  const rate = num(d.salesTaxRate);
  return {
    docFee: num(d.docFee),
    docFeeTaxable: d.docFeeTaxable === "true",
    salesTaxRate: typeof rate === "number" ? Number((rate / 100).toFixed(6)) : rate,
    titleFee: num(d.titleFee),
    registrationFee: num(d.registrationFee),
    aprByBand: Object.fromEntries(CREDIT_BANDS.map((band) => [band, num(d[`aprByBand.${band}`])])),
    termsMonths: (d.termsMonths ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((t) => num(t)),
    dealValidDays: num(d.dealValidDays),
    complaintsContact: d.complaintsContact,
    buyersGuideSignatureLine: d.buyersGuideSignatureLine === "true",
    priceDropMinDays: num(d.priceDropMinDays),
  };
}

/** The field messages of a 400 answer ("400: {json}"). */
function fieldErrorsIn(message: string): Record<string, string> {
  try {
    return (JSON.parse(message.slice(message.indexOf(":") + 1)) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
  } catch {
    return {};
  }
}

/**
 * The owner's deal settings in the Settings tab: the documentation fee (and whether it is taxed),
 * the sales tax, the RMV's title and registration fees, the typical APR for each credit band and
 * the terms offered; the Buyers Guide's complaints contact and signature line; how long a former
 * price must have been shown before a drop is advertised. Saved through PUT /api/admin/deal-settings,
 * which checks (APRs at most the c. 255B cap) and audits them, and makes the rates the owner's.
 */
export function DealSettingsPanel() {
  const m = useStaffMessages().deal;
  const id = useId();
  const [stored, setStored] = useState<Stored | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    staffFetch("/api/admin/deal-settings")
      .then((res) => res.json() as Promise<Stored>)
      .then((s) => {
        setStored(s);
        setDraft(draftOf(s.settings));
      })
      .catch(() => setFailed(true));
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const res = await staffFetch("/api/admin/deal-settings", { method: "PUT", body: bodyOf(draft) });
      const s = (await res.json()) as Stored;
      setStored(s);
      setDraft(draftOf(s.settings));
      setErrors({});
      toast({ title: m.saved });
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? fieldErrorsIn(error.message) : {};
      setErrors(fieldErrors);
      toast({ title: Object.keys(fieldErrors).length ? m.fix : m.saveFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const checkbox = (name: "docFeeTaxable" | "buyersGuideSignatureLine", label: string) => (
    <div className="flex items-end">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          name={name}
          checked={draft?.[name] === "true"}
          onChange={(e) => setDraft((d) => (d ? { ...d, [name]: e.target.checked ? "true" : "false" } : d))}
          className="h-4 w-4"
        />
        {label}
      </label>
    </div>
  );

  const field = (name: string, label: string, inputMode: "decimal" | "text" = "decimal") => {
    const error = errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
    return (
      <div key={name}>
        <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          inputMode={inputMode}
          value={draft?.[name] ?? ""}
          onChange={(e) => setDraft((d) => (d ? { ...d, [name]: e.target.value } : d))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={inputClass}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm lg:col-span-2"
      data-testid="deal-settings"
    >
      <h2 id={`${id}-title`} className="mb-1 text-lg font-bold">
        {m.title}
      </h2>
      <p className="mb-4 text-sm text-gray-700">{m.intro}</p>
      {failed ? <p className="text-red-800">{m.loadFailed}</p> : null}
      {draft ? (
        <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field("docFee", m.docFee)}
          {field("salesTaxRate", m.salesTaxRate)}
          {checkbox("docFeeTaxable", m.docFeeTaxable)}
          {field("titleFee", m.titleFee)}
          {field("registrationFee", m.registrationFee)}
          {field("termsMonths", m.termsMonths, "text")}
          {field("dealValidDays", m.dealValidDays)}
          {field("priceDropMinDays", m.priceDropMinDays)}
          {field("complaintsContact", m.complaintsContact, "text")}
          {checkbox("buyersGuideSignatureLine", m.buyersGuideSignatureLine)}
          <fieldset className="sm:col-span-2 lg:col-span-3" aria-describedby={`${id}-rates`}>
            <legend className="text-sm font-semibold text-gray-900">{m.aprHeading}</legend>
            <div id={`${id}-rates`} className="mt-1 text-sm text-gray-700">
              <p data-testid="rates-source">{m.ratesSource[stored?.settings.ratesSource ?? "none"]}</p>
              <p>{m.aprCap(MA_MAX_APR)}</p>
            </div>
            <div className="mt-2 grid gap-4 sm:grid-cols-4">{CREDIT_BANDS.map((band) => field(`aprByBand.${band}`, m.bands[band]))}</div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-3">
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
            >
              {saving ? m.saving : m.save}
            </button>
            <p className="text-sm text-gray-700">
              {stored?.updatedAt && stored.updatedBy ? m.lastSaved(stored.updatedBy, formatDealerTime(stored.updatedAt)) : m.defaults}
            </p>
          </div>
        </form>
      ) : null}
    </section>
  );
}
