import { mail as en, type MailMessages } from "~/shared/i18n/en/mail";

const catalogues: Record<string, MailMessages> = { en };

/** The mail text in the shopper's language; English until that language's catalogue exists. */
export function mailMessagesFor(locale: string = "en"): MailMessages {
  return catalogues[locale] ?? en;
}
