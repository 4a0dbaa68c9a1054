/** The trade-in mails to the shopper (server-only, so no page carries them; see ./trade-in.ts). */
export const tradeInMail = {
  receivedSubject: (dealer: string) => `We received your trade-in request — ${dealer}`,
  receivedHeading: (firstName: string) => `Thank you, ${firstName}`,
  receivedBody: (vehicle: string) => `We received your trade-in request for your ${vehicle}. We'll e-mail you our offer soon.`,
  offerSubject: (vehicle: string) => `Your trade-in offer: ${vehicle}`,
  offerHeading: (firstName: string) => `Your offer is ready, ${firstName}`,
  offerBody: (vehicle: string, low: string, high: string, until: string) =>
    `We can offer between ${low} and ${high} for your ${vehicle}. This offer is valid until ${until}.`,
  conditions: "Conditions of this offer:",
  offerLink: "See your offer",
  note: "Note from our team:",
  replyHint: "You can reply to this e-mail to reach us.",
};

export type TradeInMailMessages = typeof tradeInMail;
