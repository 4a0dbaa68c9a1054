import type { Locale } from "~/shared/i18n/locales";

/**
 * A vehicle's name as each language writes it inside a sentence or a title: "2021 Honda Civic LX"
 * in English, "Honda Civic LX 2021" in Spanish and Portuguese (the year after the model, as the
 * language review asks: year-first reads as English word order there).
 */
export function vehicleName(v: { year: number; make: string; model: string; trim?: string | null }, locale: Locale = "en"): string {
  const name = [v.make, v.model, v.trim].filter(Boolean).join(" ");
  return locale === "en" ? `${v.year} ${name}` : `${name} ${v.year}`;
}
