import { dealSheet as en, type DealSheetMessages } from "./en/deal-sheet";
import { dealSheet as es } from "./es/deal-sheet";
import { useLocale } from "./messages";
import { dealSheet as pt } from "./pt/deal-sheet";

export type { DealSheetMessages };

/**
 * The deal sheet's text in each language, kept out of the public catalogue so other pages never
 * download it (docs/decisions/016-javascript-budget.md, 070); only the deal routes and the deal
 * feature import this.
 */
const catalogues: Record<string, DealSheetMessages> = { en, es, pt };

export function dealSheetMessagesFor(locale: string = "en"): DealSheetMessages {
  return catalogues[locale] ?? en;
}

export function useDealSheetMessages(): DealSheetMessages {
  return dealSheetMessagesFor(useLocale());
}
