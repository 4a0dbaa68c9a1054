/**
 * The trade-in route action's answer to a form posted without JavaScript: sent, or the field
 * messages with what was typed (so the form comes back filled in; photos and the honeypot are
 * never echoed).
 */
export type TradeInPostResult =
  { kind: "sent" } | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> } | { kind: "too-large" };

/** The text fields a refused post echoes back into the form. */
export const ECHOED_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "mileage",
  "zip",
  "condition.accidents",
  "condition.warningLights",
  "condition.tires",
  "condition.keys",
  "condition.smokedIn",
  "condition.titleStatus",
  "payoff",
  "lender",
  "firstName",
  "lastName",
  "email",
  "phone",
  "consent",
] as const;

/** Checkboxes: a ticked box posts its value, an unticked one nothing. */
export const CHECKBOX_FIELDS = ["condition.warningLights", "condition.smokedIn", "consent"] as const;
