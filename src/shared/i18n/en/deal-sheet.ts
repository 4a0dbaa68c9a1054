/**
 * The deal sheet's text (decision 070): the "Send me this deal" form, the sheet's page and PDF, and
 * the shopper's mail. Kept out of the public catalogue: only the deal routes and the deal feature
 * read it. The breakdown's lines and the estimate's notice come from the estimate's catalogue.
 */
export const dealSheet = {
  meta: {
    formTitle: (dealer: string) => `Send me this deal | ${dealer}`,
    sheetTitle: (dealer: string) => `Your deal sheet | ${dealer}`,
  },
  form: {
    heading: "Send me this deal",
    intro: "We'll e-mail you this deal sheet with every number, so you can read it again, print it or bring it with you.",
    vehicleHeading: "The vehicle",
    yourDeal: "Your numbers",
    change: "Change the numbers",
    contactHeading: "Where to send it",
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    phone: "Phone",
    honeypot: "Leave this field empty",
    submit: "Send me this deal",
    sending: "Sending…",
    fixFields: "Please correct the highlighted fields.",
    notFoundTitle: "Vehicle not found",
    notFoundText: "This vehicle is no longer on our site. Browse our inventory to find another.",
    soldTitle: "This vehicle has been sold",
    soldText: "Someone bought this vehicle before you sent the deal. Browse our inventory to find another.",
    browse: "Browse inventory",
    tooMany: "Too many requests. Please try again in a few minutes.",
  },
  errors: {
    vehicleId: "Choose a vehicle from our inventory.",
    firstName: "Please enter your first name",
    lastName: "Please enter your last name",
    email: "Please enter a valid e-mail address",
    phone: "Please enter a valid phone number",
  },
  sheet: {
    heading: "Your deal sheet",
    version: (n: number) => `Version ${n}`,
    preparedFor: (name: string) => `Prepared for ${name}`,
    sent: (date: string) => `Sent ${date}`,
    validUntil: (date: string) => `These numbers hold until ${date}.`,
    commitment: (date: string) =>
      `Until ${date} we hold the vehicle price, the documentation fee, the title and registration fees and the sales tax rate on this sheet.`,
    notCommitted:
      "The trade-in value is the one you gave us and depends on our inspection of your vehicle, its title and its payoff. The APR and the payment are estimates that depend on credit approval.",
    expired: (date: string) => `This deal sheet expired on ${date}. Prices and rates may have changed: ask us for a new one.`,
    heldNotice: (date: string) => `We have since e-mailed you a revised deal sheet. The numbers on this one still hold until ${date}.`,
    replacedTitle: "This deal sheet was replaced",
    replacedText: "We sent you a revised deal sheet by e-mail; open the link in that newer mail to see its numbers.",
    notFoundTitle: "Deal sheet not found",
    notFoundText: "This link does not open any deal sheet. Check the link in your e-mail, or contact us.",
    linkExpiredTitle: "This deal sheet link has expired",
    linkExpiredText: "For your privacy a deal sheet's link works for 30 days after its numbers stop holding. Contact us for a new one.",
    vehicleHeading: "Vehicle",
    stock: "Stock #",
    vin: "VIN",
    mileage: "Mileage",
    mileageValue: (miles: string) => `${miles} miles`,
    warrantyHeading: "Massachusetts warranty",
    contactHeading: "Questions? Contact us",
    pdf: "Download this deal sheet (PDF)",
    creditBand: "Credit band",
    viewVehicle: "See the vehicle",
  },
};

export type DealSheetMessages = typeof dealSheet;
