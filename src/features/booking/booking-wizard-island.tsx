import type { Messages } from "~/shared/i18n/en";
import type { Locale } from "~/shared/i18n/locales";
import { MessagesProvider } from "~/shared/i18n/messages";
import { BookingWizard, type BookingWizardProps } from "./booking-wizard";

/** Each language's whole catalogue, its own chunk (vite.config.ts): the page loads only its own. */
const CATALOGUES: Record<Locale, () => Promise<Messages>> = {
  en: () => import("~/shared/i18n/en").then((m) => m.en),
  es: () => import("~/shared/i18n/es").then((m) => m.es),
  pt: () => import("~/shared/i18n/pt").then((m) => m.pt),
};

/**
 * The booking wizard as the islands' script hydrates it (src/app/islands.client.tsx, decision 158): its steps,
 * calendar and form are most of the page's text, so rather than take each string as a prop it loads its
 * language's catalogue first and reads it as on a page that hydrates whole.
 */
export async function bookingWizardIsland({ locale }: { locale: Locale }) {
  const messages = await CATALOGUES[locale]();
  return function BookingWizardIsland(props: BookingWizardProps) {
    return (
      <MessagesProvider locale={locale} messages={messages}>
        <BookingWizard {...props} />
      </MessagesProvider>
    );
  };
}
