/**
 * How long a link with a token in its address (a deal sheet's, a trade-in offer's) keeps showing what it
 * names: until 30 days after its figures stop holding (decision 088). Until then a shopper who calls a few
 * days late can still show what they were quoted; after it the page says the link has expired and shows
 * nothing else (no name, vehicle or figures), as such links sit for years in mailboxes, browser histories
 * and shared devices. Staff keep the record in the dashboard.
 */
export const TOKEN_LINK_DAYS_AFTER_VALIDITY = 30;

const DAY_MS = 86_400_000;

/** Whether a link whose figures hold until `validUntil` (a dealership date, yyyy-mm-dd) has expired on the dealership's `today`. */
export function tokenLinkExpired(validUntil: string, today: string): boolean {
  const lastDay = new Date(Date.parse(`${validUntil}T00:00:00Z`) + TOKEN_LINK_DAYS_AFTER_VALIDITY * DAY_MS).toISOString().slice(0, 10);
  return today > lastDay;
}
