/** Loan terms the estimator offers, in months. */
export const LOAN_TERMS = [36, 48, 60, 72] as const;
export const DEFAULT_APR = 7.9;
export const DEFAULT_TERM = 60;

/**
 * Monthly payment of an amortised loan, in whole dollars rounded up (an estimate, never
 * an offer): principal × r / (1 − (1 + r)^−n), with r the monthly rate. Zero APR divides evenly.
 */
export function monthlyPayment(price: number, downPayment: number, aprPercent: number, months: number): number {
  const principal = Math.max(0, price - Math.max(0, downPayment));
  if (principal === 0 || months <= 0) return 0;
  const r = Math.max(0, aprPercent) / 100 / 12;
  const payment = r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  return Math.ceil(payment);
}
