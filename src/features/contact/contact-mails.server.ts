import type { ContactSubmission } from "~/server/data/contact-submissions.server";
import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { asLocale, LANGUAGE_TAGS } from "~/shared/i18n/locales";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { businessProfile } from "~/shared/config/business-profile";
import { formatPrice } from "~/shared/lib/format";
import { vehiclePath } from "~/shared/lib/vehicle-path";
import type { Vehicle } from "~/shared/types/vehicle";

/**
 * The mails one contact message sends (issue 12): the staff notification (reply-to the
 * shopper), the ADF lead when ADF_TO is set, and the shopper's acknowledgement.
 */
export function contactMessageMails(env: ServerEnv, message: ContactSubmission, vehicle: Vehicle | null): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  const customer = `${message.firstName} ${message.lastName}`;
  const vehicleName = vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : null;
  const vehicleUrl = vehicle ? `${env.publicUrl}${vehiclePath(vehicle)}` : null;
  const related = { relatedType: "contact" as const, relatedId: message.id };

  const staffBody = renderMail(
    staff.messageHeading,
    [
      {
        type: "fields",
        rows: [
          [staff.fields.name, customer],
          [staff.fields.email, message.email],
          [staff.fields.phone, message.phone],
          ...(vehicle && vehicleName
            ? ([
                [staff.fields.vehicle, vehicleName],
                [staff.fields.price, formatPrice(vehicle.price)],
                [staff.fields.vin, vehicle.vin],
              ] as const)
            : []),
          [staff.fields.tradeIn, message.hasTradeIn ? staff.yes : staff.no],
          [staff.fields.received, message.createdAt],
        ],
      },
      { type: "paragraph", text: `${staff.fields.message}:\n${message.message}` },
      ...(vehicleUrl ? [{ type: "link" as const, label: staff.viewVehicle, href: vehicleUrl }] : []),
      { type: "paragraph", text: staff.replyHint },
    ],
    [businessProfile.name],
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
        vehicle: vehicle
          ? {
              year: vehicle.year,
              make: vehicle.make,
              model: vehicle.model,
              vin: vehicle.vin,
              price: vehicle.price,
              odometer: vehicle.mileage,
            }
          : null,
        customer: { firstName: message.firstName, lastName: message.lastName, email: message.email, phone: message.phone },
        comments: [message.message, message.hasTradeIn ? `${staff.fields.tradeIn}: ${staff.yes}` : ""].filter(Boolean).join("\n\n"),
        vendor: businessProfile,
        provider: adfProvider(env, staff.adfContact),
      }),
      ...related,
    });
  }

  const shopper = mailMessagesFor(message.locale).shopper;
  mails.push({
    kind: "contact-ack",
    to: message.email,
    subject: shopper.contactSubject(businessProfile.name),
    ...renderMail(
      shopper.contactHeading(message.firstName),
      [
        { type: "paragraph", text: shopper.contactBody(businessProfile.phone) },
        { type: "paragraph", text: shopper.transactional },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[asLocale(message.locale)],
    ),
    ...related,
  });
  return mails;
}
