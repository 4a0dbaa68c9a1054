import { financingPdf as en, type FinancingPdfMessages } from "./en/financing-pdf";
import { financingPdf as es } from "./es/financing-pdf";
import type { Locale } from "./locales";
import { financingPdf as pt } from "./pt/financing-pdf";

export type { FinancingPdfMessages };

/** The financing PDF's text in a language: server code only (the PDF is made on the server). */
const catalogues: Record<Locale, FinancingPdfMessages> = { en, es, pt };

export function financingPdfMessagesFor(locale: Locale = "en"): FinancingPdfMessages {
  return catalogues[locale];
}
