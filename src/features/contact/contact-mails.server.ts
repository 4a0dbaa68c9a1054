import type { ContactSubmission } from "~/server/data/contact-submissions.server";
import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { leadMails } from "~/server/mail/lead-mails.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfStockVehicle, contactRows, leadRecordUrl, dealerTime, vehicleRows } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { asLocale } from "~/shared/i18n/locales";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { vehicleName as localVehicleName } from "~/shared/lib/vehicle-name";
import type { LeadSource } from "~/shared/leads/lead-source";
import type { Vehicle } from "~/shared/types/vehicle";

/**
 * The mails one contact message sends: the staff notification (reply-to the
 * shopper), the ADF lead when ADF_TO is set (naming the visit that brought the shopper), and the
 * shopper's acknowledgement.
 */
export function contactMessageMails(
  env: ServerEnv,
  message: ContactSubmission,
  vehicle: Vehicle | null,
  source: LeadSource | null = null,
  docFee = 0,
): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  const f = staff.fields;
  const customer = `${message.firstName} ${message.lastName}`;
  const vehicleName = vehicle ? staffVehicleName(vehicle) : null;
  const locale = asLocale(message.locale);
  const shopper = mailMessagesFor(locale).shopper;

  return leadMails(env, {
    type: "message",
    id: message.id,
    locale,
    customer: { name: customer, email: message.email },
    staff: {
      subject: staff.newMessageSubject(vehicleName ?? staff.generalInquiry, customer),
      heading: staff.messageHeading,
      blocks: [
        {
          type: "fields",
          rows: [
            ...contactRows(f, { name: customer, phone: message.phone, email: message.email }),
            ...(vehicle ? vehicleRows(env, f, vehicle, docFee) : []),
            [f.tradeIn, message.hasTradeIn ? staff.yes : staff.no],
            [f.received, dealerTime(message.createdAt)],
          ],
        },
        { type: "quote", label: f.message, text: message.message },
        { type: "link", label: staff.openMessage, href: leadRecordUrl(env, "message", message.id) },
        { type: "paragraph", text: staff.replyHint },
      ],
    },
    adf: {
      label: staff.adfContact,
      lead: () => ({
        id: message.id,
        requestDate: new Date(message.createdAt),
        vehicle: vehicle ? adfStockVehicle(env, vehicle, docFee) : null,
        // The form only asks whether there is one: the trade-in is named, its details are for the salesperson to ask.
        tradeIn: message.hasTradeIn ? { comments: staff.tradeInGiven } : null,
        customer: { firstName: message.firstName, lastName: message.lastName, email: message.email, phone: message.phone },
        comments: message.message,
        source,
      }),
    },
    shopper: {
      kind: "contact-ack",
      subject: shopper.contactSubject(businessProfile.name),
      heading: shopper.contactHeading(message.firstName),
      blocks: [
        { type: "paragraph", text: shopper.contactBody(businessProfile.phone) },
        // The shopper's language names the vehicle its own way ("Honda Civic 2021", language review B1).
        ...(vehicle
          ? [{ type: "paragraph" as const, text: shopper.aboutVehicle(localVehicleName({ ...vehicle, trim: null }, locale)) }]
          : []),
        { type: "paragraph", text: `${shopper.replyHint} ${shopper.transactional}` },
      ],
    },
  });
}
