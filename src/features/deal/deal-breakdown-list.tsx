import { useLocale } from "~/shared/i18n/messages";
import type { Estimate, EstimateInput } from "~/shared/lib/deal-estimate";
import { formatCents } from "~/shared/lib/money-text";
import { estimateBreakdown } from "~/shared/lib/estimate-breakdown";

/** A deal's breakdown as a definition list, line by line (the deal form and the sheet's page). */
export function DealBreakdownList({ estimate, input, salesTaxRate }: { estimate: Estimate; input: EstimateInput; salesTaxRate: number }) {
  const locale = useLocale();
  return (
    <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200" data-testid="deal-breakdown">
      {estimateBreakdown(estimate, input, salesTaxRate, locale).map((line) => (
        <div
          key={line.key}
          data-line={line.key}
          className={`flex justify-between gap-4 px-4 py-2 ${line.total ? "font-bold text-gray-900" : "text-gray-800"}`}
        >
          <dt>{line.label}</dt>
          <dd className="text-right tabular-nums">{formatCents(line.amount, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}
