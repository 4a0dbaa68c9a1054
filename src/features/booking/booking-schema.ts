import { z } from "zod";
import type { Messages } from "~/shared/i18n/en";
import {
  emailField,
  isoDateField,
  optionalText,
  optionalVinField,
  optionalWholeNumber,
  phoneField,
  requiredText,
} from "~/shared/validation/fields";

/** Longest free-text name we store; longer input is a mistake or abuse. */
const NAME_MAX = 100;
/** The earliest model year the service desk takes; the latest is next year's models. */
export const VEHICLE_YEAR_MIN = 1900;
const MILEAGE_MAX = 2_000_000;

/**
 * The booking form (docs/behaviour.md §5 Booking form), shared by the form's resolver and
 * POST /api/bookings. The customer fields use the contact form's shared field schemas.
 * Slot rules (weekday, past dates, taken slots) need the service and the clock: the server
 * checks them after this schema (booking.server.ts). Field messages come from the catalogue
 * of the shopper's language (`messages`), so the module itself carries no text.
 */
export const bookingSchema = ({ booking }: Pick<Messages, "booking">) => {
  const m = booking.validation;
  return z.object({
    serviceId: z.string({ error: m.serviceId }).trim().min(1, m.serviceId).max(64, m.serviceId),
    bookingDate: z.string({ error: m.bookingDate }).min(1, m.bookingDate).pipe(isoDateField(m.bookingDate)),
    bookingTime: z
      .string({ error: m.bookingTime })
      .min(1, m.bookingTime)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.bookingTime),
    customerFirstName: requiredText(m.firstName).max(NAME_MAX, m.firstName),
    customerLastName: requiredText(m.lastName).max(NAME_MAX, m.lastName),
    customerEmail: emailField(m.email).pipe(z.string().max(254, m.email)),
    customerPhone: phoneField(m.phone).max(30, m.phone),
    notes: optionalText(1000, { multiline: true }),
    // The customer's own vehicle, which the service desk needs before it arrives: each part optional.
    vehicleYear: optionalWholeNumber(m.vehicleYear, { min: VEHICLE_YEAR_MIN, max: new Date().getFullYear() + 1 }),
    vehicleMake: optionalText(50).optional(),
    vehicleModel: optionalText(50).optional(),
    vehicleMileage: optionalWholeNumber(m.vehicleMileage, { min: 0, max: MILEAGE_MAX }),
    vehicleVin: optionalVinField(m.vehicleVin),
  });
};

/** What the form holds (before trimming/transforms). */
export type BookingFormValues = z.input<ReturnType<typeof bookingSchema>>;
/** What the server stores. */
export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;
