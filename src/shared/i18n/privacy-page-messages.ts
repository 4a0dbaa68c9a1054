import { privacyPage as en, type PrivacyPageMessages } from "./en/privacy-page";
import { privacyPage as es } from "./es/privacy-page";
import { useLocale } from "./messages";
import { privacyPage as pt } from "./pt/privacy-page";

/**
 * The /privacy page's text in each language, kept out of the public catalogue so other pages
 * never download it (docs/decisions/016-javascript-budget.md); only routes/privacy.tsx imports this.
 */
const catalogues: Record<string, PrivacyPageMessages> = { en, es, pt };

export function privacyPageMessagesFor(locale: string = "en"): PrivacyPageMessages {
  return catalogues[locale] ?? en;
}

export function usePrivacyPageMessages(): PrivacyPageMessages {
  return privacyPageMessagesFor(useLocale());
}
