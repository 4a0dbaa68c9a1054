/**
 * The optional consent to calls and texts (decision 094), on the trade-in and deal forms, and its
 * record. Its wording is versioned: a change in any language must raise CONTACT_CONSENT_VERSION
 * (src/shared/config/contact-consent.ts), which every stored consent names.
 */
export const contactConsent = {
  label: (dealer: string) =>
    `I agree that ${dealer} may call me and send me text messages at the phone number I gave, including with automated technology and prerecorded messages, about my request and about vehicles and offers. My consent is not a condition of buying anything. Message and data rates may apply; I can reply STOP at any time.`,
  hint: "Optional. We answer your request by e-mail either way.",
};

export type ContactConsentMessages = typeof contactConsent;
