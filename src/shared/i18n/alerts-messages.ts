import { alerts as en, type AlertsMessages } from "./en/alerts";
import { alerts as es } from "./es/alerts";
import { useLocale } from "./messages";
import { alerts as pt } from "./pt/alerts";

export type { AlertsMessages };

/**
 * The saved list's and the alerts' pages' text in each language (docs/behaviour.md §21), kept out of
 * the public catalogue so other pages never download it (decision 016); only the saved and alerts
 * routes and the alerts feature import this.
 */
const catalogues: Record<string, AlertsMessages> = { en, es, pt };

export function alertsMessagesFor(locale: string = "en"): AlertsMessages {
  return catalogues[locale] ?? en;
}

export function useAlertsMessages(): AlertsMessages {
  return alertsMessagesFor(useLocale());
}
