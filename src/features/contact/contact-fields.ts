import type { FormPostFailed } from "~/shared/ui/form-post";

/** Name of the contact form's honeypot field: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = "website";

/**
 * The contact route action's answer to the form, posted with or without JavaScript: sent, or the
 * field messages with what was typed (so the form comes back filled in; the honeypot is never
 * echoed); `failed` when the post with JavaScript got no answer.
 */
export type ContactPostResult =
  | { kind: "sent" }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "too-large" }
  | FormPostFailed;
