import type { Locale } from "./locales";

/**
 * The suggestion an English page offers a browser that prefers Spanish or Portuguese. It is
 * written in the suggested language, so it lives outside the catalogues (an English page has
 * only the English one) and stays this small.
 */
export const LANGUAGE_SUGGESTIONS: Record<Exclude<Locale, "en">, { question: string; accept: string; dismiss: string }> = {
  es: { question: "¿Prefiere ver este sitio en español?", accept: "Ver en español", dismiss: "No, gracias" },
  pt: { question: "Prefere ver este site em português?", accept: "Ver em português", dismiss: "Não, obrigado" },
};
