/**
 * On a page that does not hydrate whole (decisions 149, 151, 158), the language switcher's links are the browser's:
 * the router's `onClick` that remembers the shopper's choice (`rememberLocale`, src/shared/i18n/language-choice.ts)
 * never runs. This listener, run by the document's inline script, does the same for any link that names the
 * language it remembers (`data-remember-locale`), before the browser follows it.
 *
 * Self-contained, with no import: the document runs this very function by its source text
 * (src/app/lib/page-hydration.tsx), so its cookie is written here as `rememberLocale` writes it.
 */
export function rememberLocaleOnClick(): void {
  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>("a[data-remember-locale]") : null;
    const locale = link?.dataset.rememberLocale;
    if (locale && /^(en|es|pt)$/.test(locale)) document.cookie = "lang=" + locale + "; Path=/; Max-Age=31536000; SameSite=Lax";
  });
}

/** The listener as the inline script runs it. */
export function rememberLocaleScript(): string {
  return `(${rememberLocaleOnClick.toString()})();`;
}
