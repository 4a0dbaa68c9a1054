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
  /**
   * Whose rates `aprByBand` holds (decision 092): "owner" once the owner saved the settings, "demo"
   * when the demo seed wrote example rates, "none" on a new installation. Public pages show an
   * APR-based payment only for "owner" or (marked as example rates) "demo".
   */
  ratesSource: RatesSource;
  /** The person or department the Buyers Guide names under "FOR COMPLAINTS AFTER SALE, CONTACT:" (decision 091). */
  complaintsContact: string;
  /** The Buyers Guide prints the rule's optional signature line (16 CFR 455.2(f), 455.5(d)). */
  buyersGuideSignatureLine: boolean;
  /** A price drop is advertised only after the former price was public this many days (decision 096). */
  priceDropMinDays: number;
};

export const RATES_SOURCES = ["owner", "demo", "none"] as const;
export type RatesSource = (typeof RATES_SOURCES)[number];

/**
 * The highest APR a Massachusetts retail seller may charge on a motor vehicle retail instalment
 * contract: M.G.L. c. 255B §14, "an annual percentage rate of twenty-one per cent" (decision 092).
 */
export const MA_MAX_APR = 21;

/**
 * Until the owner saves their own: Massachusetts' 6.25 % sales tax (M.G.L. c. 64H §2), the doc
 * charge taxed as DOR Directive 14-1 says, the RMV's $75 title and $60 two-year passenger
 * registration, no documentation fee (the dealer sets its own). The rates below are placeholders that
 * no public page shows (`ratesSource: "none"`) until the owner saves rates of their own (decision 092).
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
  ratesSource: "none",
  complaintsContact: "General Manager",
  buyersGuideSignatureLine: false,
  priceDropMinDays: 7,
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
  /** The vehicle's out-the-door price: price, doc fee, tax (after the trade-in credit), title and registration. Never negative. */
  outTheDoor: number;
  /** The trade-in's value less what is still owed on it (negative: negative equity). */
  tradeInEquity: number;
  /** What the dealer owes the buyer when the trade-in's equity exceeds the out-the-door price (0 otherwise). */
  amountDueToYou: number;
  amountFinanced: number;
  /** Percent, like the settings; null while no rates are published (`ratesSource: "none"`). */
  apr: number | null;
  termMonths: number;
  /** Null with `apr`. */
  monthlyPayment: number | null;
  /** The last payment: the regular one, or at 0 % APR what is left after the others (null with `apr`). */
  finalPayment: number | null;
  /** The cost of the credit: total of payments less the amount financed; 0 at 0 % APR (null with `apr`). */
  financeCharge: number | null;
  /** The amount financed plus the finance charge (null with `apr`). */
  totalOfPayments: number | null;
  /** Whose rates the APR is: the owner's, or the demo seed's example rates; null when none are published. */
  ratesSource: "owner" | "demo" | null;
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
 * The out-the-door estimate for a vehicle at `price` dollars (decisions 066 and 090).
 * - Taxable: the cash price, plus the documentation charge when it is taxable, less the trade-in
 *   allowance (M.G.L. c. 64H §26: $30,000 with a $10,000 trade pays 6.25 % of $20,000 = $1,250),
 *   never below zero. The payoff owed on the trade is not part of the price, so it is never taxed.
 * - Out the door: price + doc fee + tax + title + registration: the vehicle's price, never negative;
 *   the trade-in is not subtracted from it (it is its own line).
 * - Amount due to you: the trade-in's equity (value − payoff) beyond the out-the-door price.
 * - Financed: out the door − the trade-in's equity (negative equity is carried into the loan) − the
 *   down payment, never below zero.
 * - Payments: the regular payment by the amortisation formula; at 0 % APR no finance charge, so the
 *   total of payments is the amount financed and the last payment takes the rounding (L1).
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
  const outTheDoorC = priceC + docFeeC + salesTaxC + titleC + registrationC;
  const equityC = tradeC - payoffC;
  const amountFinancedC = Math.max(0, outTheDoorC - equityC - downC);
  const published = settings.ratesSource !== "none";
  const apr = published ? settings.aprByBand[input.creditBand] : null;
  const payments = apr === null ? null : paymentsOf(amountFinancedC, apr, input.termMonths);
  const dollarsOrNull = (cents: number | undefined) => (cents === undefined ? null : toDollars(cents));
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
    tradeInEquity: toDollars(equityC),
    amountDueToYou: toDollars(Math.max(0, equityC - outTheDoorC)),
    amountFinanced: toDollars(amountFinancedC),
    apr,
    termMonths: input.termMonths,
    monthlyPayment: dollarsOrNull(payments?.monthlyC),
    finalPayment: dollarsOrNull(payments?.finalC),
    financeCharge: dollarsOrNull(payments?.financeChargeC),
    totalOfPayments: dollarsOrNull(payments?.totalC),
    ratesSource: published ? (settings.ratesSource as "owner" | "demo") : null,
  };
}

/**
 * A loan's payments in cents. With interest: `months` equal payments, their total the total of
 * payments and the finance charge the total less the amount financed. At 0 %: no finance charge,
 * so the total is the amount financed and the last payment is what the others leave.
 */
function paymentsOf(principalC: number, apr: number, months: number) {
  const monthlyC = monthlyPaymentCents(principalC, apr, months);
  if (principalC <= 0 || months <= 0) return { monthlyC: 0, finalC: 0, financeChargeC: 0, totalC: 0 };
  if (apr === 0) return { monthlyC, finalC: principalC - monthlyC * (months - 1), financeChargeC: 0, totalC: principalC };
  const totalC = monthlyC * months;
  return { monthlyC, finalC: monthlyC, financeChargeC: totalC - principalC, totalC };
}

/** The inputs a page shows before the shopper changes anything: 10 % down, no trade, a good credit band, 60 months or the nearest term. */
export function defaultEstimateInput(price: number, settings: DealSettings): EstimateInput {
  const terms = settings.termsMonths;
  const termMonths = terms.includes(60) ? 60 : (terms[Math.floor(terms.length / 2)] ?? 60);
  return { downPayment: Math.round(price * 0.1), tradeInValue: 0, tradeInPayoff: 0, creditBand: "good", termMonths };
}
