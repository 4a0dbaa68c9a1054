import type { AppContext } from "~/server/context.server";
import { findService } from "~/server/data/services.server";
import { localizeService } from "~/shared/types/service";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { FormTooLargeError, formInput, readFormData, schemaFieldNames } from "~/server/http/form-post.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { localeFromPath } from "~/shared/i18n/locales";
import { addDays, dealerToday } from "~/shared/lib/dealer-clock";
import { isDateBookable } from "./available-slots";
import type { BookingPostResult } from "./booking-client";
import { bookingSchema } from "./booking-schema";
import { createBooking, listBookableServices, refusalFieldErrors, type VinDecode } from "./booking.server";

/** Same cap as POST /api/bookings' JSON body. */
export const BOOKING_FORM_MAX_BYTES = 100 * 1024;
/** How far ahead the form without JavaScript offers days (the calendar offers a year). */
const FALLBACK_DAYS_AHEAD = 28;

/**
 * The booking form posted to /booking (or /es/booking, /pt/booking) without JavaScript: the same
 * schema and service as POST /api/bookings, answered with the confirmation or the messages to
 * show, in the language of the page it was posted to.
 */
export async function bookingFormPost(
  ctx: AppContext,
  request: Request,
  now = new Date(),
  decodeVin?: VinDecode,
): Promise<Exclude<BookingPostResult, { kind: "failed" }>> {
  let formData: FormData;
  try {
    formData = await readFormData(request, { maxBytes: BOOKING_FORM_MAX_BYTES });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  const schema = bookingSchema(messagesFor(locale));
  // Every field of the form comes back as typed when the booking is refused.
  const values = Object.fromEntries(schemaFieldNames(schema).map((name) => [name, String(formData.get(name) ?? "")]));
  const parsed = schema.safeParse(formInput(formData, schema));
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values };
  const result = await createBooking(ctx, parsed.data, now, locale, decodeVin, leadSourceFromCookieHeader(request.headers.get("cookie")));
  if (result.kind === "slot-taken") return { kind: "slot-taken", values };
  if (result.kind === "refused") return { kind: "invalid", fieldErrors: refusalFieldErrors(result, locale), values };
  const service = await findService(ctx.db, result.booking.serviceId);
  const serviceName = service ? localizeService(service, locale).name : "";
  return { kind: "booked", booking: result.booking, serviceName, email: parsed.data.customerEmail };
}

/**
 * The days the form without JavaScript offers: the next open days on which at least one service
 * runs, judged on the dealership's clock (the server re-checks the service's own days).
 */
export async function fallbackBookingDays(ctx: AppContext, now = new Date()): Promise<string[]> {
  const services = await listBookableServices(ctx);
  const today = dealerToday(now);
  const days: string[] = [];
  for (let step = 0; step < FALLBACK_DAYS_AHEAD; step++) {
    const day = addDays(today, step);
    if (services.some((service) => isDateBookable(service, day, now))) days.push(day);
  }
  return days;
}
