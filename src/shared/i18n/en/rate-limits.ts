/**
 * What a public form's rate limit answers, for the forms whose own catalogue has no such entry
 * (contact, booking and the trade-in have theirs). Written on the server only: the limit refuses a
 * post before any page code runs, so no page downloads this text.
 */
export const rateLimits = {
  financing: "Too many applications from this connection. Please wait a few minutes and try again.",
};

export type RateLimitMessages = typeof rateLimits;
