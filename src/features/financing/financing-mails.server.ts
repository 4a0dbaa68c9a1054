import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { buildAdfXml, type AdfLead } from "~/server/mail/adf.server";
import { dealershipSignature, renderMail } from "~/server/mail/mail-layout.server";
import { asLocale, LANGUAGE_TAGS } from "~/shared/i18n/locales";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfAddress, adfProvider, staffLeadsAddress } from "~/server/mail/recipients.server";
import { businessProfile } from "~/shared/config/business-profile";
import type { Vehicle } from "~/shared/types/vehicle";

/**
 * Only what a financing mail may carry: who applied, how to reach them, the vehicle. The
 * type itself keeps SSN, date of birth, income, signature and license out of every mail.
 */
export type FinancingLead = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  vehicleOfInterest: string | null;
  locale: string;
};

/** "2019 Honda Civic" → its parts, when the shopper's free text has that shape. */
export function parseVehicleName(text: string | null): { year: number; make: string; model: string } | null {
  const match = /^\s*((?:19|20)\d{2})\s+(\S+)\s+(.+?)\s*$/.exec(text ?? "");
  return match ? { year: Number(match[1]), make: match[2]!, model: match[3]! } : null;
}

/**
 * The mails one financing application sends (issue 12): the staff notification with a
 * link to the dashboard, the ADF lead when ADF_TO is set, and the applicant's receipt.
 */
export function financingApplicationMails(env: ServerEnv, lead: FinancingLead, stockVehicle: Vehicle | null): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  const customer = `${lead.firstName} ${lead.lastName}`;
  const vehicleName = stockVehicle ? `${stockVehicle.year} ${stockVehicle.make} ${stockVehicle.model}` : lead.vehicleOfInterest;
  const related = { relatedType: "financing" as const, relatedId: lead.id };

  const mails: NewMail[] = [
    {
      kind: "financing-staff",
      to: staffLeadsAddress(env),
      replyTo: lead.email,
      subject: staff.newFinancingSubject(vehicleName || staff.noVehicle, customer),
      ...renderMail(
        staff.financingHeading,
        [
          {
            type: "fields",
            rows: [
              [staff.fields.name, customer],
              [staff.fields.phone, lead.phone],
              [staff.fields.email, lead.email],
              [staff.fields.vehicle, vehicleName || staff.noVehicle],
              [staff.fields.received, lead.createdAt],
            ],
          },
          { type: "link", label: staff.openDashboard, href: `${env.publicUrl}/podium` },
          { type: "paragraph", text: staff.financingNote },
        ],
        [businessProfile.name],
      ),
      ...related,
    },
  ];

  const adfTo = adfAddress(env);
  if (adfTo) {
    const named = parseVehicleName(lead.vehicleOfInterest);
    const vehicle: AdfLead["vehicle"] = stockVehicle
      ? {
          year: stockVehicle.year,
          make: stockVehicle.make,
          model: stockVehicle.model,
          vin: stockVehicle.vin,
          price: stockVehicle.price,
          odometer: stockVehicle.mileage,
        }
      : named;
    mails.push({
      kind: "financing-adf",
      to: adfTo,
      subject: staff.adfSubject(staff.adfFinancing, customer),
      text: buildAdfXml({
        id: lead.id,
        requestDate: new Date(lead.createdAt),
        vehicle,
        customer: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone },
        comments: [staff.financingHeading, !vehicle && lead.vehicleOfInterest ? lead.vehicleOfInterest : ""].filter(Boolean).join(": "),
        vendor: businessProfile,
        provider: adfProvider(env, staff.adfFinancing),
      }),
      ...related,
    });
  }

  const shopper = mailMessagesFor(lead.locale).shopper;
  mails.push({
    kind: "financing-receipt",
    to: lead.email,
    subject: shopper.financingSubject(businessProfile.name),
    ...renderMail(
      shopper.financingHeading(lead.firstName),
      [
        { type: "paragraph", text: shopper.financingBody(businessProfile.phone) },
        { type: "paragraph", text: shopper.transactional },
      ],
      dealershipSignature(),
      LANGUAGE_TAGS[asLocale(lead.locale)],
    ),
    ...related,
  });
  return mails;
}
