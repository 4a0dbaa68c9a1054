import type { Locale } from "~/shared/i18n/locales";
import { formatLongDate } from "~/shared/lib/format";

/**
 * The calendar widget works with Date objects at local midnight in the viewer's zone;
 * the booking rules work with "yyyy-MM-dd" dealership days. These two helpers map one to
 * the other by calendar fields only, so the viewer's time zone never shifts a day.
 */
export function localDateFromIso(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
}

export function isoFromLocalDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/**
 * "November 24, 2026" (docs/behaviour.md §2: 'MMMM d, yyyy'), "24 de noviembre de 2026", "24 de novembro de 2026".
 * Intl keeps date-fns out of the page's first-load JavaScript.
 */
export function formatBookingDate(isoDate: string, locale: Locale = "en"): string {
  return formatLongDate(isoDate, locale);
}
