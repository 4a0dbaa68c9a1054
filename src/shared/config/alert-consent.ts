/**
 * The version of the alerts' consent words (messages `alerts.form.consent` in every language). Stored
 * with each confirmation, so the dealer can show which words an address agreed to, in which
 * language and when (docs/behaviour.md §21): raise it whenever the wording changes in any language.
 */
export const ALERT_CONSENT_VERSION = "alerts-2026-11-28";
