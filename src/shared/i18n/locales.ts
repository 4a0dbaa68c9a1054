/**
 * The public site's languages and how they appear in URLs, HTML and Intl (docs/behaviour.md §10,
 * docs/decisions/044-languages-in-urls.md). English keeps the unprefixed paths; Spanish and Portuguese
 * live under /es/… and /pt/… with the same paths after the prefix.
 */
export const LOCALES = ["en", "es", "pt"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tags for Intl and `<html lang>`: US English, US Spanish, Brazilian Portuguese. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: "en-US", es: "es-US", pt: "pt-BR" };

/** `hreflang` values of the alternates (Google wants a language, optionally a region). */
export const HREFLANGS: Record<Locale, string> = { en: "en", es: "es", pt: "pt-BR" };

/** Open Graph `og:locale` values. */
export const OG_LOCALES: Record<Locale, string> = { en: "en_US", es: "es_US", pt: "pt_BR" };

/** Each language's name in itself: the switcher shows these in every language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Español", pt: "Português" };

/** Cookie that remembers the shopper's chosen language (read by the suggestion banner). */
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A stored or posted language code as a Locale; anything unknown is English. */
export function asLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language of a path: "/es/inventory" → "es", "/inventory" → "en". */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix: "/es/inventory" → "/inventory", "/pt" → "/". */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * An English site path (with any query string) in a language: "/inventory?make=Honda" →
 * "/es/inventory?make=Honda"; the home page is "/es/".
 */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  // "/es", not "/es/": a path has one spelling, without a trailing slash (decision 087).
  if (path === "/" || path === "" || path.startsWith("/?") || path.startsWith("/#")) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Whether a page exists in every language: the staff dashboard (/podium…) is English only. */
export function isTranslatedPath(pathname: string): boolean {
  return !pathname.startsWith("/podium");
}

/**
 * The first of our languages in a browser's preference list (`navigator.languages`, already in
 * order: "pt-BR", "en-US" → "pt"), or null when it lists none of them. Small on purpose: it ships
 * with every page for the suggestion banner.
 */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const language = tag.split("-")[0]!.toLowerCase();
    if (isLocale(language)) return language;
  }
  return null;
}

/**
 * The language a form was filled in, from the `locale` field of a JSON body that public pages
 * send with every post to /api/*; English when absent or unknown (decision 044).
 */
export function localeFromBody(body: unknown): Locale {
  return asLocale(typeof body === "object" && body !== null ? (body as { locale?: unknown }).locale : undefined);
}
