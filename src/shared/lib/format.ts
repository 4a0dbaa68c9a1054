import { LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";

// Intl formatters are costly to build: one of each per language, made on first use.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/**
 * Whole numbers are written by hand, the way each language's Intl.NumberFormat writes them (the unit
 * test compares the two). A page's first `Intl.NumberFormat` makes the browser load ICU's number data:
 * 30 ms of main thread at hydration on the machine we measure, 130 ms on a 4× slower phone, for the
 * prices and mileages on every vehicle card. Writing them by hand also keeps server and browser in
 * agreement whatever ICU version each one has.
 */
const WHOLE_NUMBER_STYLE: Record<Locale, { thousands: string; currency: string }> = {
  en: { thousands: ",", currency: "$" },
  es: { thousands: ",", currency: "$" },
  pt: { thousands: ".", currency: "US$\u00a0" },
};

function groupThousands(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/** A safe, non-zero-signed integer that the hand-written path handles; anything else goes to Intl. */
const isPlainInteger = (n: number) => Number.isSafeInteger(n) && !Object.is(n, -0);

/** A plain integer in the language's style, after the sign and an optional prefix ("-$1,000"). */
function writeWhole(n: number, locale: Locale, prefix = ""): string {
  return (n < 0 ? "-" : "") + prefix + groupThousands(String(Math.abs(n)), WHOLE_NUMBER_STYLE[locale].thousands);
}

/** "$12,995" (en-US, es-US) or "US$ 12.995" (pt-BR): whole US dollars, never cents (docs/behaviour.md §9). */
export function formatPrice(dollars: number, locale: Locale = "en"): string {
  const whole = Math.round(dollars);
  if (isPlainInteger(whole)) return writeWhole(whole, locale, WHOLE_NUMBER_STYLE[locale].currency);
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
  return usd.format(whole);
}

/** "84,210" (en-US, es-US) or "84.210" (pt-BR), with the language's thousands separators. */
export function formatNumber(n: number, locale: Locale = "en"): string {
  if (isPlainInteger(n)) return writeWhole(n, locale);
  return cached(`number:${locale}`, () => new Intl.NumberFormat(LANGUAGE_TAGS[locale])).format(n);
}

/**
 * A calendar date (yyyy-MM-dd) written out: "April 2, 1990", "2 de abril de 1990", "2 de abril de 1990";
 * Brazilian usage writes the first of a month as an ordinal, "1º de dezembro de 2026" (language review Q8).
 */
export function formatLongDate(isoDate: string, locale: Locale = "en"): string {
  const long = cached(
    `date:${locale}`,
    // UTC on both sides keeps the calendar day whatever the viewer's time zone.
    () => new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
  );
  const text = long.format(new Date(`${isoDate}T00:00:00Z`));
  return locale === "pt" ? text.replace(/^1 de /, "1º de ") : text;
}
