import { LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";

// Intl formatters are costly to build: one of each per language, made on first use.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** "$12,995" (en-US, es-US) or "US$ 12.995" (pt-BR): whole US dollars, never cents (spec §9). */
export function formatPrice(dollars: number, locale: Locale = "en"): string {
  const usd = cached(
    `price:${locale}`,
    () =>
      new Intl.NumberFormat(LANGUAGE_TAGS[locale], {
        style: "currency",
        currency: "USD",
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  );
  return usd.format(Math.round(dollars));
}

/** "84,210" (en-US, es-US) or "84.210" (pt-BR), with the language's thousands separators. */
export function formatNumber(n: number, locale: Locale = "en"): string {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(LANGUAGE_TAGS[locale])).format(n);
}

/** A calendar date (yyyy-MM-dd) written out: "April 2, 1990", "2 de abril de 1990", "2 de abril de 1990". */
export function formatLongDate(isoDate: string, locale: Locale = "en"): string {
  const long = cached(
    `date:${locale}`,
    // UTC on both sides keeps the calendar day whatever the viewer's time zone.
    () => new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
  );
  return long.format(new Date(`${isoDate}T00:00:00Z`));
}
