import type { FormPostFailed } from "~/shared/ui/form-post";

/**
 * The trade-in route action's answer (or, with JavaScript, `failed` when there was none): sent,
 * or the field messages with what was typed (so the form comes back filled in; photos and the honeypot are
 * never echoed).
 */
export type TradeInPostResult =
  | { kind: "sent" }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "too-large" }
  | FormPostFailed;
