/**
 * The version of the financing form's credit-consent text (messages `privacy.creditConsent.label`).
 * Stored with each application and printed on its PDFs, so a dealer can show which words the
 * applicant agreed to: raise it whenever the wording changes in any language.
 */
export const CREDIT_CONSENT_VERSION = "2026-11-26";
