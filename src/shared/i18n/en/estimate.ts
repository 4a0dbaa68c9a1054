/**
 * The vehicle page's out-the-door estimate (decision 066). Kept out of the page's catalogue: only the
 * estimate's own code, which arrives after the page, and the server render read it.
 */
export const estimate = {
  title: "Out-the-door estimate",
  intro: "Massachusetts tax, title and registration included. Change the numbers to see your own.",
  downPayment: "Down payment ($)",
  tradeInValue: "Trade-in value ($)",
  tradeInPayoff: "Still owed on the trade-in ($)",
  creditBand: "Your credit",
  bands: { excellent: "Excellent", good: "Good", fair: "Fair", rebuilding: "Rebuilding" },
  term: "Term",
  months: (n: number) => `${n} months`,
  submit: "Update estimate",
  updating: "Updating the estimate…",
  breakdown: "Breakdown",
  lines: {
    price: "Vehicle price",
    docFee: "Documentation fee",
    tradeInValue: "Trade-in allowance",
    taxableAmount: "Taxable amount",
    salesTax: (rate: string) => `Massachusetts sales tax (${rate})`,
    titleFee: "Title fee (RMV)",
    registrationFee: "Registration fee (RMV)",
    outTheDoor: "Out-the-door price",
    tradeInPayoff: "Owed on the trade-in",
    downPayment: "Down payment",
    amountFinanced: "Amount financed",
    totalOfPayments: "Total of payments",
  },
  monthly: "Estimated monthly payment",
  perMonth: (amount: string) => `${amount}/mo`,
  paymentTerms: (apr: string, months: number, down: string) => `at ${apr} APR for ${months} months with ${down} down`,
  noLoan: "Nothing to finance: your trade-in and down payment cover the out-the-door price.",
  disclosure:
    "This is an estimate only, not an offer of credit. The APR is our typical rate for the credit band you chose; your actual rate, payment and terms depend on credit approval. The trade-in value is yours until we appraise the vehicle.",
  sendDeal: "Send me this deal",
  invalid: "Please correct the highlighted fields.",
  errors: {
    money: "Enter an amount in dollars, 0 or more.",
    creditBand: "Choose one of the credit bands.",
    termMonths: "Choose one of the terms offered.",
  },
};

export type EstimateMessages = typeof estimate;
