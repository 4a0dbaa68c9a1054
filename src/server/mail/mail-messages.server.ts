import { mail as en, type MailMessages } from "~/shared/i18n/en/mail";
import { mail as es } from "~/shared/i18n/es/mail";
import { mail as pt } from "~/shared/i18n/pt/mail";
import { asLocale, type Locale } from "~/shared/i18n/locales";

/** Staff mails are English in every catalogue (docs/behaviour.md §10); the shopper's part is translated. */
const catalogues: Record<Locale, MailMessages> = { en, es: { ...es, staff: en.staff }, pt: { ...pt, staff: en.staff } };

/** The mail text in the shopper's language (a lead's stored locale; anything unknown is English). */
export function mailMessagesFor(locale: string = "en"): MailMessages {
  return catalogues[asLocale(locale)];
}
