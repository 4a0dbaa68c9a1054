import { Link, useLocation } from "react-router";
import { pageInLocale, rememberLocale } from "~/shared/i18n/language-choice";
import { HREFLANGS, isTranslatedPath, LANGUAGE_NAMES, LOCALES } from "~/shared/i18n/locales";
import { useLocale, useMessages } from "~/shared/i18n/messages";

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
              // On a page that does not hydrate whole, the document's script remembers it (remember-language.ts).
              data-remember-locale={locale}
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
