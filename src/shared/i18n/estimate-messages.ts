import { estimate as en, type EstimateMessages } from "./en/estimate";
import { estimate as es } from "./es/estimate";
import { estimate as pt } from "./pt/estimate";

/**
 * The out-the-door estimate's text in each language, kept out of the public catalogue so a page's
 * first-load JavaScript does not carry it (docs/decisions/016-javascript-budget.md): the estimate's
 * code arrives after the page, and the server reads it for its render and its field messages.
 */
const catalogues: Record<string, EstimateMessages> = { en, es, pt };

export function estimateMessagesFor(locale: string = "en"): EstimateMessages {
  return catalogues[locale] ?? en;
}

export type { EstimateMessages };
