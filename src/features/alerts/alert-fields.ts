/** The honeypot of the alerts form: hidden from people, filled in by naive bots (as the contact form's). */
export const ALERT_HONEYPOT_FIELD = "website";

import type { FormPostFailed } from "~/shared/ui/form-post";

/**
 * The /alerts route action's answer to the alerts form, posted with or without JavaScript: accepted (the
 * same for every address; `addedAtOnce` only for a device that opened the confirmed address's own links),
 * field messages with what was typed, nothing saved on this device to follow, or a refusal.
 */
export type AlertsPostResult =
  | { kind: "accepted"; email: string; addedAtOnce: boolean }
  | { kind: "invalid"; fieldErrors: Record<string, string>; values: { email: string } }
  | { kind: "nothing-to-follow" }
  | { kind: "too-large" }
  | FormPostFailed;
