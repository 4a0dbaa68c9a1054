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
      `I authorize ${name} to obtain my credit report and to share this application with lenders and finance companies to arrange financing for my vehicle purchase. I certify that the information I give in this application is true and complete. My signature on this application confirms this authorization and certification.`,
    required: "You must authorize the credit check to submit your application",
  },
  /** The co-applicant's own authorization and certification (FCRA §604(a)(2): a report on a consumer's own written instruction). */
  coApplicantConsent: {
    label: (name: string) =>
      `I, the co-applicant, authorize ${name} to obtain my credit report and to share this application with lenders and finance companies to arrange financing for this vehicle purchase. I certify that the information about me in this application is true and complete. My signature on this application confirms this authorization and certification.`,
    required: "The co-applicant must authorize their own credit check",
  },
};
