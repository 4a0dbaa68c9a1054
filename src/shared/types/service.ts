import type { Weekday } from "~/shared/config/business-profile";
import type { Locale } from "~/shared/i18n/locales";

/**
 * A bookable service from the menu, as a page or mail in one language shows it: `name` and
 * `description` are in the page's language when staff gave a translation, else in English, and
 * then `nameLang` / `descriptionLang` say so ("en"), for a `lang` attribute on the element
 * (decision 068). Both are absent when the text is in the language asked for.
 */
export type Service = {
  id: string;
  name: string;
  description: string;
  nameLang?: Locale;
  descriptionLang?: Locale;
  /** Minutes. */
  duration: number;
  /** Whole US dollars. */
  price: number;
  availableDays: Weekday[];
  /** "HH:mm" in the dealership's time zone. */
  availableTimes: string[];
};

/** The languages a service's text may be translated into; English is the required original. */
export const SERVICE_TRANSLATION_LOCALES = ["es", "pt"] as const;
export type ServiceTranslationLocale = (typeof SERVICE_TRANSLATION_LOCALES)[number];

/** One translation; either part may be missing (null) and then falls back to English on its own. */
export type ServiceText = { name: string | null; description: string | null };

/** A service as stored: `name` and `description` in English, with the Spanish and Portuguese text staff gave. */
export type ServiceRecord = Omit<Service, "nameLang" | "descriptionLang"> & {
  translations: Record<ServiceTranslationLocale, ServiceText>;
};

/**
 * The service in `locale`: each of name and description in that language when translated,
 * else in English marked with `nameLang` / `descriptionLang` = "en" (decision 068).
 */
export function localizeService(record: ServiceRecord, locale: Locale): Service {
  const { translations, ...service } = record;
  if (locale === "en") return service;
  const text = translations[locale];
  return {
    ...service,
    name: text.name ?? service.name,
    description: text.description ?? service.description,
    ...(text.name ? {} : { nameLang: "en" as const }),
    ...(text.description ? {} : { descriptionLang: "en" as const }),
  };
}
