import type { ContactSubmission } from "~/server/data/contact-submissions.server";
import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { asLocale, LANGUAGE_TAGS } from "~/shared/i18n/locales";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import {
  adfStockVehicle,
  contactRows,
  dashboardRecordUrl,
  dealerTime,
  shopperLanguageLine,
  vehicleName as nameOf,
  vehicleRows,
} from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import type { Vehicle } from "~/shared/types/vehicle";

/**
 * The mails one contact message sends: the staff notification (reply-to the
 * shopper), the ADF lead when ADF_TO is set, and the shopper's acknowledgement.
 */
export function contactMessageMails(env: ServerEnv, message: ContactSubmission, vehicle: Vehicle | null): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  const f = staff.fields;
  const customer = `${message.firstName} ${message.lastName}`;
  const vehicleName = vehicle ? nameOf(vehicle) : null;
  const related = { relatedType: "contact" as const, relatedId: message.id };
  const locale = asLocale(message.locale);

  const staffBody = renderMail(
    staff.messageHeading,
    [
      {
        type: "fields",
        rows: [
          ...contactRows(f, { name: customer, phone: message.phone, email: message.email }),
          ...(vehicle ? vehicleRows(env, f, vehicle) : []),
          [f.tradeIn, message.hasTradeIn ? staff.yes : staff.no],
          [f.received, dealerTime(message.createdAt)],
        ],
      },
      { type: "paragraph", text: `${f.message}:\n${message.message}` },
      { type: "link", label: staff.openMessage, href: dashboardRecordUrl(env, "messages", message.id) },
      { type: "paragraph", text: staff.replyHint },
    ],
    [businessProfile.name],
    "en-US",
    shopperLanguageLine(locale),
  );
  const mails: NewMail[] = [
    {
      kind: "contact-staff",
      to: staffLeadsAddress(env),
      replyTo: message.email,
      subject: staff.newMessageSubject(vehicleName ?? staff.generalInquiry, customer),
      ...staffBody,
      ...related,
    },
  ];

  const adfTo = adfAddress(env);
  if (adfTo) {
    mails.push({
      kind: "contact-adf",
      to: adfTo,
      subject: staff.adfSubject(staff.adfContact, customer),
      text: buildAdfXml({
        id: message.id,
        requestDate: new Date(message.createdAt),
        vehicle: vehicle ? adfStockVehicle(env, vehicle) : null,
        // The form only asks whether there is one: the trade-in is named, its details are for the salesperson to ask.
        tradeIn: message.hasTradeIn ? { comments: staff.tradeInGiven } : null,
        customer: { firstName: message.firstName, lastName: message.lastName, email: message.email, phone: message.phone },
        language: locale,
        comments: message.message,
        vendor: businessProfile,
        provider: adfProvider(env, staff.adfContact),
      }),
      ...related,
    });
  }

  const shopper = mailMessagesFor(locale).shopper;
  mails.push({
    kind: "contact-ack",
    to: message.email,
    // A reply reaches the dealership, not the sending address (MAIL_FROM is often a no-reply box).
    replyTo: businessProfile.email,
    subject: shopper.contactSubject(businessProfile.name),
    ...renderMail(
      shopper.contactHeading(message.firstName),
      [
        { type: "paragraph", text: shopper.contactBody(businessProfile.phone) },
        ...(vehicleName ? [{ type: "paragraph" as const, text: shopper.aboutVehicle(vehicleName) }] : []),
        { type: "paragraph", text: `${shopper.replyHint} ${shopper.transactional}` },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[locale],
    ),
    ...related,
  });
  return mails;
}
