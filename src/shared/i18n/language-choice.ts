import { LOCALE_COOKIE, localizedPath, pathWithoutLocale, type Locale } from "./locales";

/** Remembers the shopper's language for a year (read by the suggestion on English pages). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The current page (path and filters) in another language. */
export function pageInLocale(pathname: string, search: string, locale: Locale): string {
  return localizedPath(pathWithoutLocale(pathname), locale) + search;
}
