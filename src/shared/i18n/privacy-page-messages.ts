import { privacyPage as en, type PrivacyPageMessages } from "./en/privacy-page";
import { privacyPage as es } from "./es/privacy-page";
import { privacyPage as pt } from "./pt/privacy-page";

/**
 * The /privacy page's text in each language, kept out of the public catalogue so other pages
 * never download it (docs/decisions/016-javascript-budget.md); only routes/privacy.tsx's loader reads it, and sends the page's own language as data.
 */
const catalogues: Record<string, PrivacyPageMessages> = { en, es, pt };

export function privacyPageMessagesFor(locale: string = "en"): PrivacyPageMessages {
  return catalogues[locale] ?? en;
}
