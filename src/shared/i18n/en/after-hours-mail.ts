/**
 * The reply a shopper gets at once when their lead arrives while the dealership is closed
 * (docs/behaviour.md §18); it replaces the "we'll answer very soon" acknowledgement. Server-only,
 * so no page carries it.
 */
export const afterHoursMail = {
  subject: (dealer: string) => `We're closed right now; we'll answer you as soon as we open — ${dealer}`,
  heading: (firstName: string) => `Thank you, ${firstName}`,
  body: (opening: string) =>
    `We received your message outside our business hours. We open ${opening}, and we will answer you as soon as we open.`,
  /** The opening day ("Monday, January 12") and time ("8:30 AM") as a phrase. */
  opening: (day: string, time: string) => `${day} at ${time}`,
  callHint: (phone: string) => `If it is urgent, call us at ${phone} as soon as we open, or reply to this e-mail.`,
};

export type AfterHoursMailMessages = typeof afterHoursMail;
