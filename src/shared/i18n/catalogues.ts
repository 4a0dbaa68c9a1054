import { en, type Messages } from "./en";
import { es } from "./es";
import type { Locale } from "./locales";
import { pt } from "./pt";

const catalogues: Record<Locale, Messages> = { en, es, pt };

/**
 * Every language's catalogue, for server code (API validation, e-mails, PDFs, .ics files).
 * Browser code must not import this module: it would download all three languages.
 */
export function messagesFor(locale: Locale = "en"): Messages {
  return catalogues[locale];
}
