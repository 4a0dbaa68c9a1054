/** The alerts' mails (server only, so no page carries them; see ./alerts.ts). */
export const alertsMail = {
  confirmSubject: (dealer: string) => `Confirm your e-mail alerts from ${dealer}`,
  confirmHeading: "Confirm your e-mail alerts",
  confirmBody: (dealer: string) => `Someone, we hope you, asked ${dealer} to e-mail this address about these saved vehicles and searches:`,
  confirmLink: "Confirm my alerts",
  confirmExpiry: (days: number) =>
    `The link works for ${days} days. If you did not ask for this, ignore this e-mail: we will send nothing else.`,
  limitReached: (vehicles: number, searches: number) =>
    `An address can follow up to ${vehicles} vehicles and ${searches} searches: what did not fit was left out. Delete some on your alerts page to make room.`,
  digestSubject: (count: number) => `${count} updates on the vehicles you saved`,
  priceDropSubject: (vehicle: string, price: string) => `Price drop: ${vehicle}, now ${price}`,
  pendingSubject: (vehicle: string) => `Sale pending: ${vehicle}`,
  soldSubject: (vehicle: string) => `Sold: ${vehicle}`,
  newMatchSubject: (vehicle: string, price: string) => `New match: ${vehicle}, ${price}`,
  digestHeading: "News about what you saved",
  priceDropHeading: (vehicle: string) => `The ${vehicle} costs less now`,
  /** Both prices: the one the shopper saw when saving it (or was last told) and today's. */
  priceDropSaved: (from: string, to: string) => `Now ${to}. You saved it at ${from}.`,
  priceDropTold: (from: string, to: string) => `Now ${to}, down from the ${from} we last told you.`,
  pendingText: "Sale pending: another buyer has a deal in progress. Call us if you would like to be next in line.",
  soldText: "This vehicle has been sold.",
  similarHeading: "Similar vehicles for sale",
  newMatchText: (search: string) => `New on our lot, matching your search ${search}:`,
  mileage: (miles: string) => `${miles} mi`,
  price: (price: string) => `Price: ${price}`,
  photoAlt: (vehicle: string) => `Photo of the ${vehicle}`,
  manage: "Manage your alerts",
  unsubscribe: "Unsubscribe from these alerts",
  why: (dealer: string) =>
    `You get this e-mail because you asked ${dealer} for alerts about vehicles you saved. We write at most once a day.`,
  unsubscribedText: (dealer: string) => `You are unsubscribed from ${dealer}'s alerts.`,
};

export type AlertsMailMessages = typeof alertsMail;
