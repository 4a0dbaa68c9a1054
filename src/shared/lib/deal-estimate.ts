/**
 * The Massachusetts out-the-door estimate (docs/decisions/066-out-the-door-estimate.md): one pure
 * function that the vehicle page, GET /api/vehicles/{id}/estimate, the deal sheet and the ADF lead
 * all call, so a shopper never sees two different totals for the same inputs.
 *
 * Money is whole cents inside and dollars with cents outside. Every line is rounded half-up to the
 * cent on its own, then the totals add the rounded lines, as a printed breakdown does.
 */

export const CREDIT_BANDS = ["excellent", "good", "fair", "rebuilding"] as const;
export type CreditBand = (typeof CREDIT_BANDS)[number];

/** The owner's deal settings, in dollars and percent as the Settings tab and the API show them. */
export type DealSettings = {
  /** The dealer's documentation charge, in dollars (0: none). */
  docFee: number;
  /** Whether the documentation charge is part of the taxable sales price (true in Massachusetts). */
  docFeeTaxable: boolean;
  /** 0.0625 is 6.25 %. */
  salesTaxRate: number;
  /** The RMV's certificate of title fee, in dollars. */
  titleFee: number;
  /** The RMV's passenger plate registration fee, in dollars. */
  registrationFee: number;
  /** The dealer's typical APR for each credit band, in percent (7.9 is 7.9 %). */
  aprByBand: Record<CreditBand, number>;
  /** The loan terms offered, in months, ascending. */
  termsMonths: number[];
  /** How many days a deal sheet's numbers hold after it is sent (docs/decisions/070-deal-sheet.md). */
  dealValidDays: number;
};

/**
 * Until the owner saves their own: Massachusetts' 6.25 % sales tax (M.G.L. c. 64H §2), the doc
 * charge taxed as DOR Directive 14-1 says, the RMV's $75 title and $60 two-year passenger
 * registration, no documentation fee (the dealer sets its own) and rates typical of used-car loans.
 */
export const DEFAULT_DEAL_SETTINGS: DealSettings = {
  docFee: 0,
  docFeeTaxable: true,
  salesTaxRate: 0.0625,
  titleFee: 75,
  registrationFee: 60,
  aprByBand: { excellent: 6.9, good: 8.9, fair: 12.9, rebuilding: 17.9 },
  termsMonths: [36, 48, 60, 72],
  dealValidDays: 3,
};

/** What the shopper enters, in dollars; the vehicle's cash price comes from the stock, never from them. */
export type EstimateInput = {
  downPayment: number;
  tradeInValue: number;
  tradeInPayoff: number;
  creditBand: CreditBand;
  termMonths: number;
};

export type Estimate = {
  price: number;
  docFee: number;
  tradeInValue: number;
  tradeInPayoff: number;
  taxableAmount: number;
  salesTax: number;
  titleFee: number;
  registrationFee: number;
  outTheDoor: number;
  tradeInEquity: number;
  amountFinanced: number;
  /** Percent, like the settings. */
  apr: number;
  termMonths: number;
  monthlyPayment: number;
  totalOfPayments: number;
};

/** Dollars (at most two decimals) to whole cents; a float such as 0.29 × 100 lands a hair off the integer. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
const toDollars = (cents: number): number => cents / 100;

/** Half-up rounding of a non-negative amount of cents; a sub-ppb nudge keeps 12.5 computed as 12.4999999 at 13. */
function roundHalfUp(cents: number): number {
  return Math.floor(cents + 0.5 + 1e-9);
}

/**
 * The monthly payment of a loan of `principalCents` over `months` at `aprPercent`, in cents, by the
 * standard amortisation formula P·r / (1 − (1 + r)^−n) with r the monthly rate; at 0 % the
 * principal divides evenly. Rounded half-up to the cent.
 */
export function monthlyPaymentCents(principalCents: number, aprPercent: number, months: number): number {
  if (principalCents <= 0 || months <= 0) return 0;
  const r = aprPercent / 100 / 12;
  const payment = r === 0 ? principalCents / months : (principalCents * r) / (1 - (1 + r) ** -months);
  return roundHalfUp(payment);
}

/**
 * The advertised price: the cash price with the dealer's mandatory documentation charge in it
 * (decision 066: 940 CMR 38.00's total price leaves out only government charges).
 */
export function advertisedPrice(price: number, settings: Pick<DealSettings, "docFee">): number {
  return toDollars(toCents(price) + toCents(settings.docFee));
}

/**
 * The out-the-door estimate for a vehicle at `price` dollars.
 * - Taxable: the cash price, plus the documentation charge when it is taxable, less the trade-in
 *   allowance (M.G.L. c. 64H §26: $30,000 with a $10,000 trade pays 6.25 % of $20,000 = $1,250),
 *   never below zero. The payoff owed on the trade is not part of the price, so it is never taxed.
 * - Out the door: price + doc fee + tax + title + registration − trade-in allowance.
 * - Financed: out the door + the trade's payoff (negative equity is carried into the loan) − the
 *   down payment, never below zero.
 */
export function computeEstimate(price: number, input: EstimateInput, settings: DealSettings): Estimate {
  const priceC = toCents(price);
  const docFeeC = toCents(settings.docFee);
  const tradeC = toCents(input.tradeInValue);
  const payoffC = toCents(input.tradeInPayoff);
  const downC = toCents(input.downPayment);
  const titleC = toCents(settings.titleFee);
  const registrationC = toCents(settings.registrationFee);
  const taxableC = Math.max(0, priceC + (settings.docFeeTaxable ? docFeeC : 0) - tradeC);
  // The rate in millionths (0.0625 → 62,500) keeps the product exact in integers.
  const rateMillionths = Math.round(settings.salesTaxRate * 1_000_000);
  const salesTaxC = Math.floor((taxableC * rateMillionths + 500_000) / 1_000_000);
  const outTheDoorC = priceC + docFeeC + salesTaxC + titleC + registrationC - tradeC;
  const amountFinancedC = Math.max(0, outTheDoorC + payoffC - downC);
  const apr = settings.aprByBand[input.creditBand];
  const monthlyC = monthlyPaymentCents(amountFinancedC, apr, input.termMonths);
  return {
    price: toDollars(priceC),
    docFee: toDollars(docFeeC),
    tradeInValue: toDollars(tradeC),
    tradeInPayoff: toDollars(payoffC),
    taxableAmount: toDollars(taxableC),
    salesTax: toDollars(salesTaxC),
    titleFee: toDollars(titleC),
    registrationFee: toDollars(registrationC),
    outTheDoor: toDollars(outTheDoorC),
    tradeInEquity: toDollars(tradeC - payoffC),
    amountFinanced: toDollars(amountFinancedC),
    apr,
    termMonths: input.termMonths,
    monthlyPayment: toDollars(monthlyC),
    totalOfPayments: toDollars(monthlyC * input.termMonths),
  };
}

/** The inputs a page shows before the shopper changes anything: 10 % down, no trade, a good credit band, 60 months or the nearest term. */
export function defaultEstimateInput(price: number, settings: DealSettings): EstimateInput {
  const terms = settings.termsMonths;
  const termMonths = terms.includes(60) ? 60 : (terms[Math.floor(terms.length / 2)] ?? 60);
  return { downPayment: Math.round(price * 0.1), tradeInValue: 0, tradeInPayoff: 0, creditBand: "good", termMonths };
}
