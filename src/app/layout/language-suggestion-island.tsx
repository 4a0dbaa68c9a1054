import { useEffect, useState } from "react";
import { pageInLocale, rememberLocale } from "~/shared/i18n/language-choice";
import { LANGUAGE_SUGGESTIONS } from "~/shared/i18n/language-suggestion";
import { HREFLANGS, isTranslatedPath, LOCALE_COOKIE, preferredLocale, type Locale } from "~/shared/i18n/locales";

export type LanguageSuggestionProps = { current: Locale; pathname: string; search: string };

/**
 * On an English page, a browser that prefers Spanish or Portuguese and has not chosen a language
 * yet gets a small, dismissible offer in that language. Never a redirect: search engines and
 * shared links get the page they asked for. Decided in the browser, so every cached English
 * document stays the same for everyone. An island (decision 151): its link loads the other
 * language's page as a document.
 */
export function LanguageSuggestionIsland({ current, pathname, search }: LanguageSuggestionProps) {
  const [suggested, setSuggested] = useState<Exclude<Locale, "en"> | null>(null);
  useEffect(() => {
    if (current !== "en" || document.cookie.split("; ").some((c) => c.startsWith(`${LOCALE_COOKIE}=`))) return;
    const preferred = preferredLocale(navigator.languages);
    if (preferred && preferred !== "en") setSuggested(preferred);
  }, [current]);
  if (!suggested || current !== "en" || !isTranslatedPath(pathname)) return null;
  const text = LANGUAGE_SUGGESTIONS[suggested];
  return (
    <aside
      lang={HREFLANGS[suggested]}
      aria-label={text.question}
      className="border-b border-amber-200 bg-amber-50"
      data-testid="language-suggestion"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-gray-900">
        <p className="font-medium">{text.question}</p>
        <a
          href={pageInLocale(pathname, search, suggested)}
          hrefLang={HREFLANGS[suggested]}
          onClick={() => rememberLocale(suggested)}
          className="button-primary button-md"
        >
          {text.accept}
        </a>
        <button
          type="button"
          className="rounded-md px-3 py-2 font-semibold text-gray-800 hover:bg-amber-100"
          onClick={() => {
            rememberLocale("en");
            setSuggested(null);
          }}
        >
          {text.dismiss}
        </button>
      </div>
    </aside>
  );
}
