import { dealDocuments as en, type DealDocumentsMessages } from "./en/deal-documents";
import { dealDocuments as es } from "./es/deal-documents";
import { dealDocuments as pt } from "./pt/deal-documents";

export type { DealDocumentsMessages };

/** The deal sheet's server-written text in a language (mails, PDF, warranty lines): server code only. */
const catalogues: Record<string, DealDocumentsMessages> = { en, es, pt };

export function dealDocumentsMessagesFor(locale: string = "en"): DealDocumentsMessages {
  return catalogues[locale] ?? en;
}
