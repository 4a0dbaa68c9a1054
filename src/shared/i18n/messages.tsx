import { createContext, useContext, type ReactNode } from "react";
import { en, type Messages } from "./en";

export type Locale = "en";

const catalogues: Record<Locale, Messages> = { en };

const LocaleContext = createContext<Locale>("en");

/** Provides `locale` to every component below it. */
export function MessagesProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The current locale. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The current locale's message catalogue. */
export function useMessages(): Messages {
  return catalogues[useLocale()];
}

/** The catalogue for code outside React (server-side meta, e-mails, PDFs). */
export function messagesFor(locale: Locale = "en"): Messages {
  return catalogues[locale];
}
