/**
 * The privacy links in the footer and under every form, and the financing form's credit consent
 * (docs/behaviour.md §2 Privacy). The /privacy page's own text is in privacy-page.ts,
 * loaded by that route only. A change to the consent's wording must raise CREDIT_CONSENT_VERSION
 * (src/shared/config/credit-consent.ts).
 */
export const privacy = {
  footerLink: "Privacy Notice",
  formNotice: "How we use and protect your information:",
  formNoticeLink: "Privacy Notice",
  creditConsent: {
    label: (name: string) =>
      `I authorize ${name} to obtain my credit report and those of any co-applicant, and to share this application with lenders and finance companies to arrange financing for my vehicle purchase.`,
    required: "You must authorize the credit check to submit your application",
    pdfLabel: "Credit authorization",
    pdfValue: (version: string, at: string) => `Accepted (consent text version ${version}) on ${at}`,
    pdfMissing: "Not recorded (application made before the consent was asked)",
  },
};
