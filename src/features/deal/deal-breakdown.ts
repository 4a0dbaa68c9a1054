import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import type { Locale } from "~/shared/i18n/locales";
import type { Estimate, EstimateInput } from "~/shared/lib/deal-estimate";
import { formatCents, formatPercent } from "~/shared/lib/money-text";

export type BreakdownLine = { key: string; label: string; amount: number; total?: boolean };

/**
 * A deal's breakdown line by line, in the order and words of the vehicle page's estimate
 * (decision 066), so the sheet's page, its PDF and its mail read the same as what the shopper saw.
 */
export function dealBreakdown(estimate: Estimate, input: EstimateInput, salesTaxRate: number, locale: Locale): BreakdownLine[] {
  const l = estimateMessagesFor(locale).lines;
  return [
    { key: "price", label: l.price, amount: estimate.price },
    { key: "docFee", label: l.docFee, amount: estimate.docFee },
    ...(estimate.tradeInValue > 0 ? [{ key: "tradeInValue", label: l.tradeInValue, amount: -estimate.tradeInValue }] : []),
    { key: "taxableAmount", label: l.taxableAmount, amount: estimate.taxableAmount },
    { key: "salesTax", label: l.salesTax(formatPercent(salesTaxRate * 100, locale)), amount: estimate.salesTax },
    { key: "titleFee", label: l.titleFee, amount: estimate.titleFee },
    { key: "registrationFee", label: l.registrationFee, amount: estimate.registrationFee },
    { key: "outTheDoor", label: l.outTheDoor, amount: estimate.outTheDoor, total: true },
    ...(estimate.tradeInPayoff > 0 ? [{ key: "tradeInPayoff", label: l.tradeInPayoff, amount: estimate.tradeInPayoff }] : []),
    { key: "downPayment", label: l.downPayment, amount: -input.downPayment },
    { key: "amountFinanced", label: l.amountFinanced, amount: estimate.amountFinanced, total: true },
  ];
}

/**
 * The monthly payment's sentence with the terms Regulation Z (12 CFR 1026.24(d)) requires beside a
 * payment amount: the APR, the term and the down payment; null when nothing is financed.
 */
export function paymentSentence(estimate: Estimate, input: EstimateInput, locale: Locale): string | null {
  if (estimate.amountFinanced <= 0) return null;
  const m = estimateMessagesFor(locale);
  return `${m.monthly}: ${m.perMonth(formatCents(estimate.monthlyPayment, locale))} ${m.paymentTerms(
    formatPercent(estimate.apr, locale),
    estimate.termMonths,
    formatCents(input.downPayment, locale),
  )}`;
}
