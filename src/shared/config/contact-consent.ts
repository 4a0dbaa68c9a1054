/**
 * The version of the optional consent to calls and texts (messages `contactConsent.label`, in
 * src/shared/i18n/{en,es,pt}/contact-consent.ts; decision 094). Stored with every consent given, with
 * its language, so the dealer can show which words the shopper agreed to: raise it whenever the
 * wording changes in any language.
 */
export const CONTACT_CONSENT_VERSION = "2026-11-28";

/** The channels a customer may refuse ("do not contact"), each kept by the address it reaches. */
export const CONTACT_CHANNELS = ["email", "phone", "text"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
