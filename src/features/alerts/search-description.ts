import { alertsMessagesFor } from "~/shared/i18n/alerts-messages";
import { messagesFor } from "~/shared/i18n/catalogues";
import type { Locale } from "~/shared/i18n/locales";
import { optionLabel } from "~/shared/i18n/option-label";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { filtersFromSearchParams, filtersToSearchParams, type InventoryFilters } from "~/shared/lib/inventory-filters";

/** A saved search as stored and compared: the inventory's filters, each once, in a fixed order. */
export function canonicalSearch(query: string): string {
  return filtersToSearchParams(filtersFromSearchParams(new URLSearchParams(query))).toString();
}

function range(
  min: string,
  max: string,
  write: (n: number) => string,
  both: (a: string, b: string) => string,
  from: (a: string) => string,
  to: (b: string) => string,
): string | null {
  const lo = Number.parseInt(min, 10);
  const hi = Number.parseInt(max, 10);
  if (!Number.isNaN(lo) && !Number.isNaN(hi)) return both(write(lo), write(hi));
  if (!Number.isNaN(lo)) return from(write(lo));
  if (!Number.isNaN(hi)) return to(write(hi));
  return null;
}

/** "“civic” · Honda · Sedan · 2018 or newer · up to $20,000", in the shopper's language (server only: it reads every catalogue). */
export function describeSearch(query: string, locale: Locale): string {
  const filters: InventoryFilters = filtersFromSearchParams(new URLSearchParams(query));
  const m = alertsMessagesFor(locale).search;
  const options = messagesFor(locale).options;
  const parts = [
    filters.search ? m.text(filters.search) : null,
    filters.make || null,
    filters.bodyStyle ? optionLabel(options.bodyStyle, filters.bodyStyle) : null,
    filters.transmission ? optionLabel(options.transmission, filters.transmission) : null,
    range(filters.minYear, filters.maxYear, String, m.years, m.yearsFrom, m.yearsTo),
    range(filters.minPrice, filters.maxPrice, (n) => formatPrice(n, locale), m.prices, m.pricesFrom, m.pricesTo),
    range(filters.minMileage, filters.maxMileage, (n) => formatNumber(n, locale), m.miles, m.milesFrom, m.milesTo),
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(" · ") : m.all;
}
