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
    taxableAmount: "Taxable amount",
    taxableAfterTrade: "Taxable amount (less the trade-in allowance)",
    salesTax: (rate: string) => `Massachusetts sales tax (${rate})`,
    titleFee: "Title fee (RMV)",
    registrationFee: "Registration fee (RMV, passenger plate)",
    outTheDoor: "Out-the-door price",
    tradeInValue: "Trade-in allowance",
    tradeInPayoff: "Owed on the trade-in",
    downPayment: "Down payment",
    amountFinanced: "Amount financed",
    amountDueToYou: "Amount due to you",
    financeCharge: "Finance charge",
    totalOfPayments: "Total of payments",
  },
  monthly: "Estimated monthly payment",
  perMonth: (amount: string) => `${amount}/mo`,
  paymentTerms: (apr: string, months: number, down: string) => `at ${apr} APR for ${months} months with ${down} down`,
  finalPayment: (amount: string) => `The last payment is ${amount}.`,
  noLoan: "Nothing to finance: your trade-in and down payment cover the out-the-door price.",
  dueToYou: (amount: string) => `Your trade-in is worth more than the out-the-door price: ${amount} is due to you.`,
  noRates: "We don't publish financing rates yet. Ask us, and we'll quote a rate and a payment for your credit.",
  demoRates: "These rates are examples on a demonstration site, not a real offer of credit.",
  disclosure: "This is an estimate only, not an offer of credit. Until we appraise your vehicle, we use the trade-in value you gave.",
  aprDisclosure:
    "The APR is our typical rate for the credit band you chose; your actual rate, payment and terms depend on credit approval.",
  sendDeal: "Send me this deal",
  invalid: "Please correct the highlighted fields.",
  errors: {
    money: "Enter an amount in dollars, 0 or more.",
    creditBand: "Choose one of the credit bands.",
    termMonths: "Choose one of the terms offered.",
  },
};

export type EstimateMessages = typeof estimate;
