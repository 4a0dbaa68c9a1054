import { tradeIn as en, type TradeInMessages } from "./en/trade-in";
import { tradeIn as es } from "./es/trade-in";
import { useLocale } from "./messages";
import { tradeIn as pt } from "./pt/trade-in";

export type { TradeInMessages };

/**
 * The trade-in pages' text in each language, kept out of the public catalogue so other pages never
 * download it (docs/decisions/016-javascript-budget.md, 067); only the trade-in routes and the
 * trade-in feature import this.
 */
const catalogues: Record<string, TradeInMessages> = { en, es, pt };

export function tradeInMessagesFor(locale: string = "en"): TradeInMessages {
  return catalogues[locale] ?? en;
}

export function useTradeInMessages(): TradeInMessages {
  return tradeInMessagesFor(useLocale());
}
