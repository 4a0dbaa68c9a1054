import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import { useLocale, useLocalizedPath } from "~/shared/i18n/messages";
import { CREDIT_BANDS, type DealSettings, type Estimate, type EstimateInput } from "~/shared/lib/deal-estimate";
import { estimateBreakdown, noPaymentSentence, paymentDetails } from "~/shared/lib/estimate-breakdown";
import { formatCents, formatPercent } from "~/shared/lib/money-text";

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700 aria-[invalid=true]:border-red-700";

const FIELDS = ["downPayment", "tradeInValue", "tradeInPayoff", "creditBand", "termMonths"] as const;
type Field = (typeof FIELDS)[number];

/** What the vehicle page's loader hands the estimate: all of it serialisable, computed on the server. */
export type PageEstimate = {
  vehicleId: string;
  /** The vehicle page's own path: the form asks it again, with the fields in its query string. */
  action: string;
  /** What each field shows: the shopper's text as they sent it, else the default. */
  values: Record<Field, string>;
  /** The inputs `estimate` was computed from (null with it when a field is wrong). */
  input: EstimateInput | null;
  estimate: Estimate | null;
  fieldErrors: Record<string, string>;
  options: Pick<DealSettings, "termsMonths" | "salesTaxRate" | "docFee">;
};

/**
 * The Massachusetts out-the-door estimate on the vehicle page (decision 066): the shopper's down
 * payment, trade-in, credit band and term; the breakdown line by line; the monthly payment with
 * its APR, term and down payment beside it (Regulation Z, 12 CFR 1026.24); and the notice that it
 * is an estimate, not an offer of credit. Before JavaScript it is a GET form that the page answers
 * with the breakdown. Its code arrives after the page (deferredHydration); then it asks
 * GET /api/vehicles/{id}/estimate as the shopper types, so no calculator ships to the browser and
 * the numbers are always the server's.
 */
