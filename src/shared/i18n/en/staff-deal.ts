/** The Settings screen's deal settings (decision 066): what every out-the-door estimate and advertised price reads. */
export const deal = {
  title: "Deal settings",
  intro:
    "Every vehicle's out-the-door estimate uses these, and the documentation fee is part of every advertised price (cards, vehicle pages, feeds).",
  docFee: "Documentation fee ($)",
  docFeeTaxable: "Documentation fee is taxable (Massachusetts: yes)",
  salesTaxRate: "Sales tax rate (%)",
  titleFee: "Title fee ($, RMV)",
  registrationFee: "Registration fee ($, RMV)",
  aprHeading: "Typical APR by credit band (%)",
  aprCap: (cap: number) =>
    `Each rate must be one your lenders really offer, at most ${cap} % (the Massachusetts cap for motor vehicle retail instalment sales, M.G.L. c. 255B §14).`,
  ratesSource: {
    none: "No rates are published yet: vehicle pages show no monthly payment until you save rates your lenders offer.",
    demo: "These are the demo data's example rates: vehicle pages mark their payments as examples until you save your own rates.",
    owner: "Vehicle pages show monthly payments from these rates.",
  },
  bands: { excellent: "Excellent", good: "Good", fair: "Fair", rebuilding: "Rebuilding" },
  termsMonths: "Terms offered (months, comma-separated)",
  dealValidDays: "A deal sheet holds for (days)",
  complaintsContact: "Buyers Guide: for complaints after sale, contact (person or department)",
  buyersGuideSignatureLine: "Buyers Guide: print the buyer's acknowledgement signature line",
  priceDropMinDays: 'Show "Price reduced" only after the former price was shown for (days)',
  save: "Save deal settings",
  saved: "Deal settings saved",
  defaults: "These are the built-in defaults; nothing has been saved yet.",
};
