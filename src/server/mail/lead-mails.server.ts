import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml, type AdfLead } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail, type MailBlock } from "~/server/mail/mail-layout.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { shopperLanguageLine } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { LANGUAGE_TAGS, type Locale } from "~/shared/i18n/locales";
import { LEAD_KINDS } from "~/shared/leads/lead-kinds";

/** What differs between the leads a form sends (a message, a financing application). */
export type LeadMailsInput = {
  /** The lead's kind: its registry entry names its staff and ADF mails and the record they are filed under. */
  type: "message" | "financing";
  id: string;
  /** The shopper's language: their mail is written in it, the staff mail names it. */
  locale: Locale;
  customer: { name: string; email: string };
  /** The staff notification, in English. */
  staff: { subject: string; heading: string; blocks: MailBlock[] };
  /** The ADF record's source label (subject and provider) and the record itself, built only when ADF_TO is set. */
  adf: { label: string; lead: () => Omit<AdfLead, "provider" | "vendor" | "language"> };
  /** The shopper's acknowledgement, in their language. */
  shopper: { kind: string; subject: string; heading: string; blocks: MailBlock[] };
};

/**
 * The mails one lead sends: the staff notification (reply-to the shopper, naming the shopper's
 * language), the ADF lead when ADF_TO is set, and the shopper's acknowledgement (reply-to the
 * dealership). Contact messages and financing applications have this same shape.
 */
export function leadMails(env: ServerEnv, input: LeadMailsInput): NewMail[] {
  const { mails: kinds } = LEAD_KINDS[input.type];
  const related = { relatedType: kinds.relatedType, relatedId: input.id };
  const mails: NewMail[] = [
    {
      kind: kinds.staff,
      to: staffLeadsAddress(env),
      replyTo: input.customer.email,
      subject: input.staff.subject,
      ...renderMail(input.staff.heading, input.staff.blocks, [businessProfile.name], "en-US", shopperLanguageLine(input.locale)),
      ...related,
    },
  ];

  const adfTo = adfAddress(env);
  if (adfTo) {
    mails.push({
      kind: kinds.adf,
      to: adfTo,
      subject: mailMessagesFor("en").staff.adfSubject(input.adf.label, input.customer.name),
      text: buildAdfXml({
        ...input.adf.lead(),
        language: input.locale,
        vendor: businessProfile,
        provider: adfProvider(env, input.adf.label),
      }),
      ...related,
    });
  }

  mails.push({
    kind: input.shopper.kind,
    to: input.customer.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: input.shopper.subject,
    ...renderMail(input.shopper.heading, input.shopper.blocks, dealershipSignature(), LANGUAGE_TAGS[input.locale]),
    ...related,
  });
  return mails;
}
