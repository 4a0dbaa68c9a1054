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
    vehicleHeading: "Vehicle",
    stock: "Stock #",
    vin: "VIN",
    mileage: "Mileage",
    mileageValue: (miles: string) => `${miles} miles`,
    warrantyHeading: "Massachusetts warranty",
    warrantyStatutory: (duration: string) =>
      `Massachusetts law (M.G.L. c. 90 §7N¼) gives this vehicle a written dealer warranty covering any defect that impairs its use or safety, parts and labor, for ${duration}.`,
    warrantyOwn: (systems: string, duration: string) => `Our written dealer warranty on this vehicle covers: ${systems}. For ${duration}.`,
    warrantyShare: (labor: number, parts: number) => `The dealer pays ${labor}% of the labor and ${parts}% of the parts.`,
    noWarrantyMileage: "At 125,000 miles or more Massachusetts law requires no written dealer warranty.",
    noWarrantyPrice: "At a price under $700 Massachusetts law requires no written dealer warranty.",
    impliedWarranty: "The implied warranty of merchantability still applies (M.G.L. c. 106 §2-316A).",
    lemonAid:
      "If the vehicle fails the Massachusetts safety or emissions inspection within 7 days of the sale and the repairs to pass cost more than 10% of the price, you may cancel the sale (Lemon Aid Law, M.G.L. c. 90 §7N).",
    contactHeading: "Questions? Contact us",
    pdf: "Download this deal sheet (PDF)",
    creditBand: "Credit band",
    viewVehicle: "See the vehicle",
  },
  pdf: {
    title: "Deal sheet",
    page: "Page 1 of 1",
    fileName: "deal-sheet.pdf",
    notFound: "This link does not open any deal sheet.",
    replaced: "This deal sheet was replaced by a newer one. Open the link in the newest e-mail.",
  },
  mail: {
    subject: (vehicle: string) => `Your deal sheet: ${vehicle}`,
    revisedSubject: (vehicle: string) => `Your revised deal sheet: ${vehicle}`,
    heading: (name: string) => `Hello ${name},`,
    body: (vehicle: string, outTheDoor: string, date: string) =>
      `Here is your deal sheet for the ${vehicle}, with an out-the-door price of ${outTheDoor}. The numbers hold until ${date}.`,
    revisedBody: (vehicle: string, outTheDoor: string, date: string) =>
      `We revised your deal sheet for the ${vehicle}, with an out-the-door price of ${outTheDoor}. The new numbers hold until ${date}.`,
    earlierHeld: (date: string) => `Your earlier deal sheet still holds until ${date}.`,
    dueToYou: (amount: string) => `Your trade-in is worth more than the out-the-door price: ${amount} is due to you.`,
    link: "Open your deal sheet",
    replyHint: "Questions? Reply to this e-mail or call us.",
  },
};

export type DealSheetMessages = typeof dealSheet;
