import { contactConsent as en, type ContactConsentMessages } from "./en/contact-consent";
import { contactConsent as es } from "./es/contact-consent";
import { contactConsent as pt } from "./pt/contact-consent";

export type { ContactConsentMessages };

/**
 * The consent to calls and texts in each language (decision 094), kept out of the public catalogue:
 * only the trade-in and deal routes and the services that record the consent read it.
 */
const catalogues: Record<string, ContactConsentMessages> = { en, es, pt };

export function contactConsentMessagesFor(locale: string = "en"): ContactConsentMessages {
  return catalogues[locale] ?? en;
}
