/**
 * The deal sheet's text that only the server writes (decision 070, 091, 093): its mails, its PDF's own
 * words and the warranty lines the page, PDF and mail print. Kept out of the page's chunk, so the
 * shopper's browser never downloads it in three languages.
 */
export const dealDocuments = {
  warranty: {
    warrantyStatutory: (duration: string) =>
      `Massachusetts law (M.G.L. c. 90 §7N¼) gives this vehicle a written dealer warranty covering any defect that impairs its use or safety, parts and labor, for ${duration}.`,
    warrantyOwn: (systems: string, duration: string) => `Our written dealer warranty on this vehicle covers: ${systems}. For ${duration}.`,
    warrantyShare: (labor: number, parts: number) => `The dealer pays ${labor}% of the labor and ${parts}% of the parts.`,
    noWarrantyMileage: "At 125,000 miles or more Massachusetts law requires no written dealer warranty.",
    noWarrantyPrice: "At a price under $700 Massachusetts law requires no written dealer warranty.",
    impliedWarranty: "The implied warranty of merchantability still applies (M.G.L. c. 106 §2-316A).",
    lemonAid:
      "If the vehicle fails the Massachusetts safety or emissions inspection within 7 days of the sale and the repairs to pass cost more than 10% of the price, you may cancel the sale (Lemon Aid Law, M.G.L. c. 90 §7N).",
  },
  pdf: {
    title: "Deal sheet",
    page: "Page 1 of 1",
    fileName: "deal-sheet.pdf",
    notFound: "This link does not open any deal sheet.",
    replaced: "This deal sheet was replaced by a newer one. Open the link in the newest e-mail.",
    linkExpired: "This deal sheet's link has expired. Contact us for a new one.",
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

export type DealDocumentsMessages = typeof dealDocuments;
