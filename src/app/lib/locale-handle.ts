import type { ComponentType } from "react";
import type { Messages } from "~/shared/i18n/en";
import { DEFAULT_LOCALE, type Locale } from "~/shared/i18n/locales";

/** What each language's layout route (routes/locale-*.tsx) puts in its `handle`. */
export type LocaleHandle = {
  locale: Locale;
  messages: Messages;
  /**
   * The staff app's layout (English): it renders its own shell instead of the public header and footer,
   * and its own page for an error that the root's boundary shows (a refusal of its middleware lands
   * there, React Router's highest route with a loader; decision 100).
   */
  staff?: { ErrorPage: ComponentType };
};

function isLocaleHandle(handle: unknown): handle is LocaleHandle {
  return typeof handle === "object" && handle !== null && "messages" in handle && "locale" in handle;
}

/** The language and catalogue of the matched pages (from `useMatches()` or a meta function's `matches`). */
export function localeFromMatches(matches: ReadonlyArray<{ handle?: unknown } | undefined>): LocaleHandle | null {
  for (const match of matches) if (isLocaleHandle(match?.handle)) return match.handle;
  return null;
}

/** For meta functions: the page's catalogue and language; English pages always match one. */
export function metaLocale(matches: ReadonlyArray<{ handle?: unknown } | undefined>): LocaleHandle {
  const found = localeFromMatches(matches);
  if (!found) throw new Error(`No language layout matched (expected one for every page, default ${DEFAULT_LOCALE})`);
  return found;
}
