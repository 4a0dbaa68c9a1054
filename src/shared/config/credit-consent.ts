/**
 * The version of the financing form's credit-authorization and certification texts (messages
 * `privacy.creditConsent.label` for the applicant, `privacy.coApplicantConsent.label` for the
 * co-applicant). Stored with each applicant's consent and printed on the PDFs, so a dealer can show
 * which words each person signed: raise it whenever the wording changes in any language.
 * "2026-11-26": the applicant authorized reports on every applicant; "2026-11-28": each applicant
 * authorizes their own report and certifies the application (decision 097).
 */
export const CREDIT_CONSENT_VERSION = "2026-11-28";
