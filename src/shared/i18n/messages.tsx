import { createContext, useContext, type ReactNode } from "react";
import { en, type Messages } from "./en";

export type Locale = "en";

const catalogues: Record<Locale, Messages> = { en };

const MessagesContext = createContext<Messages>(en);

/** Provides the catalogue of `locale` to every component below it. */
export function MessagesProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <MessagesContext.Provider value={catalogues[locale]}>{children}</MessagesContext.Provider>;
}

/** The current locale's message catalogue. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}

/** The catalogue for code outside React (server-side meta, e-mails, PDFs). */
export function messagesFor(locale: Locale = "en"): Messages {
  return catalogues[locale];
}
