/**
 * The trade-in route action's answer to a form posted without JavaScript: sent, or the field
 * messages with what was typed (so the form comes back filled in; photos and the honeypot are
 * never echoed).
 */
export type TradeInPostResult =
  { kind: "sent" } | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> } | { kind: "too-large" };