export function PaymentEstimator({ data }: { data: PageEstimate }) {
  const locale = useLocale();
  const m = estimateMessagesFor(locale);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const localized = useLocalizedPath();
  const [shown, setShown] = useState({
    estimate: data.estimate,
    input: data.input,
    fieldErrors: data.fieldErrors,
    query: queryOf(data.values),
  });
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  const lastQuery = useRef(queryOf(data.values));

  const ask = (force = false) => {
    const element = form.current;
    if (!element) return;
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(new FormData(element).get(f) ?? "")])) as Record<Field, string>;
    const query = queryOf(values);
    if (!force && query === lastQuery.current) return;
    lastQuery.current = query;
    inFlight.current?.abort();
    const controller = (inFlight.current = new AbortController());
    setBusy(true);
    fetch(`/api/vehicles/${data.vehicleId}/estimate?${query}&locale=${locale}`, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as Estimate & { fieldErrors?: Record<string, string> };
        if (controller.signal.aborted) return;
        if (res.ok) setShown({ estimate: body, input: inputOf(values, body), fieldErrors: {}, query });
        else if (res.status === 400) setShown({ estimate: null, input: null, fieldErrors: body.fieldErrors ?? {}, query });
      })
      .catch(() => undefined)
      .finally(() => {
        if (inFlight.current === controller) setBusy(false);
      });
  };
  const askSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(ask, 350);
  };
  // Once hydrated: what the shopper typed before the code arrived counts at once.
  useEffect(() => {
    ask();
    return () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for values typed before hydration
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    ask(true);
  };

  const { estimate, input, fieldErrors } = shown;
  const money = (field: "downPayment" | "tradeInValue" | "tradeInPayoff") => (
    <div>
      <label htmlFor={`${id}-${field}`} className="block text-sm font-medium text-gray-800">
        {m[field]}
      </label>
      <input
        id={`${id}-${field}`}
        name={field}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        defaultValue={data.values[field]}
        aria-invalid={fieldErrors[field] ? true : undefined}
        aria-describedby={fieldErrors[field] ? `${id}-${field}-error` : undefined}
        className={inputClass}
      />
      {fieldErrors[field] ? (
        <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-800">
          {fieldErrors[field]}
        </p>
      ) : null}
    </div>
  );
  const select = (field: "creditBand" | "termMonths", options: [string, string][]) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="block text-sm font-medium text-gray-800">
        {field === "creditBand" ? m.creditBand : m.term}
      </label>
      <select
        id={`${id}-${field}`}
        name={field}
        defaultValue={data.values[field]}
        aria-invalid={fieldErrors[field] ? true : undefined}
        aria-describedby={fieldErrors[field] ? `${id}-${field}-error` : undefined}
        className={inputClass}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {fieldErrors[field] ? (
        <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-800">
          {fieldErrors[field]}
        </p>
      ) : null}
    </div>
  );
  const line = (label: string, amount: number, key: string, strong = false) => (
    <div
      key={key}
      className={`flex justify-between gap-4 px-4 py-2 ${strong ? "font-bold text-gray-900" : "text-gray-800"}`}
      data-line={key}
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{formatCents(amount, locale)}</dd>
    </div>
  );
  return (
    <section id="estimate" aria-labelledby={`${id}-title`} className="rounded-xl border border-gray-200 p-6" data-testid="estimate">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{m.intro}</p>
      <form
        ref={form}
        method="get"
        action={`${data.action}#estimate`}
        onInput={askSoon}
        onChange={askSoon}
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        noValidate
      >
        {money("downPayment")}
        {select(
          "creditBand",
          CREDIT_BANDS.map((band) => [band, m.bands[band]]),
        )}
        {money("tradeInValue")}
        {money("tradeInPayoff")}
        {select(
          "termMonths",
          data.options.termsMonths.map((t) => [String(t), m.months(t)]),
        )}
        <div className="flex items-end">
          <button type="submit" className="button-secondary button-md w-full">
            {m.submit}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={busy} className="mt-6">
        {busy ? <p className="sr-only">{m.updating}</p> : null}
        {estimate && input ? (
          <>
            <h3 className="text-base font-semibold text-gray-900">{m.breakdown}</h3>
            <dl className="mt-2 divide-y divide-gray-200 rounded-xl border border-gray-200">
              {estimateBreakdown(estimate, input, data.options.salesTaxRate, locale).map((l) => line(l.label, l.amount, l.key, l.total))}
            </dl>
            {estimate.amountFinanced > 0 && estimate.apr !== null && estimate.monthlyPayment !== null ? (
              <>
                <p className="mt-4 text-gray-800">
                  {m.monthly}:{" "}
                  <output className="text-2xl font-extrabold text-red-700" data-testid="monthly-payment">
                    {m.perMonth(formatCents(estimate.monthlyPayment, locale))}
                  </output>{" "}
                  <span data-testid="payment-terms">
                    {m.paymentTerms(formatPercent(estimate.apr, locale), estimate.termMonths, formatCents(input.downPayment, locale))}
                  </span>
                </p>
                <ul className="mt-2 text-sm text-gray-800" data-testid="payment-details">
                  {paymentDetails(estimate, locale).map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
                {estimate.ratesSource === "demo" ? <p className="mt-2 text-sm font-semibold text-gray-900">{m.demoRates}</p> : null}
              </>
            ) : (
              <p className="mt-4 text-gray-800" data-testid="no-payment">
                {noPaymentSentence(estimate, locale)}
              </p>
            )}
          </>
        ) : (
          <p className="text-red-800">{m.invalid}</p>
        )}
      </div>
      <p className="mt-4 text-sm text-gray-700">
        {m.disclosure}
        {estimate?.apr !== null && estimate?.apr !== undefined ? ` ${m.aprDisclosure}` : ""}
      </p>
      {estimate && input ? (
        // A link, not a form: the deal sheet's page carries these numbers into its own form (decision 070).
        <a
          href={`${localized("/deal")}?vehicle=${data.vehicleId}&${shown.query}`}
          className="button-primary button-md mt-4"
          data-testid="send-deal"
        >
          {m.sendDeal}
        </a>
      ) : null}
    </section>
  );
}

function queryOf(values: Record<Field, string>): string {
  return new URLSearchParams(FIELDS.map((f) => [f, values[f].trim()])).toString();
}

/** The inputs an answer was computed from: what was sent, with the server's defaults for what was blank. */
function inputOf(values: Record<Field, string>, estimate: Estimate): EstimateInput {
  const down = values.downPayment.trim() === "" ? 0 : Number(values.downPayment);
  return {
    downPayment: down,
    tradeInValue: estimate.tradeInValue,
    tradeInPayoff: estimate.tradeInPayoff,
    creditBand: values.creditBand as EstimateInput["creditBand"],
    termMonths: estimate.termMonths,
  };
}
