import { useEffect, useId, useRef, useState } from "react";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import { DEFAULT_APR, DEFAULT_TERM, LOAN_TERMS, monthlyPayment } from "./payment";

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700";

type EstimatorInputs = { amount: string; down: string; apr: string; term: string };

/**
 * Price, down payment, APR and term → an estimated monthly payment, clearly labelled an estimate.
 * The inputs are uncontrolled: the vehicle page hydrates this part after load (deferredHydration),
 * and what a shopper typed before then is read from the fields when it does.
 */
export function PaymentEstimator({ price }: { price: number }) {
  const m = useMessages().vehicle.estimator;
  const locale = useLocale();
  const id = useId();
  const defaults: EstimatorInputs = {
    amount: String(price),
    down: String(Math.round(price * 0.1)),
    apr: String(DEFAULT_APR),
    term: String(DEFAULT_TERM),
  };
  const [inputs, setInputs] = useState(defaults);
  const fields = useRef<HTMLDivElement>(null);
  const readFields = () => {
    const value = (name: keyof EstimatorInputs) =>
      fields.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value ?? defaults[name];
    setInputs({ amount: value("amount"), down: value("down"), apr: value("apr"), term: value("term") });
  };
  useEffect(readFields, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for values typed before hydration
  const num = (s: string) => (Number.isFinite(Number(s)) ? Number(s) : 0);
  const payment = monthlyPayment(num(inputs.amount), num(inputs.down), num(inputs.apr), num(inputs.term));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-gray-200 p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.title}
      </h2>
      <div ref={fields} onInput={readFields} onChange={readFields} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-price`} className="block text-sm font-medium text-gray-800">
            {m.price}
          </label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="numeric"
            min={0}
            name="amount"
            defaultValue={defaults.amount}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-down`} className="block text-sm font-medium text-gray-800">
            {m.downPayment}
          </label>
          <input
            id={`${id}-down`}
            type="number"
            inputMode="numeric"
            min={0}
            name="down"
            defaultValue={defaults.down}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-apr`} className="block text-sm font-medium text-gray-800">
            {m.apr}
          </label>
          <input
            id={`${id}-apr`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.1"
            name="apr"
            defaultValue={defaults.apr}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-term`} className="block text-sm font-medium text-gray-800">
            {m.term}
          </label>
          <select id={`${id}-term`} name="term" defaultValue={defaults.term} className={inputClass}>
            {LOAN_TERMS.map((t) => (
              <option key={t} value={t}>
                {m.months(t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-6 text-gray-800">
        {m.monthly}:{" "}
        <output htmlFor={`${id}-price ${id}-down ${id}-apr ${id}-term`} className="text-2xl font-extrabold text-red-700" aria-live="polite">
          {m.perMonth(formatPrice(payment, locale))}
        </output>
      </p>
      <p className="mt-2 text-sm text-gray-700">{m.disclaimer}</p>
    </section>
  );
}
