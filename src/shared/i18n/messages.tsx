import { createContext, useCallback, useContext, type ReactNode } from "react";
import type { Messages } from "./en";
import { DEFAULT_LOCALE, localizedPath, type Locale } from "./locales";

export type { Locale } from "./locales";

type CurrentMessages = { locale: Locale; messages: Messages };

// No catalogue is imported here: each language's layout route brings its own, so a page
// downloads only the catalogue of its language (docs/decisions/044-languages-in-urls.md).
const MessagesContext = createContext<CurrentMessages | null>(null);

/** Provides the page's language and its catalogue to every component below it. */
export function MessagesProvider({ locale, messages, children }: CurrentMessages & { children: ReactNode }) {
  return <MessagesContext.Provider value={{ locale, messages }}>{children}</MessagesContext.Provider>;
}

/** The current locale (English outside a provider, e.g. the staff dashboard's own code). */
export function useLocale(): Locale {
  return useContext(MessagesContext)?.locale ?? DEFAULT_LOCALE;
}

/** The current locale's message catalogue. */
export function useMessages(): Messages {
  const current = useContext(MessagesContext);
  if (!current) throw new Error("useMessages() outside a MessagesProvider");
  return current.messages;
}

/** Turns an English site path ("/inventory") into the current language's ("/es/inventory"). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}
