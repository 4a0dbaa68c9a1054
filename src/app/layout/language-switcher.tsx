import { Link, useLocation } from "react-router";
import {
  HREFLANGS,
  isTranslatedPath,
  LANGUAGE_NAMES,
  LOCALE_COOKIE,
  LOCALES,
  localizedPath,
  pathWithoutLocale,
  type Locale,
} from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";

/** Remembers the shopper's language for a year (read by the suggestion on English pages). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The current page (path and filters) in another language. */
export function pageInLocale(pathname: string, search: string, locale: Locale): string {
  return localizedPath(pathWithoutLocale(pathname), locale) + search;
}

/** Links to this page in the other languages, each named in its own language. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const current = useLocale();
  const m = useMessages().layout;
  const { pathname, search } = useLocation();
  // The staff dashboard has no Spanish or Portuguese twin to switch to.
  if (!isTranslatedPath(pathname)) return null;
  return (
    <nav aria-label={m.languageSwitcher} className={className}>
      <ul className="flex items-center gap-1">
        {LOCALES.filter((locale) => locale !== current).map((locale) => (
          <li key={locale}>
            <Link
              to={pageInLocale(pathname, search, locale)}
              lang={HREFLANGS[locale]}
              hrefLang={HREFLANGS[locale]}
              onClick={() => rememberLocale(locale)}
              className="inline-flex h-11 items-center rounded-md px-2 text-sm font-semibold text-gray-800 underline-offset-2 hover:bg-gray-100 hover:text-red-800 hover:underline"
            >
              {LANGUAGE_NAMES[locale]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
