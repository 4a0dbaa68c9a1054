import type { NewMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import type { AdfVehicle } from "~/server/mail/adf.server";
import { leadMails } from "~/server/mail/lead-mails.server";
import { mailMessagesFor } from "~/server/mail/mail-messages.server";
import { adfStockVehicle, contactRows, leadRecordUrl, dealerTime, vehicleRows } from "~/server/mail/staff-mail.server";
import { businessProfile } from "~/shared/config/business-profile";
import { asLocale } from "~/shared/i18n/locales";
import { staffVehicleName } from "~/shared/lib/staff-vehicle-name";
import { vehicleName as localVehicleName } from "~/shared/lib/vehicle-name";
import { formatPrice } from "~/shared/lib/format";
import type { LeadSource } from "~/shared/leads/lead-source";
import type { Vehicle } from "~/shared/types/vehicle";

/**
 * Only what a financing mail may carry: who applied, how and where to reach them, the vehicle,
 * the down payment and the trade-in. The type itself keeps SSN, date of birth, income,
 * signature and license out of every mail.
 */
export type FinancingLead = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { street: string; city: string; state: string; zipCode: string };
  /** The shopper's own words for the vehicle (free text, never matched to stock). */
  vehicleOfInterest: string | null;
  /** The id the form carried when its vehicle was no longer for sale: told to staff, not attached. */
  unavailableVehicleId: string | null;
  downPayment: number | null;
  hasTradeIn: boolean;
  tradeInDetails: string | null;
  locale: string;
  /** The visit that brought the shopper, named in the ADF lead. */
  source?: LeadSource | null;
};

/**
 * The mails one financing application sends: the staff notification with a
 * link to the application in the dashboard, the ADF lead when ADF_TO is set, and the applicant's
 * receipt. `stockVehicle`: the listed vehicle whose page opened the form, else null.
 */
export function financingApplicationMails(env: ServerEnv, lead: FinancingLead, stockVehicle: Vehicle | null, docFee = 0): NewMail[] {
  const staff = mailMessagesFor("en").staff;
  const f = staff.fields;
  const customer = `${lead.firstName} ${lead.lastName}`;
  const vehicleName = stockVehicle ? staffVehicleName(stockVehicle) : lead.vehicleOfInterest;
  const locale = asLocale(lead.locale);
  const tradeIn = lead.hasTradeIn ? lead.tradeInDetails || staff.yes : staff.no;
  const downPayment = lead.downPayment === null ? staff.noDownPayment : formatPrice(lead.downPayment);

  const shopper = mailMessagesFor(locale).shopper;
  // The shopper's language names the stock vehicle its own way (language review B1); typed text stays as typed.
  const shopperVehicle = stockVehicle ? localVehicleName({ ...stockVehicle, trim: null }, locale) : lead.vehicleOfInterest;
  return leadMails(env, {
    type: "financing",
    id: lead.id,
    locale,
    customer: { name: customer, email: lead.email },
    staff: {
      subject: staff.newFinancingSubject(vehicleName || staff.noVehicle, customer),
      heading: staff.financingHeading,
      blocks: [
        {
          type: "fields",
          rows: [
            ...contactRows(f, { name: customer, phone: lead.phone, email: lead.email }),
            ...(stockVehicle ? vehicleRows(env, f, stockVehicle, docFee) : [[f.vehicle, vehicleName || staff.noVehicle] as const]),
            // The shopper may have changed the prefilled name: staff see their words too.
            ...(stockVehicle && lead.vehicleOfInterest && lead.vehicleOfInterest !== vehicleName
              ? ([[f.vehicleAsTyped, lead.vehicleOfInterest]] as const)
              : []),
            [f.downPayment, downPayment],
            [f.tradeIn, tradeIn],
            [f.received, dealerTime(lead.createdAt)],
          ],
        },
        ...(lead.unavailableVehicleId ? [{ type: "paragraph" as const, text: staff.vehicleGone(lead.unavailableVehicleId) }] : []),
        { type: "link", label: staff.openApplication, href: leadRecordUrl(env, "financing", lead.id) },
        { type: "paragraph", text: staff.financingNote },
      ],
    },
    adf: {
      label: staff.adfFinancing,
      lead: () => {
        const finance = lead.downPayment === null ? {} : { downPayment: lead.downPayment };
        // Free text stays words in comments: it is never turned into a year, make, model or VIN.
        const vehicle: AdfVehicle = stockVehicle
          ? { ...adfStockVehicle(env, stockVehicle, docFee), ...finance }
          : {
              ...finance,
              comments: [
                staff.financingHeading,
                lead.vehicleOfInterest,
                lead.unavailableVehicleId ? staff.vehicleGone(lead.unavailableVehicleId) : null,
              ]
                .filter(Boolean)
                .join(": "),
            };
        if (lead.downPayment === null) vehicle.comments = [vehicle.comments, staff.noDownPayment].filter(Boolean).join("\n");
        return {
          id: lead.id,
          requestDate: new Date(lead.createdAt),
          vehicle,
          tradeIn: lead.hasTradeIn ? { comments: lead.tradeInDetails || staff.tradeInGiven } : null,
          customer: {
            firstName: lead.firstName,
            lastName: lead.lastName,
            email: lead.email,
            phone: lead.phone,
            address: {
              street: lead.address.street,
              city: lead.address.city,
              region: lead.address.state,
              postalCode: lead.address.zipCode,
              country: "US",
            },
          },
          comments: staff.financingHeading,
          source: lead.source ?? null,
        };
      },
    },
    shopper: {
      kind: "financing-receipt",
      subject: shopper.financingSubject(businessProfile.name),
      heading: shopper.financingHeading(lead.firstName),
      blocks: [
        { type: "paragraph", text: shopper.financingBody(businessProfile.phone) },
        ...(shopperVehicle ? [{ type: "paragraph" as const, text: shopper.financingVehicle(shopperVehicle) }] : []),
        { type: "paragraph", text: `${shopper.replyHint} ${shopper.transactional}` },
      ],
    },
  });
}
