import { describe, expect, it } from "vitest";
import {
  advertisedPrice,
  computeEstimate,
  DEFAULT_DEAL_SETTINGS,
  monthlyPaymentCents,
  type DealSettings,
  type EstimateInput,
} from "./deal-estimate";

/** Hand-checkable settings: no fees, so each case shows one rule at a time. */
const bare: DealSettings = {
  ...DEFAULT_DEAL_SETTINGS,
  docFee: 0,
  titleFee: 0,
  registrationFee: 0,
  aprByBand: { excellent: 0, good: 6, fair: 12, rebuilding: 18 },
  ratesSource: "owner",
};
const input = (overrides: Partial<EstimateInput> = {}): EstimateInput => ({
  downPayment: 0,
  tradeInValue: 0,
  tradeInPayoff: 0,
  creditBand: "excellent",
  termMonths: 60,
  ...overrides,
});

describe("the out-the-door estimate", () => {
  it("taxes $30,000 with a $10,000 trade-in at $1,250 (the Department of Revenue's own example)", () => {
    const e = computeEstimate(30_000, input({ tradeInValue: 10_000 }), bare);
    expect(e.taxableAmount).toBe(20_000);
    expect(e.salesTax).toBe(1_250);
    // The out-the-door price is the vehicle's: the trade-in is its own line, taken off what is financed.
    expect(e.outTheDoor).toBe(31_250);
    expect(e.amountFinanced).toBe(21_250);
    expect(e.tradeInEquity).toBe(10_000);
    expect(e.amountDueToYou).toBe(0);
  });

  it("adds the fees line by line and finances what is left after the down payment", () => {
    const settings: DealSettings = { ...DEFAULT_DEAL_SETTINGS, docFee: 499, ratesSource: "owner" };
    const e = computeEstimate(18_995, input({ downPayment: 2_000, creditBand: "good", termMonths: 60 }), settings);
    // 6.25 % of (18,995 + 499) = 1,218.375 → 1,218.38
    expect(e).toMatchObject({ price: 18_995, docFee: 499, taxableAmount: 19_494, salesTax: 1_218.38, titleFee: 75, registrationFee: 60 });
    expect(e.outTheDoor).toBe(20_847.38);
    expect(e.amountFinanced).toBe(18_847.38);
    // 18,847.38 at 8.9 % over 60 months: r = 0.0074166…, payment = P·r / (1 − (1 + r)^−60) = 390.33
    expect(e.apr).toBe(8.9);
    expect(e.monthlyPayment).toBe(390.33);
    expect(e.totalOfPayments).toBe(23_419.8);
    // Total of payments = amount financed + finance charge.
    expect(e.financeCharge).toBe(4_572.42);
    expect(e.finalPayment).toBe(390.33);
    expect(e.ratesSource).toBe("owner");
  });

  it("shows no APR, payment or total until rates are published", () => {
    const e = computeEstimate(18_995, input({ downPayment: 2_000 }), { ...bare, ratesSource: "none" });
    expect(e.amountFinanced).toBe(18_995 + 1_187.19 - 2_000);
    expect(e).toMatchObject({
      apr: null,
      monthlyPayment: null,
      finalPayment: null,
      financeCharge: null,
      totalOfPayments: null,
      ratesSource: null,
    });
    expect(computeEstimate(18_995, input(), { ...bare, ratesSource: "demo" }).ratesSource).toBe("demo");
    expect(DEFAULT_DEAL_SETTINGS.ratesSource).toBe("none");
  });

  it("finances negative equity without taxing it", () => {
    const e = computeEstimate(20_000, input({ tradeInValue: 5_000, tradeInPayoff: 8_000 }), bare);
    expect(e.tradeInEquity).toBe(-3_000);
    // The allowance still lowers the tax; the $3,000 owed beyond it is not part of the price.
    expect(e.taxableAmount).toBe(15_000);
    expect(e.salesTax).toBe(937.5);
    expect(e.outTheDoor).toBe(20_937.5);
    expect(e.amountFinanced).toBe(23_937.5);
  });

  it("divides evenly at 0 % APR", () => {
    const e = computeEstimate(12_000, input({ creditBand: "excellent", termMonths: 48 }), { ...bare, salesTaxRate: 0 });
    expect(e.apr).toBe(0);
    expect(e.monthlyPayment).toBe(250);
    expect(e.totalOfPayments).toBe(12_000);
    expect(e.financeCharge).toBe(0);
    expect(monthlyPaymentCents(1_000_00, 0, 3)).toBe(33_333);
  });

  it("at 0 % APR the total of payments is the amount financed, the last payment taking the rounding (L1)", () => {
    // The review's case: $15,534.88 over 72 months at 0 %: 71 × $215.76 = $15,318.96, last $215.92.
    const e = computeEstimate(15_534.88, input({ termMonths: 72 }), { ...bare, salesTaxRate: 0 });
    expect(e.amountFinanced).toBe(15_534.88);
    expect(e.monthlyPayment).toBe(215.76);
    expect(e.finalPayment).toBe(215.92);
    expect(e.totalOfPayments).toBe(15_534.88);
    expect(e.financeCharge).toBe(0);
    // $14,534.88 over 36: 35 × $403.75 = $14,131.25, last $403.63; never 12 cents of "finance charge".
    const f = computeEstimate(14_534.88, input({ termMonths: 36 }), { ...bare, salesTaxRate: 0 });
    expect(f.monthlyPayment).toBe(403.75);
    expect(f.finalPayment).toBe(403.63);
    expect(f.totalOfPayments).toBe(14_534.88);
    expect(f.financeCharge).toBe(0);
  });

  it("taxes the documentation charge only when it is taxable", () => {
    const taxed = computeEstimate(10_000, input(), { ...bare, docFee: 400, docFeeTaxable: true });
    const untaxed = computeEstimate(10_000, input(), { ...bare, docFee: 400, docFeeTaxable: false });
    expect(taxed.taxableAmount).toBe(10_400);
    expect(taxed.salesTax).toBe(650);
    expect(untaxed.taxableAmount).toBe(10_000);
    expect(untaxed.salesTax).toBe(625);
    // The charge is paid either way.
    expect(taxed.outTheDoor).toBe(11_050);
    expect(untaxed.outTheDoor).toBe(11_025);
  });

  it("rounds each line half-up at the cent", () => {
    // 6.25 % of $0.08 is half a cent: up to one cent; of $0.07 it is 0.4375 cent: down to none.
    expect(computeEstimate(0.08, input(), bare).salesTax).toBe(0.01);
    expect(computeEstimate(0.07, input(), bare).salesTax).toBe(0);
    // 6.25 % of $100.04 = $6.2525 → $6.25; of $100.08 = $6.255 → $6.26.
    expect(computeEstimate(100.04, input(), bare).salesTax).toBe(6.25);
    expect(computeEstimate(100.08, input(), bare).salesTax).toBe(6.26);
    // $100 over 3 months at 0 %: 33.333… → 33.33 a month, the last 33.34, the total the amount financed.
    const e = computeEstimate(100, input({ termMonths: 3 }), { ...bare, salesTaxRate: 0 });
    expect(e.monthlyPayment).toBe(33.33);
    expect(e.finalPayment).toBe(33.34);
    expect(e.totalOfPayments).toBe(100);
  });

  it("never taxes or finances below zero when the trade-in is worth more than the price", () => {
    const e = computeEstimate(8_000, input({ tradeInValue: 10_000 }), { ...bare, titleFee: 75, registrationFee: 60 });
    expect(e.taxableAmount).toBe(0);
    expect(e.salesTax).toBe(0);
    // Never a negative price (M1): the out-the-door price is the car's, and the buyer is owed the rest.
    expect(e.outTheDoor).toBe(8_135);
    expect(e.amountDueToYou).toBe(1_865);
    expect(e.amountFinanced).toBe(0);
    expect(e.monthlyPayment).toBe(0);
    expect(e.totalOfPayments).toBe(0);
  });

  it("advertises the price with the documentation charge in it", () => {
    expect(advertisedPrice(18_995, { docFee: 499 })).toBe(19_494);
    expect(advertisedPrice(18_995, { docFee: 0 })).toBe(18_995);
  });
});
