import { estimateMessagesFor } from "~/shared/i18n/estimate-messages";
import type { Locale } from "~/shared/i18n/locales";
import type { Estimate, EstimateInput } from "~/shared/lib/deal-estimate";
import { formatCents, formatPercent } from "~/shared/lib/money-text";

export type BreakdownLine = { key: string; label: string; amount: number; total?: boolean };

/**
 * An estimate's breakdown line by line, in one order and one set of words for the vehicle page's
 * estimate, the deal form, the sheet's page, its PDF and its mail (decisions 066, 070 and 090): the
 * vehicle's out-the-door price first (never negative), then the trade-in, its payoff and the down
 * payment, ending on the amount financed or, when the trade-in is worth more, the amount due to the
 * buyer.
 */
export function estimateBreakdown(estimate: Estimate, input: EstimateInput, salesTaxRate: number, locale: Locale): BreakdownLine[] {
  const l = estimateMessagesFor(locale).lines;
  const dueToYou = estimate.amountDueToYou > 0;
  return [
    { key: "price", label: l.price, amount: estimate.price },
    { key: "docFee", label: l.docFee, amount: estimate.docFee },
    { key: "taxableAmount", label: estimate.tradeInValue > 0 ? l.taxableAfterTrade : l.taxableAmount, amount: estimate.taxableAmount },
    { key: "salesTax", label: l.salesTax(formatPercent(salesTaxRate * 100, locale)), amount: estimate.salesTax },
    { key: "titleFee", label: l.titleFee, amount: estimate.titleFee },
    { key: "registrationFee", label: l.registrationFee, amount: estimate.registrationFee },
    { key: "outTheDoor", label: l.outTheDoor, amount: estimate.outTheDoor, total: true },
    ...(estimate.tradeInValue > 0 ? [{ key: "tradeInValue", label: l.tradeInValue, amount: -estimate.tradeInValue }] : []),
    ...(estimate.tradeInPayoff > 0 ? [{ key: "tradeInPayoff", label: l.tradeInPayoff, amount: estimate.tradeInPayoff }] : []),
    ...(dueToYou
      ? [{ key: "amountDueToYou", label: l.amountDueToYou, amount: estimate.amountDueToYou, total: true }]
      : [
          { key: "downPayment", label: l.downPayment, amount: -input.downPayment },
          { key: "amountFinanced", label: l.amountFinanced, amount: estimate.amountFinanced, total: true },
        ]),
  ];
}

/**
 * The monthly payment's sentence with the terms Regulation Z (12 CFR 1026.24(d)) requires beside a
 * payment amount: the APR, the term and the down payment; null when nothing is financed or no rates
 * are published (decision 092).
 */
export function paymentSentence(estimate: Estimate, input: EstimateInput, locale: Locale): string | null {
  if (estimate.amountFinanced <= 0 || estimate.apr === null || estimate.monthlyPayment === null) return null;
  const m = estimateMessagesFor(locale);
  return `${m.monthly}: ${m.perMonth(formatCents(estimate.monthlyPayment, locale))} ${m.paymentTerms(
    formatPercent(estimate.apr, locale),
    estimate.termMonths,
    formatCents(input.downPayment, locale),
  )}`;
}

/** The lines after the payment: the last payment when it differs, the total of payments; empty without a payment. */
export function paymentDetails(estimate: Estimate, locale: Locale): string[] {
  if (estimate.amountFinanced <= 0 || estimate.totalOfPayments === null || estimate.monthlyPayment === null) return [];
  const m = estimateMessagesFor(locale);
  const money = (n: number) => formatCents(n, locale);
  return [
    ...(estimate.finalPayment !== null && estimate.finalPayment !== estimate.monthlyPayment
      ? [m.finalPayment(money(estimate.finalPayment))]
      : []),
    `${m.lines.financeCharge}: ${money(estimate.financeCharge ?? 0)}`,
    `${m.lines.totalOfPayments}: ${money(estimate.totalOfPayments)}`,
  ];
}

/** When there is no payment to show: why (nothing to finance, money due to the buyer, or no published rates). */
export function noPaymentSentence(estimate: Estimate, locale: Locale): string {
  const m = estimateMessagesFor(locale);
  if (estimate.amountDueToYou > 0) return m.dueToYou(formatCents(estimate.amountDueToYou, locale));
  if (estimate.amountFinanced <= 0) return m.noLoan;
  return m.noRates;
}

/**
 * What a page shows under the breakdown, in one place for the deal form and the sheet: the payment
 * sentence (or null), the lines after it (the last payment, finance charge and total; or why there is
 * no payment; the demo rates' mark) and the notice (with the APR's when an APR shows).
 */
export function estimateBreakdownNotes(estimate: Estimate, input: EstimateInput, locale: Locale) {
  const m = estimateMessagesFor(locale);
  const payment = paymentSentence(estimate, input, locale);
  return {
    payment,
    lines: payment
      ? [...paymentDetails(estimate, locale), ...(estimate.ratesSource === "demo" ? [m.demoRates] : [])]
      : [noPaymentSentence(estimate, locale)],
    disclosure: estimate.apr === null ? m.disclosure : `${m.disclosure} ${m.aprDisclosure}`,
  };
}
